/** Answer of `POST …/mcp/register`. */
export interface RegisterMcpServerResponse {
  readonly serverId: string;
  /** ISO time after which the registration lapses unless renewed. */
  readonly expiresAt: string;
}

/** Answer of `POST …/mcp/heartbeat`. */
export interface HeartbeatMcpServerResponse {
  readonly success: true;
  readonly expiresAt: string;
}
