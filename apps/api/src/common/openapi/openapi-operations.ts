import type { OpenAPIObject, ParameterObject, ReferenceObject, ResponseObject, ResponsesObject, SecurityRequirementObject } from '@nestjs/swagger';
import { SESSION_PATHS } from '../http/session-access';

/** Name of the bearer security scheme in `components.securitySchemes`. */
export const BEARER_SCHEME = 'apiKey';

/** Name of the session cookie's security scheme in `components.securitySchemes`. */
export const SESSION_SCHEME = 'session';

/** Feature tags, in the order the docs page lists them. */
export const TAGS = [
  { name: 'health', description: 'Liveness and readiness; no API key.' },
  { name: 'workspaces', description: 'The workspace itself (whether it exists, its feature flags), the models it allows and its spaces.' },
  { name: 'conversations', description: 'Conversations, messages, reactions, feedback and their event streams.' },
  { name: 'agents', description: 'Agent configurations (global and custom), generic agents, and the triggers that run agents on a schedule or a webhook.' },
  { name: 'data_sources', description: 'Data sources (folders) in spaces, their views and their documents.' },
  { name: 'mcp', description: 'Client-side MCP servers: registration, the requests stream and results.' },
  { name: 'skills', description: 'Skills: versioned instructions, tools, knowledge and files that agents carry and conversations enable; SKILL.md imports.' },
  { name: 'files', description: 'File uploads, their processed text, signed downloads and deletion.' },
  { name: 'members', description: 'Members of a workspace and their roles, invitations, and the verified domains whose addresses join on single sign-on.' },
  { name: 'people', description: 'Accounts: signing in and out, sessions, personal access tokens, accepting an invitation, and the caller (`/api/v1/me`).' },
  { name: 'subscriptions', description: 'Event subscriptions: signed webhooks (Standard Webhooks) and an SSE stream of the public event kinds, with deliveries and replay.' },
  { name: 'audit', description: 'The audit trail: who did what, from the log, and its hash-chained JSON Lines export.' },
  { name: 'consumption', description: 'The cost ledger: roll-ups of token use and cost, and monthly budgets.' },
] as const;

const ERROR_ENVELOPE_REF = '#/components/schemas/ErrorEnvelope';
const RETRY_AFTER_HEADER = { description: 'Seconds to wait before retrying.', schema: { type: 'integer', minimum: 1 } } as const;

/**
 * Error responses by status, shared as `components.responses`. The filter answers every status with
 * the same envelope; which of them a given route really returns is not known without per-route
 * decorators, so every authenticated operation lists the whole set (see errorResponsesFor).
 */
const ERROR_RESPONSES = {
  400: { name: 'BadRequest', description: 'Invalid request: malformed JSON, a body or query that fails validation (`invalid_request_error`, …).' },
  401: { name: 'Unauthorized', description: 'Missing, malformed or unknown API key, or a key of another workspace.' },
  403: { name: 'Forbidden', description: "The key's role does not allow this action (`workspace_auth_error`, …)." },
  404: { name: 'NotFound', description: 'Unknown workspace, or unknown resource in it (`workspace_not_found`, `conversation_not_found`, …).' },
  413: { name: 'PayloadTooLarge', description: 'The JSON body is larger than the configured limit (`content_too_large`).' },
  429: {
    name: 'TooManyRequests',
    description: 'Over a request budget of the key, the workspace or the client address (`rate_limit_error`); retry after `Retry-After` seconds.',
  },
  500: { name: 'InternalServerError', description: 'Unexpected failure; details are logged, never returned (`internal_server_error`).' },
  503: { name: 'ServiceUnavailable', description: 'Read models catching up, or too many concurrent writes to one resource; retry (`service_unavailable`).' },
} as const;

type ErrorStatus = keyof typeof ERROR_RESPONSES;

const AUTHENTICATED_ERRORS: readonly ErrorStatus[] = [400, 401, 403, 404, 429, 500, 503];
const BODY_METHODS = new Set(['post', 'put', 'patch']);

