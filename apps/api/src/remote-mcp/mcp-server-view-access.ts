import type { McpServerViewDocument, RemoteMcpServerDocument } from '@app/contracts/read-models/remote-mcp-server.read-models';
import { memberKey, type SpaceDocument, type UserDocument } from '@app/contracts/read-models/workspace.read-models';
import { Injectable } from '@nestjs/common';
import { ReadModels } from '../event-sourcing/reading/read-models';

/** A view a run may use, with its server. */
export interface UsableView {
  readonly view: McpServerViewDocument;
  readonly server: RemoteMcpServerDocument;
}

/**
 * Which MCP server views a member may use in a run: views of the workspace whose space is open to
 * every member, or restricted with the member among its members (or the member an admin). A run
 * without a member (a key not bound to one) gets views of open spaces only.
 */
@Injectable()
export class McpServerViewAccess {
  constructor(private readonly readModels: ReadModels) {}

  async usable(workspaceId: string, userId: string | null, viewIds: readonly string[]): Promise<UsableView[]> {
    const ids = [...new Set(viewIds)];
    if (ids.length === 0) return [];
    const views = [...(await this.readModels.getMany<McpServerViewDocument>('mcpServerViews', ids)).values()].filter((view) => view.workspaceId === workspaceId);
    const [spaces, servers, user] = await Promise.all([
      this.readModels.getMany<SpaceDocument>('spaces', views.map((view) => view.spaceId)),
      this.readModels.getMany<RemoteMcpServerDocument>('remoteMcpServers', views.map((view) => view.serverId)),
      userId === null ? null : this.readModels.get<UserDocument>('users', memberKey(workspaceId, userId)),
    ]);
    const member = user && user.workspaceId === workspaceId ? user : null;
    return ids.flatMap((id) => {
      const view = views.find((candidate) => candidate.sId === id);
      const space = view && spaces.get(view.spaceId);
      const server = view && servers.get(view.serverId);
      if (!view || !space || !server || space.workspaceId !== workspaceId || server.workspaceId !== workspaceId) return [];
      return memberMayUse(space, member) ? [{ view, server }] : [];
    });
  }
}

function memberMayUse(space: SpaceDocument, member: UserDocument | null): boolean {
  if (space.kind === 'conversations') return false;
  if (!space.isRestricted) return true;
  return member !== null && (member.role === 'admin' || (space.memberIds ?? []).includes(member.sId));
}
