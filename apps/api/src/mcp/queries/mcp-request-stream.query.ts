import { isMcpServerEvent, toMcpServerStreamName } from '@app/contracts/events/mcp-server.events';
import { upcast } from '@app/contracts/events/upcast';
import type { McpServerState } from '@app/domain/mcp-server/mcp-server.state';
import { EVENT_STORE, type EventStore, type EventSubscription, type RecordedEvent } from '@app/storage';
import { Inject } from '@nestjs/common';
import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { AuthContext } from '../../auth/auth-context';
import { ApiError } from '../../common/http/api-error';
import { parseLastEventId, type SseFrame } from '../../common/sse/sse-stream';
import { keyOf, McpServers } from '../mcp-servers';

/** A subscription to a server's stream and how its events become frames. */
export interface McpRequestStream {
  readonly subscription: EventSubscription;
  readonly toFrames: (event: RecordedEvent) => SseFrame[];
}

/**
 * The JSON-RPC messages for one of the caller's live servers, after the client's resume point and
 * live: what the requests SSE endpoint serves. Messages already settled (answered or abandoned) are
 * never replayed, nor anything sent before the latest registration.
 */
export class McpRequestStreamQuery extends Query<McpRequestStream> {
  constructor(
    readonly auth: AuthContext,
    readonly serverId: string | undefined,
    /** `lastEventId` as the client sent it (query or header), empty when absent. */
    readonly lastEventId: string,
  ) {
    super();
  }
}

@QueryHandler(McpRequestStreamQuery)
export class McpRequestStreamHandler implements IQueryHandler<McpRequestStreamQuery> {
  constructor(
    private readonly servers: McpServers,
    @Inject(EVENT_STORE) private readonly eventStore: EventStore,
  ) {}

  async execute({ auth, serverId, lastEventId }: McpRequestStreamQuery): Promise<McpRequestStream> {
    if (serverId === undefined || serverId === '') throw new ApiError('invalid_request_error', 'Invalid query parameters: serverId is required.');
    const resumeAfter = parseLastEventId(lastEventId) ?? -1;
    const { ref, state } = await this.servers.requireLive(auth, serverId);
    const afterRevision = Math.max(resumeAfter, state.registeredRevision);
    const subscription = this.eventStore.subscribeToStream(toMcpServerStreamName(keyOf(ref)), { afterRevision });
    return { subscription, toFrames: requestFrames(state) };
  }
}

/**
 * Frames of the messages still to deliver: a request settled when the stream was opened, or settled
 * since (its result passes by first), is skipped, and so is a notification older than the last
 * settlement known at opening (it belonged to an exchange that is over).
 */
export function requestFrames(opening: Pick<McpServerState, 'settled' | 'lastSettledRevision'>): (event: RecordedEvent) => SseFrame[] {
  const settled = new Set(opening.settled);
  return (recorded) => {
    const event = upcast(recorded);
    if (!isMcpServerEvent(event)) return [];
    switch (event.type) {
      case 'McpRequestSent': {
        const { requestId } = event.data;
        if (requestId !== null ? settled.has(requestId) : recorded.revision < opening.lastSettledRevision) return [];
        return [{ eventId: String(recorded.revision), data: event.data.message }];
      }
      case 'McpResultReceived':
      case 'McpRequestAbandoned':
        settled.add(event.data.requestId);
        return [];
      default:
        return [];
    }
  };
}
