import type { AgentAction, JsonObject } from '@app/contracts/http/conversation.types';

/** Where a tool call of an answer stands, as a person reads it. */
export type AgentStepStatus = 'running' | 'done' | 'failed' | 'denied';

/**
 * One tool call of an answer, the same whether it comes from the stream (`tool_params`, then
 * `agent_action_success`) or from the stored message's `actions`: what was called, with which
 * inputs, and what it answered.
 */
export interface AgentStep {
  readonly id: string;
  /** The tool's name as the model called it. */
  readonly name: string;
  /** The server the tool belongs to, when it is not the service's own. */
  readonly serverName: string | null;
  readonly status: AgentStepStatus;
  readonly params: JsonObject;
  /** The tool's output blocks (MCP content); null while it runs. */
  readonly output: readonly JsonObject[] | null;
}

/** The tool agents search their data sources with (the api's `search_data_sources`). */
export const SEARCH_TOOL_NAME = 'search_data_sources';

/** The step of a recorded or streamed action. */
export function stepOf(action: AgentAction): AgentStep {
  return {
    id: action.sId,
    name: action.functionCallName,
    serverName: action.internalMCPServerName ?? null,
    status: statusOf(action.status),
    params: action.params ?? {},
    output: action.output ?? null,
  };
}

function statusOf(status: string): AgentStepStatus {
  switch (status) {
    case 'succeeded':
      return 'done';
    case 'denied':
      return 'denied';
    case 'errored':
      return 'failed';
    default:
      return 'running';
  }
}

/** A document a search step found, as its output block names it. */
export interface FoundDocument {
  readonly title: string;
  /** The document's address, only when it is an http(s) one a link may open. */
  readonly url: string | null;
  /** The marker an answer cites it by (`abc` of `:cite[abc]`), when it has one. */
  readonly ref: string | null;
}

/** What a step's output holds: its text blocks, and the documents of its resource blocks. */
export interface StepOutput {
  readonly texts: readonly string[];
  readonly documents: readonly FoundDocument[];
}

/** The text and the documents of a step's output blocks; blocks of other kinds (images, audio) are left out. */
export function outputOf(blocks: readonly JsonObject[] | null): StepOutput {
  const texts: string[] = [];
  const documents: FoundDocument[] = [];
  for (const block of blocks ?? []) {
    if (block.type === 'text' && typeof block.text === 'string') texts.push(block.text);
    const resource = block.type === 'resource' ? block.resource : undefined;
    if (isObject(resource)) {
      const title = stringOr(resource.title, null) ?? stringOr(resource.uri, null) ?? 'Untitled document';
      documents.push({ title, url: webAddress(resource.sourceUrl) ?? webAddress(resource.uri), ref: stringOr(resource.ref, null) });
    }
  }
  return { texts, documents };
}

/** The value when it is an http(s) address, else null: any other scheme stays inert on the page. */
export function webAddress(value: unknown): string | null {
  return typeof value === 'string' && /^https?:\/\//i.test(value) ? value : null;
}

function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function stringOr<T>(value: unknown, fallback: T): string | T {
  return typeof value === 'string' && value !== '' ? value : fallback;
}
