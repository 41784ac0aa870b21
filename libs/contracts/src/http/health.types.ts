/** `GET /healthz`: the process answers. */
export interface HealthResponse {
  readonly status: 'ok';
}

/** Whether a store answered its ping. */
export type StoreStatus = 'up' | 'down';

/** `GET /readyz`: 200 when both stores answer, 503 (same shape) when one does not. */
export interface ReadinessResponse {
  readonly status: 'ready' | 'unavailable';
  readonly eventStore: StoreStatus;
  readonly readStore: StoreStatus;
  /** Events the read models trail the log by (capped at 1000); null when a store is down. */
  readonly projector: { readonly lagEvents: number | null };
}
