/** One thing the fake model does, in order. */
export type ScenarioStep =
  /**
   * Streams each token as its own chunk, waiting `delayMs` before each one, and `gapMs` more between
   * one token and the next (not before the first: it leaves with what precedes it, as a model's first
   * token does).
   */
  | { readonly type: 'text'; readonly tokens: readonly string[]; readonly delayMs?: number; readonly gapMs?: number }
  /** Streams reasoning (responses: reasoning summary; chat: `reasoning_content`). */
  | { readonly type: 'reasoning'; readonly tokens: readonly string[]; readonly delayMs?: number; readonly gapMs?: number }
  /** A function call; `args` is sent as JSON (a string is sent verbatim), split in `argChunks` deltas. */
  | {
      readonly type: 'tool-call';
      readonly name: string;
      readonly args: Readonly<Record<string, unknown>> | string;
      readonly callId?: string;
      readonly argChunks?: number;
    }
  /** Sends nothing for `ms` (to trip idle timeouts, or to leave time for an abort). */
  | { readonly type: 'stall'; readonly ms: number }
  /**
   * Answers with this HTTP status and JSON body (the provider's error envelope when unset) instead of a
   * stream, with these response headers (`retry-after`); must be the only step.
   */
  | {
      readonly type: 'http-error';
      readonly status: number;
      readonly body?: unknown;
      readonly headers?: Readonly<Record<string, string>>;
    }
  /**
   * The provider's own error event inside a started stream (Anthropic `error`, a Gemini chunk with
   * `error`), as for the HTTP status `status`; the stream ends after it. Wires without one refuse it.
   * `retryAfterMs` is the wait the event asks for, on wires whose error event can say one (Gemini's
   * RetryInfo).
   */
  | { readonly type: 'provider-error'; readonly status: number; readonly message?: string; readonly retryAfterMs?: number }
  /** Destroys the TCP connection where it stands (mid-stream when earlier steps wrote chunks). */
  | { readonly type: 'disconnect' }
  /** Writes an SSE `data:` line whose payload is not JSON. */
  | { readonly type: 'malformed'; readonly payload?: string };

/** Token counts a scenario reports. */
export interface ScenarioUsage {
  readonly inputTokens: number;
  readonly outputTokens: number;
  readonly reasoningTokens?: number;
}

/** What the fake model answers to one request. */
export interface Scenario {
  readonly steps: readonly ScenarioStep[];
  /** Reported in the final chunk (chat, when `stream_options.include_usage`) or `response.completed`. */
  readonly usage?: ScenarioUsage;
}

/** Picks the scenario for a request when the queue is empty. */
export type ScenarioResolver = (request: RecordedRequest) => Scenario;

/** A request the server received, for assertions on what the adapter sent. */
export interface RecordedRequest {
  readonly method: string;
  /** Path without the query string, e.g. `/v1/responses`. */
  readonly path: string;
  /** The query string without its `?` (Gemini's `alt=sse`), empty when none. */
  readonly query: string;
  readonly headers: Readonly<Record<string, string | string[] | undefined>>;
  /** The parsed JSON body (`undefined` when it was not JSON). */
  readonly body: unknown;
  /** `performance.now()` when it arrived, for the wait between a refusal and its retry. */
  readonly receivedAtMs: number;
  /** Set when the client went away before the server finished answering (abort, timeout). */
  closedByClient: boolean;
}

/** The two OpenAI endpoints the server answers. */
export type Endpoint = 'chat' | 'responses';

/** A function call the model made, as the non-streaming answer lists it. */
export interface CollectedCall {
  readonly callId: string;
  readonly name: string;
  readonly args: string;
}

/** What a non-streaming scenario adds up to. */
export interface CollectedAnswer {
  readonly text: string;
  readonly reasoning: string;
  readonly calls: readonly CollectedCall[];
  readonly usage: ScenarioUsage;
}
