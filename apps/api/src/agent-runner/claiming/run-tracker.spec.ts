import type { AgentRunEvent } from '@app/contracts/events/agent-run.events';
import {
  agentMessageCreated,
  fixtureBase,
  FIXTURE_CONVERSATION_ID,
  userMessagePosted,
} from '@app/contracts/test/conversation.fixtures';
import type { ConversationEvent } from '@app/contracts/events/conversation/conversation.events';
import { CURRENT_SCHEMA_VERSION } from '@app/contracts/events/upcast';
import type { RecordedEvent } from '@app/storage';
import { RunTracker } from './run-tracker';

let position = 0;
const revisions = new Map<string, number>();

function recorded(streamName: string, event: ConversationEvent | AgentRunEvent): RecordedEvent {
  position += 1;
  const revision = (revisions.get(streamName) ?? -1) + 1;
  revisions.set(streamName, revision);
  return {
    id: `e${position}`,
    streamName,
    revision,
    position,
    type: event.type,
    data: event.data as RecordedEvent['data'],
    metadata: { schemaVersion: CURRENT_SCHEMA_VERSION },
    recordedAt: 0,
  };
}

const conversation = (event: ConversationEvent) => recorded(`conversation-${FIXTURE_CONVERSATION_ID}`, event);
const run = (messageId: string, event: AgentRunEvent) => recorded(`agent_message-${messageId}`, event);
const started = (messageId: string, leaseUntil = 1_000): AgentRunEvent => ({
  type: 'AgentRunStarted',
  data: { messageId, conversationId: FIXTURE_CONVERSATION_ID, workspaceId: 'w', configurationId: 'a', runnerId: 'r1', leaseUntil, at: 0 },
});

beforeEach(() => {
  position = 0;
  revisions.clear();
});

describe('RunTracker', () => {
  it('tracks a created message until its run stream ends', () => {
    const tracker = new RunTracker();
    tracker.apply(conversation(userMessagePosted('u1', 0)));
    const created = tracker.apply(conversation(agentMessageCreated('m1', 1, 'u1')));
    expect(created).toMatchObject({ kind: 'created', message: { messageId: 'm1', createdPosition: 2, claim: null, lastRevision: -1 } });
    tracker.apply(run('m1', started('m1', 5_000)));
    expect(tracker.get('m1')).toMatchObject({ claim: { runnerId: 'r1', leaseUntil: 5_000 }, lastRevision: 0 });
    tracker.apply(run('m1', { type: 'AgentRunLeaseExtended', data: { runnerId: 'r1', leaseUntil: 9_000, at: 1 } }));
    expect(tracker.get('m1')?.claim?.leaseUntil).toBe(9_000);
    expect(tracker.apply(run('m1', { type: 'AgentRunCancelled', data: { at: 2 } }))).toEqual({ kind: 'settled', messageId: 'm1' });
    expect(tracker.pending()).toEqual([]);
  });

  it('lets a released claim lapse at once, and takes a takeover as the new claim', () => {
    const tracker = new RunTracker();
    tracker.apply(conversation(agentMessageCreated('m1', 1, 'u1')));
    tracker.apply(run('m1', started('m1', 5_000)));
    tracker.apply(run('m1', { type: 'AgentRunReleased', data: { runnerId: 'r1', at: 1 } }));
    expect(tracker.get('m1')?.claim).toEqual({ runnerId: 'r1', leaseUntil: 0 });
    tracker.apply(run('m1', { type: 'AgentRunResumed', data: { runnerId: 'r2', leaseUntil: 9_000, at: 2 } }));
    expect(tracker.get('m1')).toMatchObject({ claim: { runnerId: 'r2', leaseUntil: 9_000 }, lastRevision: 2 });
  });

  it('reports a cancellation once, and remembers it for messages nobody claimed', () => {
    const tracker = new RunTracker();
    tracker.apply(conversation(agentMessageCreated('m1', 1, 'u1')));
    const cancel: ConversationEvent = {
      type: 'AgentMessageStatusChanged',
      data: { ...fixtureBase(5), messageId: 'm1', status: 'cancelled' },
    };
    expect(tracker.apply(conversation(cancel))).toMatchObject({ kind: 'cancelled', message: { messageId: 'm1' } });
    expect(tracker.apply(conversation(cancel))).toEqual({ kind: 'none' });
    expect(tracker.get('m1')?.finalStatus?.event.data.status).toBe('cancelled');
  });

  it('keeps its checkpoint just before the oldest unsettled message', () => {
    const tracker = new RunTracker();
    tracker.apply(conversation(userMessagePosted('u1', 0)));
    tracker.apply(conversation(agentMessageCreated('m1', 1, 'u1')));
    tracker.apply(conversation(agentMessageCreated('m2', 2, 'u1')));
    expect(tracker.checkpoint()).toBe(1);
    tracker.apply(run('m1', { type: 'AgentRunFailed', data: { error: { code: 'x', message: 'y', metadata: null }, at: 0 } }));
    expect(tracker.checkpoint()).toBe(2);
    tracker.apply(run('m2', { type: 'AgentRunCancelled', data: { at: 0 } }));
    expect(tracker.checkpoint()).toBe(tracker.position);
  });

  it('ignores run events of messages it does not track and events of other streams', () => {
    const tracker = new RunTracker(10);
    expect(tracker.apply(run('old', started('old')))).toEqual({ kind: 'none' });
    expect(tracker.apply(recorded('workspace-w', { type: 'AgentRunCancelled', data: { at: 0 } }))).toEqual({ kind: 'none' });
    expect(tracker.pending()).toEqual([]);
    expect(tracker.checkpoint()).toBe(10);
  });
});
