import type { Aggregate, DomainEvent } from '@app/domain/shared/decider';
import { SqliteEventStore } from '@app/storage';
import { DeciderExecutor } from './decider-executor';

type Command = { add: string } | { remove: string } | { spend: number };
type Event = DomainEvent<'Added' | 'Removed', { key: string }> | DomainEvent<'Spent', { amount: number }>;
interface State {
  readonly keys: readonly string[];
  readonly spent: number;
}

class NotEnoughError extends Error {}

/** Keys, each worth 1, and what was spent of them: a refusal, no-ops and writes to check. */
const wallet: Aggregate<Command, Event, State> = {
  streamName: (id) => `wallet-${id}`,
  decider: {
    initialState: () => ({ keys: [], spent: 0 }),
    decide(command, state) {
      if ('add' in command) return state.keys.includes(command.add) ? [] : [{ type: 'Added', data: { key: command.add } }];
      if ('remove' in command) return state.keys.includes(command.remove) ? [{ type: 'Removed', data: { key: command.remove } }] : [];
      if (state.keys.length - state.spent < command.spend) throw new NotEnoughError(`only ${state.keys.length - state.spent}`);
      return [{ type: 'Spent', data: { amount: command.spend } }];
    },
    evolve(state, event) {
      if (event.type === 'Added') return { ...state, keys: [...state.keys, (event.data as { key: string }).key] };
      if (event.type === 'Removed') return { ...state, keys: state.keys.filter((key) => key !== (event.data as { key: string }).key) };
      return { ...state, spent: state.spent + (event.data as { amount: number }).amount };
    },
  },
};

const asUser = { actor: 'user' };

describe('DeciderExecutor', () => {
  let eventStore: SqliteEventStore;
  // Two processes writing to one log (replicas, or the api and the CLI).
  let ours: DeciderExecutor;
  let theirs: DeciderExecutor;

  beforeEach(() => {
    eventStore = new SqliteEventStore({ path: ':memory:' });
    ours = new DeciderExecutor(eventStore);
    theirs = new DeciderExecutor(eventStore);
  });
  afterEach(() => eventStore.close());

  it('decides on the state it cached without reading the log, when its append proves that state current', async () => {
    await ours.execute(wallet, 'w', { add: 'a' }, asUser);
    const reads = jest.spyOn(eventStore, 'readStream');
    const outcome = await ours.execute(wallet, 'w', { add: 'b' }, asUser);
    expect(reads).not.toHaveBeenCalled();
    expect(outcome).toMatchObject({ conflicts: 0, state: { keys: ['a', 'b'] } });
  });

  it('runs the command again on the log when another writer appended since', async () => {
    await ours.execute(wallet, 'w', { add: 'a' }, asUser);
    await theirs.execute(wallet, 'w', { add: 'b' }, asUser);
    const outcome = await ours.execute(wallet, 'w', { add: 'c' }, asUser);
    expect(outcome).toMatchObject({ conflicts: 1, state: { keys: ['a', 'b', 'c'] } });
    expect((await eventStore.readStream('wallet-w')).map((event) => event.data)).toEqual([{ key: 'a' }, { key: 'b' }, { key: 'c' }]);
  });

  it('checks a refusal decided on its cached state against the log before giving it', async () => {
    await ours.execute(wallet, 'w', { add: 'a' }, asUser);
    await theirs.execute(wallet, 'w', { add: 'b' }, asUser);
    // Cached here: one key; in the log: two.
    const outcome = await ours.execute(wallet, 'w', { spend: 2 }, asUser);
    expect(outcome.events).toEqual([{ type: 'Spent', data: { amount: 2 } }]);
    await expect(ours.execute(wallet, 'w', { spend: 1 }, asUser)).rejects.toThrow(NotEnoughError);
  });

  it('checks a no-op decided on its cached state against the log before giving it', async () => {
    await ours.execute(wallet, 'w', { add: 'a' }, asUser);
    await theirs.execute(wallet, 'w', { add: 'b' }, asUser);
    // Cached here, "b" is absent and removing it would change nothing.
    const outcome = await ours.execute(wallet, 'w', { remove: 'b' }, asUser);
    expect(outcome).toMatchObject({ events: [{ type: 'Removed', data: { key: 'b' } }], state: { keys: ['a'] } });
    expect(await ours.execute(wallet, 'w', { remove: 'b' }, asUser)).toMatchObject({ events: [], position: null });
  });

  it('reads the log for a state asked without a command', async () => {
    await ours.execute(wallet, 'w', { add: 'a' }, asUser);
    await theirs.execute(wallet, 'w', { add: 'b' }, asUser);
    expect(await ours.read(wallet as unknown as Aggregate<never, Event, State>, 'w')).toEqual({ keys: ['a', 'b'], spent: 0 });
  });
});
