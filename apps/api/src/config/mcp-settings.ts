import { parseIntegerVariable, type Environment } from '@app/storage';

/** Timing and limits of client-side MCP servers. */
export interface McpSettings {
  /** How long a registration lives without a heartbeat or use (the real service: 10 minutes). */
  readonly registrationTtlMs: number;
  /** Comment line interval on the requests stream; the official transport reconnects after 45 s of silence. */
  readonly keepaliveMs: number;
  /** The requests stream closes after this long without a request (the real service: 5 minutes). */
  readonly requestsIdleTimeoutMs: number;
  /** How long an agent run waits for one answer of a server before the tool call fails. */
  readonly callTimeoutMs: number;
  /** Body limit of `POST …/mcp/results` (tool outputs can be large: 16 MB as in the real service). */
  readonly resultsBodyLimitBytes: number;
}

export function parseMcpSettings(env: Environment, problems: string[]): McpSettings {
  return {
    registrationTtlMs: parseIntegerVariable(env, 'MCP_REGISTRATION_TTL_MS', 600_000, { min: 1_000, max: 86_400_000 }, problems),
    keepaliveMs: parseIntegerVariable(env, 'MCP_KEEPALIVE_MS', 25_000, { min: 50, max: 30_000 }, problems),
    requestsIdleTimeoutMs: parseIntegerVariable(env, 'MCP_REQUESTS_IDLE_TIMEOUT_MS', 300_000, { min: 100, max: 3_600_000 }, problems),
    callTimeoutMs: parseIntegerVariable(env, 'MCP_CALL_TIMEOUT_MS', 120_000, { min: 50, max: 3_600_000 }, problems),
    resultsBodyLimitBytes: parseIntegerVariable(env, 'MCP_RESULTS_BODY_LIMIT_BYTES', 16 * 1024 * 1024, { min: 1024, max: 64 * 1024 * 1024 }, problems),
  };
}
