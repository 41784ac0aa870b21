/** What a read not yet answered shows: Loading… while it runs, or why it failed. */
export type PendingRead = { readonly status: 'loading' } | { readonly status: 'failed'; readonly message: string };

/** Loading… (a status), or the failure in the api's words (an alert), after `prefix` when one is given. */
export function ReadPending({ read, prefix = '' }: { readonly read: PendingRead; readonly prefix?: string }) {
  if (read.status === 'loading') {
    return (
      <p role="status" className="muted">
        Loading…
      </p>
    );
  }
  return (
    <p role="alert" className="alert">
      {prefix}
      {read.message}
    </p>
  );
}
