import { toMcpServerStreamName, type JsonRpcMessage } from '@app/contracts/events/mcp-server.events';
import { upcast } from '@app/contracts/events/upcast';
import { EVENT_STORE, type EventStore } from '@app/storage';
import { Inject } from '@nestjs/common';
import { RunHandedOverError } from '../../agent-runner';
import { Injectable } from '@nestjs/common';
import { McpServerAggregateWriter } from '../../event-sourcing/writing/aggregate-writers';
import { keyOf, type McpServerRef } from '../mcp-servers';
import { McpResponses, recordedSettlement, type McpExpectation } from './mcp-responses';

/** The conversation and agent message a request is made for (recorded with it, part of its id). */
export interface McpOrigin {
  readonly conversationId: string;
  readonly messageId: string;
}

/** A server gave no response in time; the request is settled as abandoned and never replayed. */
export class McpTimeoutError extends Error {
  constructor(
    readonly method: string,
    readonly timeoutMs: number,
  ) {
    super(`The client-side MCP server did not answer ${method} within ${Math.round(timeoutMs / 1000)} s.`);
    this.name = 'McpTimeoutError';
  }
}

/** The run stopped waiting (cancelled, timed out as a whole). */
export class McpAbortedError extends Error {
  constructor() {
    super('The request to the client-side MCP server was cancelled.');
    this.name = 'McpAbortedError';
  }
}

/** The run that meant to send a request stopped before it did: the server never saw it. */
export class McpRequestNotSentError extends Error {
  constructor() {
    super('The service restarted before the request reached the client-side MCP server: the tool did not run.');
    this.name = 'McpRequestNotSentError';
  }
}

/**
 * Sends JSON-RPC messages to a client-side server by appending them to its stream (which the
 * server reads through the requests SSE endpoint), and waits for the response event.
 */
@Injectable()
export class McpChannel {
  constructor(
    private readonly mcpServers: McpServerAggregateWriter,
    private readonly responses: McpResponses,
    @Inject(EVENT_STORE) private readonly eventStore: EventStore,
  ) {}

  /** Sends a notification; throws a DomainError when the server is not live. */
  async notify(target: McpServerRef, origin: McpOrigin, message: JsonRpcMessage): Promise<void> {
    await this.send(target, origin, null, message);
  }

  /**
   * Sends a request with the string id `requestId` and resolves with the server's response.
   * `beforeSend` runs before the request is recorded (the run records that it waits): once the
   * server can see the request, whoever takes the run over knows to wait for its response, so a
   * response the server posts is never left unread. When `beforeSend` throws, nothing is sent.
   */
  async request(
    target: McpServerRef,
    origin: McpOrigin,
    requestId: string,
    message: JsonRpcMessage,
    options: { readonly timeoutMs: number; readonly signal: AbortSignal; readonly beforeSend?: () => Promise<void> },
  ): Promise<JsonRpcMessage> {
    if (options.signal.aborted) throw new McpAbortedError();
    const key = keyOf(target);
    const state = await this.mcpServers.read(key);
    const expectation = this.responses.expect(toMcpServerStreamName(key), state.eventCount - 1, requestId);
    try {
      await options.beforeSend?.();
      await this.send(target, origin, requestId, message);
      return await this.settle(target, requestId, String(message.method), expectation, options);
    } finally {
      expectation.cancel();
    }
  }

  /**
   * Waits for the response to a request a run that has stopped since (the api restarted) meant to
   * send: a response recorded meanwhile settles it at once, otherwise it is awaited for `timeoutMs`
   * more and abandoned past it, as any request. A request its run never got to send is abandoned
   * at once (a late send of it then records nothing): McpRequestNotSentError.
   */
  async awaitResponse(
    target: McpServerRef,
    requestId: string,
    method: string,
    options: { readonly timeoutMs: number; readonly signal: AbortSignal },
  ): Promise<JsonRpcMessage> {
    if (options.signal.aborted) throw new McpAbortedError();
    const streamName = toMcpServerStreamName(keyOf(target));
    const state = await this.mcpServers.read(keyOf(target));
    // Following from the revision read, then reading up to it: every settlement is seen once.
    const expectation = this.responses.expect(streamName, state.eventCount - 1, requestId);
    try {
      const earlier = recordedSettlement((await this.eventStore.readStream(streamName)).map((event) => upcast(event)), requestId);
      if (earlier?.kind === 'result') return earlier.message;
      if (earlier?.kind === 'abandoned') throw new McpTimeoutError(method, options.timeoutMs);
      if (!state.pending.has(requestId)) return await this.abandonUnsent(target, requestId, streamName);
      return await this.settle(target, requestId, method, expectation, options);
    } finally {
      expectation.cancel();
    }
  }

  private async settle(
    target: McpServerRef,
    requestId: string,
    method: string,
    expectation: McpExpectation,
    options: { readonly timeoutMs: number; readonly signal: AbortSignal },
  ): Promise<JsonRpcMessage> {
    let timer: NodeJS.Timeout | undefined;
    let onAbort: (() => void) | undefined;
    try {
      const stopped = new Promise<'timeout' | 'cancelled'>((resolve) => {
        timer = setTimeout(() => resolve('timeout'), options.timeoutMs);
        onAbort = () => resolve('cancelled');
        options.signal.addEventListener('abort', onAbort, { once: true });
      });
      const outcome = await Promise.race([expectation.settled, stopped]);
      if (typeof outcome === 'object') {
        if (outcome.kind === 'result') return outcome.message;
        throw new McpTimeoutError(method, options.timeoutMs);
      }
      // A run that goes on in another runner still waits for this response: it stays unsettled.
      if (!(outcome === 'cancelled' && options.signal.reason instanceof RunHandedOverError)) await this.abandon(target, requestId, outcome);
      throw outcome === 'timeout' ? new McpTimeoutError(method, options.timeoutMs) : new McpAbortedError();
    } finally {
      clearTimeout(timer);
      if (onAbort) options.signal.removeEventListener('abort', onAbort);
    }
  }

  /**
   * Settles a request that was never sent, so it never will be; a response to it can only have been
   * recorded if it was sent meanwhile after all, and then it counts.
   */
  private async abandonUnsent(target: McpServerRef, requestId: string, streamName: string): Promise<JsonRpcMessage> {
    await this.mcpServers.run(keyOf(target), { type: 'AbandonMcpRequest', requestId, reason: 'cancelled' }, 'system');
    const settlement = recordedSettlement((await this.eventStore.readStream(streamName)).map((event) => upcast(event)), requestId);
    if (settlement?.kind === 'result') return settlement.message;
    throw new McpRequestNotSentError();
  }

  private async send(target: McpServerRef, origin: McpOrigin, requestId: string | null, message: JsonRpcMessage): Promise<void> {
    await this.mcpServers.run(
      keyOf(target),
      { type: 'SendMcpRequest', requestId, message, conversationId: origin.conversationId, messageId: origin.messageId },
      'system',
    );
  }

  /** Settles a request nobody waits for, so the server never sees it again on a replay. */
  private async abandon(target: McpServerRef, requestId: string, reason: 'timeout' | 'cancelled'): Promise<void> {
    await this.mcpServers.run(keyOf(target), { type: 'AbandonMcpRequest', requestId, reason }, 'system').catch(() => undefined);
  }
}
