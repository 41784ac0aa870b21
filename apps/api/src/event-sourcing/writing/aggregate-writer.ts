import type { Aggregate, DomainEvent } from '@app/domain/shared/decider';
import type { CommandOutcome, DeciderExecutor } from './decider-executor';

/**
 * A command as its caller gives it: the writer stamps `now`. A caller that shows the same instant
 * elsewhere (a default timestamp it computed, the answer it returns) passes it, so both agree.
 */
export type CommandInput<Command> = Command extends unknown ? Omit<Command, 'now'> & { readonly now?: number } : never;

/**
 * A request's caller as the writer needs it (an AuthContext is one): the member it acts as, if
 * any, and its key. Stated here so the write path does not depend on how callers authenticate.
 */
export interface CallerIdentity {
  /** The key's id, or the member's token's or session's. */
  readonly keyId: string;
  readonly user: { readonly sId: string } | null;
  /** How the caller proved who they are (absent: a key). */
  readonly via?: 'key' | 'token' | 'session';
}

/** Who runs a command: a request's caller, or a process named by a string ("system", a user sId). */
export type CommandActor = CallerIdentity | string;

/** The actor recorded on the events: the caller's member, else its key; a name as it is. */
export function actorOf(by: CommandActor): string {
  return typeof by === 'string' ? by : (by.user?.sId ?? by.keyId);
}

/** The metadata naming who wrote: the actor, and the key when a key acted for a member (audited). */
export function writerOf(by: CommandActor): { readonly actor: string; readonly viaKey?: string } {
  const actor = actorOf(by);
  if (typeof by === 'string' || by.user === null || (by.via ?? 'key') !== 'key') return { actor };
  return { actor, viaKey: by.keyId };
}

/**
 * The write door of one aggregate, built once per aggregate (see aggregate-writers.ts): callers
 * pass an instance id and a command, and the writer stamps the time and the actor and runs it
 * through the DeciderExecutor (state cache, retries on conflict, the outcome with its position).
 */
export class AggregateWriter<Command extends { readonly now: number }, Event extends DomainEvent, State> {
  private readonly aggregateOf: (id: string) => Aggregate<Command, Event, State>;

  /** `aggregate` may be built per instance id (a catalog whose decider needs its workspace). */
  constructor(
    private readonly executor: DeciderExecutor,
    aggregate: Aggregate<Command, Event, State> | ((id: string) => Aggregate<Command, Event, State>),
    // Read at each call, not captured: a test (or a fake clock) that replaces Date.now is obeyed.
    private readonly clock: () => number = () => Date.now(),
  ) {
    this.aggregateOf = typeof aggregate === 'function' ? aggregate : () => aggregate;
  }

  /**
   * Runs a command (or one built from the current state) on the instance `id`. The time is taken
   * once, when the call is made: a retry after a conflict decides the same command again.
   */
  run(
    id: string,
    command: CommandInput<Command> | ((state: State) => CommandInput<Command>),
    by: CommandActor,
  ): Promise<CommandOutcome<Event, State>> {
    const now = this.clock();
    const stamped = typeof command === 'function' ? (state: State) => stamp(command(state), now) : stamp(command, now);
    return this.executor.execute(this.aggregateOf(id), id, stamped, writerOf(by));
  }

  /** The current state of the instance `id`, without writing anything. */
  read(id: string): Promise<State> {
    return this.executor.read(this.aggregateOf(id), id);
  }
}

function stamp<Command extends { readonly now: number }>(input: CommandInput<Command>, now: number): Command {
  // The one cast of the write path: TypeScript cannot see that putting `now` back on a member of
  // the distributed Omit gives that member of the union again.
  return { ...input, now: input.now ?? now } as unknown as Command;
}
