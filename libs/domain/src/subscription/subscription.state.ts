/** What a subscription's commands check, and where its deliveries stand in the log. */
export interface SubscriptionState {
  readonly workspaceId: string | null;
  readonly status: 'none' | 'active' | 'paused' | 'deleted';
  /** Every matching event up to this log position is acknowledged (or before the subscription). */
  readonly checkpoint: number;
  /** Replays so far: a deliverer that scanned ahead starts over from the checkpoint when it changes. */
  readonly replays: number;
}
