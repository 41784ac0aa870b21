/** What a subscription's commands check, and where its deliveries stand in the log. */
export interface SubscriptionState {
  readonly workspaceId: string | null;
  readonly status: 'none' | 'active' | 'paused' | 'deleted';
  /** Every matching event up to this log position is acknowledged (or before the subscription). */
  readonly checkpoint: number;
  /** Replays so far: a deliverer that scanned ahead starts over from the checkpoint when it changes. */
  readonly replays: number;
  /** The replica delivering it, until when (null before any claim). */
  readonly lease: { readonly delivererId: string; readonly until: number } | null;
  /** The event whose delivery keeps failing (past the checkpoint), so retries resume where they were after a restart. */
  readonly failing: DeliveryFailures | null;
}

/** Failed attempts at one event, as recorded: the retry window runs from `since`. */
export interface DeliveryFailures {
  readonly position: number;
  /** When the first failed attempt started. */
  readonly since: number;
  readonly attempts: number;
  /** When the last failed attempt was recorded: the next waits its backoff from here. */
  readonly lastAt: number;
}
