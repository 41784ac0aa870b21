import type { JSONSchema7 } from 'ai';

/**
 * The port through which tools reach the agent loop. Data source search, client-side MCP servers and
 * any other tool source implement `ToolRegistry`; the agent runner composes them.
 */

/** A JSON Schema (draft 7) for an object: a tool's input, as MCP's `inputSchema`. */
export type JsonSchemaObject = JSONSchema7 & { readonly type: 'object' };

/** A tool as the model sees it. */
export interface ToolDefinition {
  /** Unique within one run; what the model calls (provider limits: `^[a-zA-Z0-9_-]{1,64}$`). */
  readonly name: string;
  readonly description: string;
  readonly inputSchema: JsonSchemaObject;
  /** The MCP server (or internal server) behind the tool, for the recorded action. */
  readonly serverId?: string;
  readonly serverName?: string;
  /** The tool comes from an MCP server rather than the service itself (its calls may need approval). */
  readonly external?: boolean;
  /** MCP's `readOnlyHint`: the tool only reads (a lower default stake). */
  readonly readOnly?: boolean;
  /** The call is a question for the user: it waits for their answer, which is its result. */
  readonly asksUser?: boolean;
  /**
   * Offered to the model only once a call of this run answers `unlocks` with this key: the tools
   * of a skill the agent may enable are known from the start but hidden until it enables it.
   */
  readonly unlockedBy?: string;
}

/** Who a tool runs for: enough to scope every lookup and to route client-side tool requests. */
export interface ToolContext {
  readonly workspaceId: string;
  readonly conversationId: string;
  readonly agentMessageId: string;
  readonly userId: string | null;
  readonly agentConfigurationId: string;
  /** The version of the agent the message mentioned (absent: its current version). */
  readonly agentConfigurationVersion?: number;
  /** The agent's toolset as the message's snapshot of the agent holds it: read once per run, never again by a registry. */
  readonly toolset: readonly string[];
  /** Client-side MCP servers the user message lent to this run (`context.clientSideMCPServerIds`). */
  readonly clientSideMCPServerIds?: readonly string[];
}

/** One call the model made. */
export interface ToolCallRequest {
  readonly callId: string;
  readonly name: string;
  readonly input: unknown;
  /** The loop step (0-based) in which the model made the call. */
  readonly step: number;
}

/** MCP-like content blocks, as recorded on the agent action's `output`. */
export type ToolOutputBlock =
  | { readonly type: 'text'; readonly text: string }
  | { readonly type: 'image'; readonly data: string; readonly mimeType: string }
  | { readonly type: 'resource'; readonly resource: Readonly<Record<string, unknown>> }
  | { readonly type: 'resource_link'; readonly uri: string; readonly name: string; readonly mimeType?: string };

/**
 * What a tool produced. A failure the model should see and may recover from is `ok: false` with an
 * error; throwing is reserved for a broken registry and fails the run.
 */
export interface ToolCallResult {
  readonly ok: boolean;
  readonly output: readonly ToolOutputBlock[];
  readonly error?: { readonly code: string; readonly message: string };
  /** Keys whose `unlockedBy` tools the model is offered from the next step of this run on. */
  readonly unlocks?: readonly string[];
}

/** A source of tools. */
export interface ToolRegistry {
  /** The tools offered to the model for this run. */
  listTools(ctx: ToolContext): Promise<ToolDefinition[]>;
  /** Runs one call; must honour `signal` (the run was cancelled or timed out). */
  callTool(call: ToolCallRequest, ctx: ToolContext, signal: AbortSignal): Promise<ToolCallResult>;
}

/** Thrown by a registry to fail the run with its own error code (instead of `tool_error`). */
export class RunFailingToolError extends Error {
  constructor(
    readonly code: 'tool_approval_expired',
    message: string,
  ) {
    super(message);
    this.name = 'RunFailingToolError';
  }
}
