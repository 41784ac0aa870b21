/** What a subscription's commands check: whether it exists, is live, and is paused. */
export interface SubscriptionState {
  readonly workspaceId: string | null;
  readonly status: 'none' | 'active' | 'paused' | 'deleted';
}
