import { mcpServerKey } from '@app/contracts/events/mcp-server.events';
import { isLive, type McpServerState } from '@app/domain/mcp-server/mcp-server.state';
import { Inject, Injectable } from '@nestjs/common';
import { McpServerAggregateWriter } from '../event-sourcing/writing/aggregate-writers';
import type { AuthContext } from '../auth/auth-context';
import { ApiError } from '../common/http/api-error';
import { API_CONFIG, type ApiConfig } from '../config/api-config';

/** One user's server in a workspace. */
export interface McpServerRef {
  readonly workspaceId: string;
  readonly userId: string;
  readonly serverId: string;
}

export function keyOf(ref: McpServerRef): string {
  return mcpServerKey(ref.workspaceId, ref.userId, ref.serverId);
}

/** The member a key acts as: client-side servers belong to a user, never to a bare workspace key. */
export function mcpUserOf(auth: AuthContext): string {
  if (!auth.user) {
    throw new ApiError(
      'invalid_request_error',
      'Client-side MCP servers belong to a user: use a personal access token, or a key bound to a member (--user <email>).',
      403,
    );
  }
  return auth.user.sId;
}

/**
 * Access to the caller's own registered servers, read from their streams (not the read model), so a
 * server registered a moment ago is found at once by every replica. Each access renews a
 * registration past half its lifetime, as the real service refreshes it on every access check.
 */
@Injectable()
export class McpServers {
  constructor(
    private readonly mcpServers: McpServerAggregateWriter,
    @Inject(API_CONFIG) private readonly config: ApiConfig,
  ) {}

  ref(auth: AuthContext, serverId: string): McpServerRef {
    return { workspaceId: auth.workspace.sId, userId: mcpUserOf(auth), serverId };
  }

  state(ref: McpServerRef): Promise<McpServerState> {
    return this.mcpServers.read(keyOf(ref));
  }

  /** The live server named by the caller, renewed if due; 403 `mcp_auth_error` otherwise. */
  async requireLive(auth: AuthContext, serverId: string): Promise<{ ref: McpServerRef; state: McpServerState }> {
    const ref = this.ref(auth, serverId);
    const now = Date.now();
    let state = await this.state(ref);
    if (!isLive(state, now)) {
      throw new ApiError('mcp_auth_error', `No live MCP server ${serverId} is registered for you in this workspace.`);
    }
    const ttlMs = this.config.mcp.registrationTtlMs;
    if (state.expiresAt - now < ttlMs / 2) {
      state = (await this.renew(ref, now)).state;
    }
    return { ref, state };
  }

  /** Renews the registration for the configured lifetime, from `now` (the instant its liveness was checked) or the time of the call. */
  renew(ref: McpServerRef, now?: number) {
    return this.mcpServers.run(keyOf(ref), { type: 'RenewMcpServer', ttlMs: this.config.mcp.registrationTtlMs, now }, ref.userId);
  }
}
