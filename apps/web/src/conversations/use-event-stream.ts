import { useEffect, useRef, useState } from 'react';
import { errorMessage } from '../ui/error-message';
import { followEventStream, type StreamConnection, type StreamEvent, type StreamOutcome } from './event-stream';

/** What the page does with a stream's events; read afresh at each call, so they may close over the latest state. */
export interface EventStreamHandlers<T> {
  /** The id of the last event applied: where a (re)connection resumes, after a reload too. */
  lastEventId(): string | null;
  /** Applies the events of one network read, in order, none applied before. */
  deliver(events: readonly StreamEvent<T>[]): void;
  isTerminal(data: T): boolean;
  /** The server said `done` with nothing new: true when the stream has ended (see FollowOptions.hasEnded). */
  hasEnded(signal: AbortSignal): Promise<boolean>;
  /** The stream's terminal event came, or it had ended already. */
  onEnd(outcome: Exclude<StreamOutcome, 'aborted'>): void;
}

/** The connection as the page shows it: `closed` once the stream ended; `failed` with the api's refusal. */
export type EventStreamState = { readonly connection: StreamConnection | 'closed' } | { readonly connection: 'failed'; readonly message: string };

/**
 * The web app's one way to follow a server-sent event stream of the api: from `path` (null: not
 * now) until its terminal event, resuming from the handlers' last event id after the server's time
 * limit, a network cut or a reload, never applying an event twice. Stops when the component goes
 * or `path` changes. The events go to the handlers, not to React state: the caller decides what
 * redraws (for an agent's answer, only its own row).
 */
export function useEventStream<T>(path: string | null, handlers: EventStreamHandlers<T>): EventStreamState {
  const latest = useRef(handlers);
  useEffect(() => {
    latest.current = handlers;
  });
  const [state, setState] = useState<EventStreamState>({ connection: path === null ? 'closed' : 'connecting' });

  useEffect(() => {
    if (path === null) return;
    const controller = new AbortController();
    const { signal } = controller;
    const setConnection = (connection: StreamConnection | 'closed') =>
      setState((current) => (current.connection === connection ? current : { connection }));
    followEventStream<T>({
      url: path,
      signal,
      lastEventId: () => latest.current.lastEventId(),
      deliver: (events) => {
        if (!signal.aborted) latest.current.deliver(events);
      },
      isTerminal: (data) => latest.current.isTerminal(data),
      hasEnded: () => latest.current.hasEnded(signal),
      onConnection: (connection) => {
        if (!signal.aborted) setConnection(connection);
      },
    }).then(
      (outcome) => {
        if (outcome === 'aborted' || signal.aborted) return;
        setConnection('closed');
        latest.current.onEnd(outcome);
      },
      (error: unknown) => {
        if (!signal.aborted) setState({ connection: 'failed', message: errorMessage(error) });
      },
    );
    return () => controller.abort();
  }, [path]);

  return state;
}
