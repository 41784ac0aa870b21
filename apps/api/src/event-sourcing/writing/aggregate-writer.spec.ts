import type { Aggregate, DomainEvent } from '@app/domain/shared/decider';
import { SqliteEventStore } from '@app/storage';
import type { AuthContext } from '../../auth/auth-context';
import { actorOf, AggregateWriter, writerOf } from './aggregate-writer';
import { DeciderExecutor } from './decider-executor';

type Command = { readonly type: 'Note'; readonly text: string; readonly now: number } | { readonly type: 'Clear'; readonly now: number };
type Event = DomainEvent<'Noted', { text: string; at: number }> | DomainEvent<'Cleared', { at: number }>;
interface State {
  readonly notes: readonly string[];
  readonly owner: string | null;
}

/** Notes of one board: a command carries its time, as every command of the domain does. */
function board(owner: string): Aggregate<Command, Event, State> {
  return {
    streamName: (id) => `board-${id}`,
    decider: {
      initialState: () => ({ notes: [], owner: null }),
      decide(command, state) {
        if (command.type === 'Clear') return state.notes.length === 0 ? [] : [{ type: 'Cleared', data: { at: command.now } }];
        return [{ type: 'Noted', data: { text: `${owner}: ${command.text}`, at: command.now } }];
      },
      evolve(state, event) {
        if (event.type === 'Cleared') return { ...state, notes: [] };
        return { notes: [...state.notes, (event.data as { text: string }).text], owner };
      },
    },
  };
}

const auth = (user: string | null): AuthContext => ({ keyId: 'key_1', user: user === null ? null : { sId: user }, role: 'user', workspace: {} }) as unknown as AuthContext;

describe('AggregateWriter', () => {
  let eventStore: SqliteEventStore;
  let clock: number;
  let writer: AggregateWriter<Command, Event, State>;

  beforeEach(() => {
    eventStore = new SqliteEventStore({ path: ':memory:' });
    clock = 1_000;
    writer = new AggregateWriter(new DeciderExecutor(eventStore), board('ada'), () => clock);
  });
  afterEach(() => eventStore.close());

  it('stamps the time on the command and the actor on its events, and answers with the outcome', async () => {
    const outcome = await writer.run('b1', { type: 'Note', text: 'hello' }, 'system:test');
    expect(outcome).toMatchObject({ events: [{ type: 'Noted', data: { text: 'ada: hello', at: 1_000 } }], state: { notes: ['ada: hello'] }, conflicts: 0 });
    expect(outcome.position).toEqual(expect.any(Number));
    const [recorded] = await eventStore.readStream('board-b1');
    expect(recorded?.metadata).toMatchObject({ actor: 'system:test' });
  });

  it('keeps a time the caller gives, for a command that shows the same instant elsewhere', async () => {
    const outcome = await writer.run('b1', { type: 'Note', text: 'dated', now: 42 }, 'system:test');
    expect(outcome.events).toEqual([{ type: 'Noted', data: { text: 'ada: dated', at: 42 } }]);
  });

  it('stamps a command built from the state with the time of the call', async () => {
    await writer.run('b1', { type: 'Note', text: 'a' }, 'system:test');
    clock = 2_000;
    const outcome = await writer.run('b1', (state) => (state.notes.length > 0 ? { type: 'Clear' } : { type: 'Note', text: 'first' }), 'system:test');
    expect(outcome.events).toEqual([{ type: 'Cleared', data: { at: 2_000 } }]);
    expect(await writer.read('b1')).toEqual({ notes: [], owner: 'ada' });
  });

  it('answers a no-op with no position, writing nothing', async () => {
    expect(await writer.run('b1', { type: 'Clear' }, 'system:test')).toMatchObject({ events: [], position: null });
    expect(await eventStore.readStream('board-b1')).toEqual([]);
  });

  it('builds the aggregate of an instance from its id when its decider needs it', async () => {
    const perOwner = new AggregateWriter(new DeciderExecutor(eventStore), (id: string) => board(id), () => clock);
    expect((await perOwner.run('grace', { type: 'Note', text: 'hi' }, 'system:test')).state.notes).toEqual(['grace: hi']);
  });

  it("records a request's member as the actor, else its key", () => {
    expect(actorOf(auth('usr_1'))).toBe('usr_1');
    expect(actorOf(auth(null))).toBe('key_1');
    expect(actorOf('system')).toBe('system');
  });

  it('names the key a member acted through (a bound key, or an admin key acting as them), never a session or token', async () => {
    expect(writerOf(auth('usr_1'))).toEqual({ actor: 'usr_1', viaKey: 'key_1' });
    expect(writerOf({ ...auth('usr_1'), via: 'key' })).toEqual({ actor: 'usr_1', viaKey: 'key_1' });
    expect(writerOf({ ...auth('usr_1'), keyId: 'pat_1', via: 'token' })).toEqual({ actor: 'usr_1' });
    expect(writerOf({ ...auth('usr_1'), keyId: 'ses_1', via: 'session' })).toEqual({ actor: 'usr_1' });
    expect(writerOf(auth(null))).toEqual({ actor: 'key_1' });
    expect(writerOf('system')).toEqual({ actor: 'system' });
    await writer.run('b1', { type: 'Note', text: 'as grace' }, auth('usr_grace'));
    const [recorded] = await eventStore.readStream('board-b1');
    expect(recorded?.metadata).toMatchObject({ actor: 'usr_grace', viaKey: 'key_1' });
  });
});