const PATH_PARAMETER_DESCRIPTIONS: Record<string, string> = {
  wId: 'Workspace sId.',
  cId: 'Conversation sId.',
  mId: 'Message sId.',
  sId: 'Agent configuration sId.',
  spaceId: 'Space sId (`vlt_…`).',
  dsId: 'Data source sId (`dts_…`) or name.',
  dsvId: 'Data source view sId (`dsv_…`).',
  documentId: 'Document id, chosen by the client (URL-encoded).',
  folderId: 'Folder id, chosen by the client (URL-encoded).',
  fileId: 'File sId (`fil_…`).',
};

/** A data source route on its legacy path, which names no space. */
const LEGACY_DATA_SOURCE_PATH = /^\/api(?:\/v1)?\/w\/\{wId\}\/data_sources\/\{dsId\}/;
/** Routes under a space that belong to the data sources feature. */
const DATA_SOURCE_SEGMENT = /^\/api(?:\/v1)?\/w\/\{wId\}\/spaces\/\{spaceId\}\/data_source/;

/** What the operation post-processing needs to know about the handler behind an operation. */
export interface HandlerInfo {
  readonly controller: string;
  readonly handler: string;
  /** The handler is exempt from the API key guard. */
  readonly isPublic: boolean;
  /** The handler also serves a caller presenting no credentials (`@PersonRouteOrAnonymous()`). */
  readonly allowsAnonymous: boolean;
}

/** `components.responses` entries, one per error status, all with the error envelope body. */
export function errorResponseComponents(): Record<string, ResponseObject> {
  return Object.fromEntries(
    Object.entries(ERROR_RESPONSES).map(([status, { name, description }]) => [
      name,
      {
        description,
        ...(status === '429' ? { headers: { 'Retry-After': RETRY_AFTER_HEADER } } : {}),
        content: { 'application/json': { schema: { $ref: ERROR_ENVELOPE_REF } } },
      },
    ]),
  );
}

/**
 * Fills in what the controllers do not declare: a readable unique operationId, the feature tag,
 * the security requirement, every path parameter (as a string) and the error responses.
 * `handlerAt` names the controller handler serving a method and path template.
 */
export function describeOperations(document: OpenAPIObject, handlerAt: (method: string, path: string) => HandlerInfo | null): void {
  const usedIds = new Set<string>();
  for (const [path, item] of Object.entries(document.paths)) {
    for (const method of ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const) {
      const operation = item[method];
      if (!operation) continue;
      const handler = handlerAt(method, path);
      // The interim id is `Controller.handler`, plus `[index]` for a route given several paths.
      const interim = handler && operation.operationId?.replace(/\[\d+\]$/, '') === `${handler.controller}.${handler.handler}`;
      const declared = !interim && operation.operationId ? operation.operationId : null;
      operation.operationId = uniqueId(declared ?? operationIdOf(handler, method, path), usedIds);
      if (!operation.tags?.length) operation.tags = [tagOf(path)];
      operation.security = securityOf(handler, path);
      operation.parameters = withPathParameters(path, operation.parameters ?? []);
      operation.responses = withErrorResponses(operation.responses, errorResponsesFor(method, path));
    }
  }
}

/** Which path family a path belongs to: `/api/v1/w/{wId}` (public) or `/api/w/{wId}` (private). */
function familyOf(path: string): 'public' | 'private' | null {
  if (path.startsWith('/api/v1/w/')) return 'public';
  if (path.startsWith('/api/w/')) return 'private';
  return null;
}

/**
 * Who may call an operation: nobody needs to prove anything on a public route; elsewhere a bearer
 * key or token, or on the paths where it counts the session cookie (either one, not both), and a
 * route that also serves someone not signed in lists the empty requirement first.
 */
function securityOf(handler: HandlerInfo | null, path: string): SecurityRequirementObject[] {
  if (handler?.isPublic) return [];
  const schemes: SecurityRequirementObject[] = [{ [BEARER_SCHEME]: [] }];
  if (SESSION_PATHS.test(path)) schemes.push({ [SESSION_SCHEME]: [] });
  return handler?.allowsAnonymous ? [{}, ...schemes] : schemes;
}

/** Routes of a person rather than a workspace. */
const PERSON_PATH = /^\/api\/(auth|user)\/|^\/api\/v1\/me$/;

