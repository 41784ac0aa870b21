/** `GET /healthz`: the process answers. */
export interface HealthResponse {
  readonly status: 'ok';
}

/** Whether a store answered its ping. */
export type StoreStatus = 'up' | 'down';

/**
 * What the projector is doing, as far as readiness is concerned: `following` the log; `starting`
 * (it has not reported yet); `failing` on the read store and retrying; `stuck` (behind the log and
 * not moving); `behind` the log by more than the configured bound; `unknown` when a store is down.
 */
export type ProjectorReadiness = 'starting' | 'following' | 'failing' | 'stuck' | 'behind' | 'unknown';

/** `GET /readyz`: 200 when both stores answer and the projector keeps up, 503 (same shape) otherwise. */
export interface ReadinessResponse {
  readonly status: 'ready' | 'unavailable';
  readonly eventStore: StoreStatus;
  readonly readStore: StoreStatus;
  readonly projector: {
    readonly state: ProjectorReadiness;
    /** Events the read models trail the log by (counted up to one past the bound); null when a store is down. */
    readonly lagEvents: number | null;
    /**
     * Events the projections failed on and skipped (see `projector retry-failed`); null when a
     * store is down. They make the answer degraded, not unready: every other stream keeps working.
     */
    readonly failedEvents: number | null;
  };
}
