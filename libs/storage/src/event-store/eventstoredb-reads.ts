/** A read of the client (`readAll`, `readStream`): its events, and the means to end the gRPC call early. */
export interface EsdbRead<E> extends AsyncIterable<E> {
  /** Cancels the gRPC call. */
  cancel(): Promise<void>;
  /** Ends the local stream, and with it an iteration waiting for the next event. */
  destroy(): unknown;
}

/** A read that did not end within its deadline; its call was cancelled. */
export class ReadDeadlineError extends Error {
  constructor(
    readonly what: string,
    readonly deadlineMs: number,
  ) {
    super(`EventStoreDB did not answer ${what} within ${deadlineMs} ms`);
    this.name = 'ReadDeadlineError';
  }
}

/**
 * Hands a read's events to `visit` until it returns false or the read ends, within `deadlineMs`,
 * and always ends the call. A read left early is otherwise only paused, and stays open on the
 * server until the client is disposed. The timer is ours because the client drops the `deadline`
 * option of reads (it always sends Infinity).
 */
export async function consumeRead<E>(
  read: EsdbRead<E>,
  what: string,
  deadlineMs: number,
  visit: (event: E) => boolean,
): Promise<void> {
  const iterator = read[Symbol.asyncIterator]();
  let timer: NodeJS.Timeout | undefined;
  const expired = new Promise<'expired'>((resolve) => {
    timer = setTimeout(() => resolve('expired'), deadlineMs);
  });
  try {
    for (;;) {
      const next = iterator.next();
      // When the deadline wins, this read may still fail later; nobody awaits it then.
      next.catch(() => undefined);
      const result = await Promise.race([next, expired]);
      if (result === 'expired') throw new ReadDeadlineError(what, deadlineMs);
      if (result.done === true || !visit(result.value)) return;
    }
  } finally {
    clearTimeout(timer);
    end(read);
  }
}

/** Cancels the call and drops the local stream, without waiting: the call may not even have started. */
function end(read: EsdbRead<unknown>): void {
  read.cancel().catch(() => undefined);
  read.destroy();
}
