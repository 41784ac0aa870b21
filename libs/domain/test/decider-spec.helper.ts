import type { ErrorType } from '@app/contracts/errors';
import { foldEvents, type Decider, type DomainEvent } from '../src/shared/decider';
import { DomainError } from '../src/shared/domain-error';

/** Outcome checks of one `given(...).when(...)` case. */
export interface DeciderThen<Event> {
  /** The command produced exactly these events. */
  then(expected: readonly Event[]): void;
  /** The command produced nothing (an idempotent repeat). */
  thenNothing(): void;
  /** The command failed with a DomainError of this wire type (and, if given, a message containing `message`). */
  thenThrows(type: ErrorType, message?: string): void;
  /** The produced events, for assertions the other checks cannot express. */
  events(): Event[];
}

/** Given/when/then for deciders: `spec.given(history).when(command).then(events)`. */
export function deciderSpec<Command, Event extends DomainEvent, State>(decider: Decider<Command, Event, State>) {
  return {
    given(history: readonly Event[]) {
      return {
        when(command: Command): DeciderThen<Event> {
          const run = (): Event[] => decider.decide(command, foldEvents(decider, history));
          return {
            then: (expected) => expect(run()).toEqual(expected),
            thenNothing: () => expect(run()).toEqual([]),
            thenThrows: (type, message) => {
              let caught: unknown = undefined;
              try {
                run();
              } catch (error) {
                caught = error;
              }
              expect(caught).toBeInstanceOf(DomainError);
              if (caught instanceof DomainError) {
                expect(caught.type).toBe(type);
                if (message !== undefined) expect(caught.message).toContain(message);
              }
            },
            events: run,
          };
        },
      };
    },
  };
}
