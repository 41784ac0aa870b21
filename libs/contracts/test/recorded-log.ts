import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { AgentMessage, Conversation, ConversationStreamEvent } from '../src/http/conversation.types';

/**
 * Event logs written by older versions of the service, with what the api answered for them, for
 * upcasting and replay tests. Each file says in `description` how it was recorded and at which commit.
 */

/** An event as the store kept it (the event store's RecordedEvent, without depending on storage). */
export interface StoredEvent {
  readonly id: string;
  readonly streamName: string;
  readonly revision: number;
  readonly position: number;
  readonly type: string;
  readonly data: { readonly [key: string]: unknown };
  readonly metadata: { readonly schemaVersion: number; readonly actor?: string; readonly correlationId?: string; readonly causationId?: string };
  readonly recordedAt: number;
}

/** One SSE frame as the api sent it: the event id and the parsed `data`. */
export interface RecordedFrame<Payload> {
  readonly eventId: string;
  readonly data: Payload;
}

/** A recorded log and the wire answers the api gave for it. */
export interface RecordedLog {
  readonly description: string;
  readonly recordedAtCommit: string;
  readonly workspaceId: string;
  readonly conversationId: string;
  /** The member whose key read the conversation (drives `unread`). */
  readonly viewerUserId: string;
  /** Public URL of the api that answered (in `url` and fragments' `textUrl`). */
  readonly publicUrl: string;
  /** The whole log, in global order (positions dense from 1). */
  readonly events: readonly StoredEvent[];
  readonly wire: {
    /** `GET …/conversations/{cId}` → `conversation`. */
    readonly conversation: Conversation;
    /** `GET …/messages/{mId}/events` payloads, by agent message sId (data frames only). */
    readonly agentMessageStreams: Readonly<Record<string, readonly RecordedFrame<unknown>[]>>;
    /** `GET …/conversations/{cId}/events` payloads (data frames only). */
    readonly conversationStream: readonly RecordedFrame<ConversationStreamEvent>[];
  };
}

/** The schema v1 log: a conversation with tool calls, a failed and retried run, a cancel and an edit. */
export function loadV1ConversationLog(): RecordedLog {
  const parsed: RecordedLog = JSON.parse(readFileSync(join(__dirname, 'recorded', 'v1-conversation-log.json'), 'utf8'));
  return parsed;
}

/**
 * A recorded conversation answer with the fields the wire gained since it was recorded (response
 * shapes only grow): the null `nodeId` and `nodeDataSourceViewId` of file fragments, and the
 * conversation's `lastEventId`.
 */
export function withFieldsAddedSince(conversation: Conversation, log: Pick<RecordedLog, 'events' | 'conversationId'>): Conversation {
  const revisions = log.events.filter((event) => event.streamName === `conversation-${log.conversationId}`).map((event) => event.revision);
  return {
    ...conversation,
    // The id of the conversation's last event, which the api has answered with since.
    lastEventId: String(Math.max(...revisions)),
    content: conversation.content.map((versions) =>
      versions.map((message) =>
        message.type === 'content_fragment' && message.contentFragmentType === 'file' ? { ...message, nodeId: null, nodeDataSourceViewId: null } : message,
      ),
    ),
  };
}

/** The agent messages of a recorded conversation, as the api answered them. */
export function recordedAgentMessages(log: RecordedLog): AgentMessage[] {
  return log.wire.conversation.content.flat().filter((message): message is AgentMessage => message.type === 'agent_message');
}
