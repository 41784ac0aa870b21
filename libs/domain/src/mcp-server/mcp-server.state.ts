/** What deciding about one client-side server needs. */
export type McpServerState = {
  /** `absent` until registered; `deregistered` after; expiry is read against the command's time. */
  readonly status: 'absent' | 'registered' | 'deregistered';
  readonly workspaceId: string;
  readonly userId: string;
  readonly serverId: string;
  readonly serverName: string;
  readonly expiresAt: number;
  /** Requests sent and not settled yet (answered or abandoned). */
  readonly pending: ReadonlySet<string>;
  /** Requests answered or abandoned: a late or repeated result for them is refused. */
  readonly settled: ReadonlySet<string>;
  /** Revision of the latest registration: the requests stream never replays what came before it. */
  readonly registeredRevision: number;
  /** Revision of the latest result or abandonment: notifications sent before it are never replayed. */
  readonly lastSettledRevision: number;
  /** Events in the stream: the next event's revision. */
  readonly eventCount: number;
};

export function isLive(state: McpServerState, now: number): boolean {
  return state.status === 'registered' && state.expiresAt > now;
}
