import { mcpServerKey } from '@app/contracts/events/mcp-server.events';
import { isLive } from '@app/domain/mcp-server/mcp-server.state';
import type { McpServerAggregateWriter } from '../event-sourcing/writing/aggregate-writers';
import type { AuthContext } from '../auth/auth-context';
import { ApiError } from '../common/http/api-error';

/**
 * Checks the client-side servers a user message lends to its agents (`context.clientSideMCPServerIds`),
 * as the real service does when the message is posted: they belong to a user, so the key must act
 * as one (401 `user_not_found`), and each must be a live server of that user (403 `mcp_auth_error`).
 */
export async function requireOwnLiveServers(mcpServers: McpServerAggregateWriter, auth: AuthContext, serverIds: readonly string[] | null | undefined): Promise<void> {
  if (!serverIds || serverIds.length === 0) return;
  if (!auth.user) {
    throw new ApiError('user_not_found', 'context.clientSideMCPServerIds is only available when authenticated as a user: use a personal access token, or a key bound to a member (--user <email>).');
  }
  const now = Date.now();
  for (const serverId of new Set(serverIds)) {
    const state = await mcpServers.read(mcpServerKey(auth.workspace.sId, auth.user.sId, serverId));
    if (!isLive(state, now)) throw new ApiError('mcp_auth_error', `No live MCP server ${serverId} is registered for you in this workspace.`);
  }
}