/** The feature a path belongs to, from its first segment below the workspace (and `assistant`). */
function tagOf(path: string): string {
  if (isHealthPath(path)) return 'health';
  if (PERSON_PATH.test(path)) return 'people';
  if (DATA_SOURCE_SEGMENT.test(path)) return 'data_sources';
  const workspace = /^\/api(?:\/v1)?\/w\/\{wId\}/.exec(path);
  if (!workspace) return path.split('/')[1] || 'root';
  const segment = path.slice(workspace[0].length).replace(/^\/assistant(?=\/|$)/, '').split('/')[1] ?? '';
  const aliases: Record<string, string> = {
    '': 'workspaces',
    spaces: 'workspaces',
    models: 'workspaces',
    feature_flags: 'workspaces',
    exists: 'workspaces',
    mentions: 'conversations',
    agent_configurations: 'agents',
    triggers: 'agents',
    generic_agents: 'agents',
    invitations: 'members',
    verified_domains: 'members',
    data_source_views: 'data_sources',
    search: 'data_sources',
    keys: 'workspaces',
    status: 'health',
    actions: 'conversations',
  };
  return aliases[segment] ?? segment;
}

function isHealthPath(path: string): boolean {
  return path === '/healthz' || path === '/readyz';
}

function operationIdOf(handler: HandlerInfo | null, method: string, path: string): string {
  const family = familyOf(path);
  if (!handler) return `${method}${path.replace(/[^A-Za-z0-9]+/g, '_')}`.replace(/_+$/, '');
  // Both families map to one handler, so the family keeps the two operations apart.
  const controller = handler.controller.replace(/Controller$/, '');
  // Canonical and legacy paths of a data source route map to one handler too: the legacy ones say so.
  const legacy = LEGACY_DATA_SOURCE_PATH.test(path) ? 'Legacy' : '';
  const base = `${controller.charAt(0).toLowerCase()}${controller.slice(1)}_${handler.handler}${legacy}`;
  return family ? `${base}_${family}` : base;
}

function uniqueId(id: string, used: Set<string>): string {
  let candidate = id;
  for (let n = 2; used.has(candidate); n++) candidate = `${id}_${n}`;
  used.add(candidate);
  return candidate;
}

function withPathParameters(path: string, parameters: (ParameterObject | ReferenceObject)[]): (ParameterObject | ReferenceObject)[] {
  const names = [...path.matchAll(/\{([^}]+)\}/g)].map((match) => match[1]);
  const declared = new Map(parameters.flatMap((p) => ('in' in p && p.in === 'path' ? [[p.name, p] as const] : [])));
  const pathParameters: ParameterObject[] = names.map((name) => {
    const existing = declared.get(name);
    const description = existing?.description ?? PATH_PARAMETER_DESCRIPTIONS[name];
    // Ids on the wire are strings (sIds), whatever type a handler's parameter may have.
    return { ...existing, name, in: 'path', required: true, schema: { type: 'string' }, ...(description ? { description } : {}) };
  });
  const others = parameters.filter((p) => !('in' in p && p.in === 'path'));
  return [...pathParameters, ...others];
}

function errorResponsesFor(method: string, path: string): ErrorStatus[] {
  // Health routes skip the guard and the stores' write path: only an unexpected failure remains.
  if (isHealthPath(path)) return [500];
  const statuses = [...AUTHENTICATED_ERRORS];
  if (BODY_METHODS.has(method)) statuses.push(413);
  return statuses.sort((a, b) => a - b);
}

function withErrorResponses(responses: ResponsesObject, statuses: ErrorStatus[]): ResponsesObject {
  const result: ResponsesObject = { ...responses };
  for (const [status, response] of Object.entries(result)) {
    // @nestjs/swagger leaves the success description empty when no @ApiResponse says more.
    if (response && 'description' in response && !response.description) result[status] = { ...response, description: 'Success.' };
  }
  // A response a controller declares itself wins over the generic one.
  for (const status of statuses) result[status] ??= { $ref: `#/components/responses/${ERROR_RESPONSES[status].name}` };
  return result;
}
