import { SqliteEventStore, WrongExpectedRevisionError } from '@app/storage';
import { StreamAppender } from './stream-appender';

describe('StreamAppender', () => {
  let eventStore: SqliteEventStore;
  let appender: StreamAppender;

  beforeEach(() => {
    eventStore = new SqliteEventStore({ path: ':memory:' });
    appender = new StreamAppender(eventStore);
  });
  afterEach(() => eventStore.close());

  it('appends at the revision it is told, recording the writer and the schema version', async () => {
    const first = await appender.append('run-m1', [{ type: 'Started', data: { at: 1 } }], { expectedRevision: 'no_stream', actor: 'runner-1' });
    const second = await appender.append('run-m1', [{ type: 'Tokens', data: { text: 'a' } }, { type: 'Tokens', data: { text: 'b' } }], {
      expectedRevision: first.nextRevision,
      actor: 'runner-1',
      urgent: true,
    });
    expect(second).toEqual({ nextRevision: 2, position: first.position + 2 });
    const recorded = await eventStore.readStream('run-m1');
    expect(recorded.map((event) => [event.type, event.data])).toEqual([
      ['Started', { at: 1 }],
      ['Tokens', { text: 'a' }],
      ['Tokens', { text: 'b' }],
    ]);
    expect(recorded[0]?.metadata).toMatchObject({ actor: 'runner-1', schemaVersion: expect.any(Number) });
    expect(new Set(recorded.map((event) => event.id)).size).toBe(3);
  });

  it('refuses an append at a revision another writer has passed, and takes any revision when told to', async () => {
    await appender.append('run-m1', [{ type: 'Started', data: {} }], { expectedRevision: 'no_stream', actor: 'runner-1' });
    await expect(appender.append('run-m1', [{ type: 'Started', data: {} }], { expectedRevision: 'no_stream', actor: 'runner-2' })).rejects.toThrow(
      WrongExpectedRevisionError,
    );
    await appender.append('memory-u1', [{ type: 'Remembered', data: {} }], { expectedRevision: 'any', actor: 'u1' });
    expect(await appender.append('memory-u1', [{ type: 'Remembered', data: {} }], { expectedRevision: 'any', actor: 'u1' })).toMatchObject({ nextRevision: 1 });
  });
});
