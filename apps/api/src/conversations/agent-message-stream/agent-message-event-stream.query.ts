import { isAgentRunTerminal, toAgentMessageStreamName } from '@app/contracts/events/agent-run.events';
import type { AgentMessage } from '@app/contracts/http/conversation.types';
import { EVENT_STORE, type EventStore } from '@app/storage';
import { Inject } from '@nestjs/common';
import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { AuthContext } from '../../auth/auth-context';
import { ApiError } from '../../common/http/api-error';
import { parseLastEventId } from '../../common/sse/sse-stream';
import { ConversationReader } from '../conversation-reader';
import { RunStreamHub, type RunStreamListener, type RunStreamSink } from './run-stream-hub';

/** What a client resuming an agent message stream gets: nothing more, or the events after its id. */
export type AgentMessageEventStream =
  | { readonly ended: true }
  | {
      readonly ended: false;
      /** Starts sending the events after the resume point to `sink` (see RunStreamHub.follow). */
      readonly follow: (sink: RunStreamSink) => RunStreamListener;
      readonly configurationId: string;
    };

/** The run stream of an agent message after the client's resume point (404/400 as the real service). */
export class AgentMessageEventStreamQuery extends Query<AgentMessageEventStream> {
  constructor(
    readonly auth: AuthContext,
    readonly conversationId: string,
    readonly messageId: string,
    /** `lastEventId` as the client sent it (query or header), empty when absent. */
    readonly lastEventId: string,
  ) {
    super();
  }
}

@QueryHandler(AgentMessageEventStreamQuery)
export class AgentMessageEventStreamHandler implements IQueryHandler<AgentMessageEventStreamQuery> {
  constructor(
    @Inject(EVENT_STORE) private readonly eventStore: EventStore,
    private readonly reader: ConversationReader,
    private readonly hub: RunStreamHub,
  ) {}

  async execute({ auth, conversationId, messageId, lastEventId }: AgentMessageEventStreamQuery): Promise<AgentMessageEventStream> {
    const message = await this.reader.loadMessage(auth, conversationId, messageId);
    if (message.type !== 'agent_message') throw new ApiError('invalid_request_error', 'Events are only available for agent messages.');
    const after = parseLastEventId(lastEventId);
    const streamName = toAgentMessageStreamName(messageId);
    if (after !== null && (await this.endedBy(streamName, after, message))) return { ended: true };
    // A finished message that never ran (a fork's copy of an answer) has no run stream to follow.
    if (message.status !== 'created' && (await this.eventStore.readStream(streamName, { maxCount: 1 })).length === 0) return { ended: true };
    return { ended: false, follow: (sink) => this.hub.follow(streamName, after, sink), configurationId: message.configuration.sId };
  }

  /** Whether the run stream ended at or before revision `after` (checked only for finished messages). */
  private async endedBy(streamName: string, after: number, message: AgentMessage): Promise<boolean> {
    if (message.status === 'created') return false;
    const later = await this.eventStore.readStream(streamName, { fromRevision: after + 1, maxCount: 1 });
    if (later.length > 0) return false;
    const events = await this.eventStore.readStream(streamName);
    return events.some((event) => event.revision <= after && isAgentRunTerminal(event));
  }
}
