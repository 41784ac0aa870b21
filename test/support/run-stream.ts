import type { AgentRunEvent } from '@app/contracts/events/agent-run.events';
import type { RecordedEvent } from '@app/storage';

/** A message's run stream as the event store reads it back: revisions from 0, positions from 100. */
export function recordedRunStream(messageId: string, events: readonly AgentRunEvent[]): RecordedEvent[] {
  return events.map((event, revision) => ({
    id: `e${revision}`,
    streamName: `agent_message-${messageId}`,
    type: event.type,
    data: event.data as RecordedEvent['data'],
    metadata: {},
    revision,
    position: 100 + revision,
    recordedAt: 0,
  })) as RecordedEvent[];
}
