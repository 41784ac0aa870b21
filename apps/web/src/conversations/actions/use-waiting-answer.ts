import { useState } from 'react';
import { ApiError } from '../../api';
import { errorMessage } from '../../ui/error-message';

/** Where a prompt for a waiting tool call stands: sending its answer, answered (with what to say), or refused. */
export interface WaitingAnswer {
  readonly sending: boolean;
  readonly answered: string | null;
  readonly error: string | null;
  /** Sends an answer; once accepted the prompt says `done`. */
  send(post: () => Promise<unknown>, done: string): Promise<void>;
  /** An error found before anything was sent. */
  refuse(message: string): void;
}

/**
 * The answer to a waiting tool call (an approval or a question), as both prompts send it. A call
 * answered meanwhile (another tab, another person) is refused with `action_not_blocked`: the
 * stream brings what came of it, so the prompt says so rather than failing.
 */
export function useWaitingAnswer(): WaitingAnswer {
  const [sending, setSending] = useState(false);
  const [answered, setAnswered] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  async function send(post: () => Promise<unknown>, done: string): Promise<void> {
    setSending(true);
    setError(null);
    try {
      await post();
      setAnswered(done);
    } catch (failure) {
      if (failure instanceof ApiError && failure.type === 'action_not_blocked') setAnswered('Answered already');
      else setError(errorMessage(failure));
    } finally {
      setSending(false);
    }
  }

  return { sending, answered, error, send, refuse: setError };
}
