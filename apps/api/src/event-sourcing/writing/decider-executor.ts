import { upcast } from '@app/contracts/events/upcast';
import type { Aggregate, Decider, DomainEvent } from '@app/domain/shared/decider';
import { WrongExpectedRevisionError, type EventStore } from '@app/storage';
import { KeyedMutex } from './keyed-mutex';
import { newEventOf, type WriteMetadata } from './stream-appender';

/** Who runs a command, as its events record it. */
export type CommandContext = WriteMetadata;

export interface CommandOutcome<Event, State> {
  /** Events written by this command (empty when it changed nothing). */
  readonly events: readonly Event[];
  /** Global position of the last event written, or null when nothing was written. */
  readonly position: number | null;
  /** State after the command. */
  readonly state: State;
  /** How many times the append met a concurrent writer before it landed. */
  readonly conflicts: number;
}

interface CachedState {
  readonly revision: number;
  readonly state: unknown;
}

/** Tuning of the executor, from the api configuration. */
export interface DeciderExecutorOptions {
  /** Appends tried per command before a concurrency conflict reaches the caller (retry budget). */
  readonly maxAttempts: number;
  /** Folded stream states kept in memory (least recently used dropped first). */
  readonly stateCacheSize: number;
}

export const DEFAULT_DECIDER_EXECUTOR_OPTIONS: DeciderExecutorOptions = { maxAttempts: 25, stateCacheSize: 2000 };

/**
 * The one write path, called by every command handler: load a stream, fold it, decide, append with
 * the expected revision, and retry with fresh state when another writer got there first. Commands
 * on one stream queue in-process; folded states are cached per stream (evolve never mutates), so a
 * command reads at most the events appended since it last saw the stream, and none when its
 * append proves the cached state current (see execute).
 */
export class DeciderExecutor {
  private readonly mutex = new KeyedMutex();
  private readonly cache = new Map<string, CachedState>();
  readonly stats = { commands: 0, firstTry: 0, retried: 0 };

  constructor(
    private readonly eventStore: EventStore,
    private readonly options: DeciderExecutorOptions = DEFAULT_DECIDER_EXECUTOR_OPTIONS,
  ) {}

  /**
   * Runs a command (or a command built from the current state) on the aggregate instance `id`.
   *
   * A state this process cached is decided on without reading the log first: if another writer
   * (a replica, the CLI) appended since, the append's expected revision fails and the command runs
   * again on what the log holds. An outcome that writes nothing, a refusal or a no-op, could come
   * from that stale state without any append to catch it, so it counts only once decided on a state
   * just read from the log.
   */
  async execute<Command, Event extends DomainEvent, State>(
    aggregate: Aggregate<Command, Event, State>,
    id: string,
    command: Command | ((state: State) => Command),
    context: CommandContext,
  ): Promise<CommandOutcome<Event, State>> {
    const { decider } = aggregate;
    const streamName = aggregate.streamName(id);
    return this.mutex.run(streamName, async () => {
      let conflicts = 0;
      let trustCache = true;
      for (;;) {
        const { state, revision, fromLog } = await this.load(decider, streamName, trustCache);
        let events: Event[];
        try {
          const resolved = typeof command === 'function' ? (command as (state: State) => Command)(state) : command;
          events = decider.decide(resolved, state);
        } catch (error) {
          if (fromLog) throw error;
          trustCache = false;
          continue;
        }
        if (events.length === 0) {
          if (fromLog) return this.finish({ events, position: null, state, conflicts });
          trustCache = false;
          continue;
        }
        const nextState = events.reduce((s, e) => decider.evolve(s, e), state);
        try {
          const result = await this.eventStore.append(
            streamName,
            events.map((event) => newEventOf(event, context)),
            revision === -1 ? 'no_stream' : revision,
          );
          this.remember(streamName, { revision: result.nextRevision, state: nextState });
          return this.finish({ events, position: result.position, state: nextState, conflicts });
        } catch (error) {
          if (!(error instanceof WrongExpectedRevisionError) || conflicts + 1 >= this.options.maxAttempts) throw error;
          conflicts += 1;
          this.cache.delete(streamName);
          await jitter(conflicts);
        }
      }
    });
  }

  /** Current state of a stream without writing anything. */
  async read<Event extends DomainEvent, State>(aggregate: Aggregate<never, Event, State>, id: string): Promise<State> {
    const streamName = aggregate.streamName(id);
    return this.mutex.run(streamName, async () => (await this.load(aggregate.decider, streamName)).state);
  }

  /**
   * The stream's state: with `trustCache`, the cached one as it is (`fromLog: false`); otherwise
   * the cached one brought up to date with the events appended since (`fromLog: true`).
   */
  private async load<Event extends DomainEvent, State>(
    decider: Pick<Decider<unknown, Event, State>, 'evolve' | 'initialState'>,
    streamName: string,
    trustCache = false,
  ): Promise<{ state: State; revision: number; fromLog: boolean }> {
    const cached = this.cache.get(streamName);
    if (cached && trustCache) return { state: cached.state as State, revision: cached.revision, fromLog: false };
    let state = cached ? (cached.state as State) : decider.initialState();
    let revision = cached ? cached.revision : -1;
    const recorded = await this.eventStore.readStream(streamName, { fromRevision: revision + 1 });
    for (const event of recorded) {
      state = decider.evolve(state, upcast(event) as unknown as Event);
      revision = event.revision;
    }
    if (recorded.length > 0) this.remember(streamName, { revision, state });
    return { state, revision, fromLog: true };
  }

  private remember(streamName: string, entry: CachedState): void {
    this.cache.delete(streamName);
    this.cache.set(streamName, entry);
    if (this.cache.size > this.options.stateCacheSize) {
      const oldest = this.cache.keys().next().value;
      if (oldest !== undefined) this.cache.delete(oldest);
    }
  }

  private finish<T extends { conflicts: number; events: readonly unknown[] }>(outcome: T): T {
    if (outcome.events.length > 0) {
      this.stats.commands += 1;
      if (outcome.conflicts === 0) this.stats.firstTry += 1;
      else this.stats.retried += 1;
    }
    return outcome;
  }
}

function jitter(attempt: number): Promise<void> {
  const ms = Math.random() * Math.min(50, 2 ** attempt);
  return new Promise((resolve) => setTimeout(resolve, ms));
}
