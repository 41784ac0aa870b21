import { parseBooleanVariable, parseIntegerVariable, type Environment } from '@app/storage';
import { Secret } from './provider-settings';

/** Limits and secrets of calls to remote MCP servers. */
export interface RemoteMcpSettings {
  /** Key sealing header values in the event log (AES-256-GCM); null refuses servers with headers. */
  readonly secretsKey: Secret | null;
  /** Private, loopback, link-local and unique-local addresses are allowed (an operator's choice). */
  readonly allowPrivateNetworks: boolean;
  /** The MCP handshake (`initialize`) must finish within this. */
  readonly connectTimeoutMs: number;
  /** One `tools/list` page must arrive within this. */
  readonly listTimeoutMs: number;
  /** One `tools/call` must answer within this, or the call fails (the run goes on). */
  readonly callTimeoutMs: number;
  /** Largest response body accepted from a remote server; a larger tool result fails its call. */
  readonly maxResultBytes: number;
  /** A server's tools are listed again before a run when the last listing is older than this. */
  readonly toolsStaleAfterMs: number;
}

export function parseRemoteMcpSettings(env: Environment, problems: string[]): RemoteMcpSettings {
  return {
    secretsKey: parseSecretsKey(env.SECRETS_KEY, problems),
    allowPrivateNetworks: parseBooleanVariable(env, 'MCP_ALLOW_PRIVATE_NETWORKS', false, problems),
    connectTimeoutMs: parseIntegerVariable(env, 'MCP_REMOTE_CONNECT_TIMEOUT_MS', 10_000, { min: 50, max: 300_000 }, problems),
    listTimeoutMs: parseIntegerVariable(env, 'MCP_REMOTE_LIST_TIMEOUT_MS', 15_000, { min: 50, max: 300_000 }, problems),
    callTimeoutMs: parseIntegerVariable(env, 'MCP_REMOTE_CALL_TIMEOUT_MS', 60_000, { min: 50, max: 3_600_000 }, problems),
    maxResultBytes: parseIntegerVariable(env, 'MCP_REMOTE_MAX_RESULT_BYTES', 4 * 1024 * 1024, { min: 1024, max: 64 * 1024 * 1024 }, problems),
    toolsStaleAfterMs: parseIntegerVariable(env, 'MCP_REMOTE_TOOLS_STALE_AFTER_MS', 3_600_000, { min: 1_000, max: 30 * 86_400_000 }, problems),
  };
}

/** 32 bytes, as 64 hex digits or base64; anything else is a boot problem. */
function parseSecretsKey(raw: string | undefined, problems: string[]): Secret | null {
  const value = raw?.trim();
  if (!value) return null;
  const bytes = /^[0-9a-fA-F]{64}$/.test(value) ? Buffer.from(value, 'hex') : /^[A-Za-z0-9+/_-]+={0,2}$/.test(value) ? Buffer.from(value, 'base64') : null;
  if (bytes === null || bytes.length !== 32) {
    problems.push('SECRETS_KEY must be 32 bytes, written as 64 hex digits or in base64 (for example: openssl rand -base64 32)');
    return null;
  }
  return new Secret(bytes.toString('hex'));
}
