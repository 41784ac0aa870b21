import { CURRENT_SCHEMA_VERSION } from '@app/contracts/events/upcast';
import { FIXTURE_CONVERSATION_ID as CID, conversationCreated, userMessagePosted } from '@app/contracts/test/conversation.fixtures';
import type { RecordedEvent } from '@app/storage';
import { EMPTY_FOLD, foldEvents } from './conversation-fold';
import { FOLD_SNAPSHOT_VERSION, deserializeFold, serializeFold } from './fold-snapshot';

function recorded(events: ReadonlyArray<{ type: string; data: unknown }>): RecordedEvent[] {
  return events.map((event, revision) => ({
    id: `e${revision}`,
    streamName: `conversation-${CID}`,
    type: event.type,
    data: event.data,
    metadata: { schemaVersion: CURRENT_SCHEMA_VERSION },
    revision,
    position: revision,
    recordedAt: 0,
  })) as unknown as RecordedEvent[];
}

describe('fold snapshots', () => {
  const events = recorded([conversationCreated(), userMessagePosted('msg0000000', 0), userMessagePosted('msg0000001', 1), userMessagePosted('msg0000002', 2)]);

  const roundTrip = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;

  it('a chain of snapshots, each stored as JSON, rebuilds exactly the folds it was taken from, and folds on as they do', () => {
    const first = foldEvents(EMPTY_FOLD, events.slice(0, 2));
    const second = foldEvents(first, events.slice(2, 3));
    const stored = [serializeFold(CID, EMPTY_FOLD, first), serializeFold(CID, first, second)].map(roundTrip);
    expect(stored[1]?.changed.map(([id]) => id)).toHaveLength(1);

    const restoredFirst = deserializeFold(EMPTY_FOLD, stored[0] ?? null);
    expect(restoredFirst).toEqual(first);
    const restoredSecond = deserializeFold(restoredFirst!, stored[1] ?? null);
    expect(restoredSecond).toEqual(second);
    expect(foldEvents(restoredSecond!, events.slice(3))).toEqual(foldEvents(EMPTY_FOLD, events));
  });

  it('records the documents a fold no longer holds', () => {
    const fold = foldEvents(EMPTY_FOLD, events);
    const [removed] = [...fold.messages.keys()];
    const without = { ...fold, messages: new Map([...fold.messages].filter(([id]) => id !== removed)), revision: fold.revision + 1 };
    const stored = roundTrip(serializeFold(CID, fold, without));
    expect(stored.deleted).toEqual([removed]);
    expect(deserializeFold(fold, stored)).toEqual(without);
  });

  it('ignores a snapshot of another fold version, of another base, or anything that is not one', () => {
    const stored = roundTrip(serializeFold(CID, EMPTY_FOLD, foldEvents(EMPTY_FOLD, events)));
    expect(deserializeFold(EMPTY_FOLD, stored)).not.toBeNull();
    expect(deserializeFold(EMPTY_FOLD, { ...stored, version: FOLD_SNAPSHOT_VERSION - 1 })).toBeNull();
    expect(deserializeFold(EMPTY_FOLD, { ...stored, version: FOLD_SNAPSHOT_VERSION + 1 })).toBeNull();
    expect(deserializeFold(foldEvents(EMPTY_FOLD, events.slice(0, 1)), stored)).toBeNull();
    expect(deserializeFold(EMPTY_FOLD, { ...stored, changed: undefined })).toBeNull();
    expect(deserializeFold(EMPTY_FOLD, null)).toBeNull();
  });
});
