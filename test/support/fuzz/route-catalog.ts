import { assistant } from '../agent-assistant-body';

// Every route of the api that takes input, with a valid body or the query parameters it knows, so
// that the fuzz suite can start from what passes and break one part of it at a time.

/** Ids the routes are filled with. */
export interface FuzzIds {
  readonly workspaceId: string;
  readonly conversationId: string;
  /** A conversation the fuzz may delete. */
  readonly spareConversationId: string;
  readonly userMessageId: string;
  readonly agentMessageId: string;
  readonly fragmentMessageId: string;
  readonly agentId: string;
}

/** One route: a path with `{name}` placeholders for ids, and what it reads. */
export interface FuzzRoute {
  readonly method: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  readonly path: string;
  /** A body that passes validation, for routes that read one. */
  readonly body?: Readonly<Record<string, unknown>>;
  /** Query parameters the route reads. */
  readonly query?: readonly string[];
  /** A server-sent event stream: the test reads the status, then hangs up. */
  readonly stream?: boolean;
}

const context = { username: 'ada', timezone: 'UTC', origin: 'api' };
const message = { content: 'hello @dust', mentions: [{ configurationId: 'dust' }], context };

const FAMILIES = ['/api/v1/w/{workspaceId}', '/api/w/{workspaceId}'] as const;
const CONVERSATIONS = '/assistant/conversations';
const AGENTS = '/assistant/agent_configurations';
const MESSAGE = `${CONVERSATIONS}/{conversationId}/messages`;

/** The routes of both families. */
export function fuzzRoutes(): FuzzRoute[] {
  const both = FAMILIES.flatMap((family): FuzzRoute[] => [
    { method: 'GET', path: `${family}/spaces` },
    { method: 'POST', path: `${family}${CONVERSATIONS}`, body: { title: 't', message, contentFragments: [{ title: 'n', content: 'c', contentType: 'text/plain' }], metadata: { a: 1 } } },
    { method: 'GET', path: `${family}${CONVERSATIONS}`, query: ['limit', 'offset'] },
    { method: 'GET', path: `${family}${CONVERSATIONS}/{conversationId}` },
    { method: 'POST', path: `${family}${MESSAGE}`, body: message },
    { method: 'POST', path: `${family}${MESSAGE}/{userMessageId}/edit`, body: { content: 'edited', mentions: [] } },
    { method: 'POST', path: `${family}${MESSAGE}/{agentMessageId}/retry`, body: {} },
    { method: 'POST', path: `${family}${CONVERSATIONS}/{conversationId}/cancel`, body: { messageIds: ['{agentMessageId}'] } },
    { method: 'POST', path: `${family}${MESSAGE}/{agentMessageId}/feedbacks`, body: { thumbDirection: 'up', feedbackContent: 'ok' } },
    { method: 'DELETE', path: `${family}${MESSAGE}/{agentMessageId}/feedbacks` },
    { method: 'GET', path: `${family}${CONVERSATIONS}/{conversationId}/feedbacks` },
    { method: 'GET', path: `${family}${CONVERSATIONS}/{conversationId}/events`, query: ['lastEventId'], stream: true },
    { method: 'GET', path: `${family}${MESSAGE}/{agentMessageId}/events`, query: ['lastEventId'], stream: true },
    { method: 'GET', path: `${family}${AGENTS}`, query: ['view', 'withAuthors', 'withUsage', 'withFeedbacks', 'withEditors'] },
    { method: 'GET', path: `${family}${AGENTS}/search`, query: ['q'] },
    { method: 'GET', path: `${family}${AGENTS}/{agentId}`, query: ['variant', 'includeArchived'] },
    { method: 'PATCH', path: `${family}${AGENTS}/{agentId}`, body: { userFavorite: true } },
    { method: 'DELETE', path: `${family}${AGENTS}/{agentId}` },
  ]);
  return [
    ...both,
    { method: 'GET', path: '/api/w/{workspaceId}' },
    { method: 'POST', path: '/api/w/{workspaceId}', body: { metadata: { plan: 'pro' } } },
    { method: 'PATCH', path: `/api/v1/w/{workspaceId}${CONVERSATIONS}/{conversationId}`, body: { read: true } },
    { method: 'PATCH', path: `/api/w/{workspaceId}${CONVERSATIONS}/{conversationId}`, body: { title: 'renamed' } },
    { method: 'DELETE', path: `/api/w/{workspaceId}${CONVERSATIONS}/{spareConversationId}` },
    { method: 'POST', path: `/api/w/{workspaceId}${MESSAGE}/{userMessageId}/reactions`, body: { reaction: '👍' } },
    { method: 'DELETE', path: `/api/w/{workspaceId}${MESSAGE}/{userMessageId}/reactions`, body: { reaction: '👍' } },
    { method: 'GET', path: `/api/w/{workspaceId}${MESSAGE}/{fragmentMessageId}/raw_content_fragment` },
    { method: 'POST', path: `/api/w/{workspaceId}${AGENTS}`, body: { assistant: assistant({ name: 'fuzzed' }) } },
    { method: 'PATCH', path: `/api/w/{workspaceId}${AGENTS}/{agentId}`, body: { assistant: assistant({ name: 'fuzz-target' }) } },
    { method: 'POST', path: `/api/w/{workspaceId}${AGENTS}/{agentId}/restore` },
    { method: 'GET', path: `/api/w/{workspaceId}${AGENTS}/{agentId}/history`, query: ['limit'] },
    { method: 'POST', path: `/api/v1/w/{workspaceId}/assistant/generic_agents`, body: { name: 'fuzz-generic', description: 'd', instructions: 'i' } },
    { method: 'POST', path: `/api/v1/w/{workspaceId}${CONVERSATIONS}/{conversationId}/content_fragments`, body: { title: 'n', content: 'c', contentType: 'text/plain', context: { username: 'ada' } } },
    { method: 'POST', path: `/api/w/{workspaceId}${CONVERSATIONS}/{conversationId}/content_fragment`, body: { title: 'n', fileId: 'fil_unknown00000' } },
    { method: 'POST', path: '/api/v1/w/{workspaceId}/files', body: { contentType: 'text/plain', fileName: 'a.txt', fileSize: 3, useCase: 'conversation', useCaseMetadata: { conversationId: '{conversationId}' } } },
    { method: 'GET', path: '/api/w/{workspaceId}/files/fil_unknown00000', query: ['action', 'version'] },
    { method: 'GET', path: '/api/w/{workspaceId}/files/fil_unknown00000/signed', query: ['version', 'expires', 'signature'] },
  ];
}

/** A path or value with its `{name}` placeholders filled from `ids` (or from `segments`, first). */
export function fill(template: string, ids: FuzzIds, segments: ReadonlyMap<string, string> = new Map()): string {
  const known = new Map<string, string>(Object.entries(ids));
  return template.replace(/\{(\w+)\}/g, (match, name: string) => segments.get(name) ?? known.get(name) ?? match);
}

/** The `{name}` placeholders of a path. */
export function placeholdersOf(template: string): string[] {
  return [...template.matchAll(/\{(\w+)\}/g)].map((match) => match[1]);
}
