import type { WorkspaceResponse } from '@app/contracts/http/workspace.types';
import { renderWorkspace } from '@app/contracts/render/workspace.render';
import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { AuthContext } from '../../auth/auth-context';

/** The caller's workspace with its settings, as the key's role sees it. */
export class GetWorkspaceQuery extends Query<{ workspace: WorkspaceResponse }> {
  constructor(readonly auth: AuthContext) {
    super();
  }
}

@QueryHandler(GetWorkspaceQuery)
export class GetWorkspaceHandler implements IQueryHandler<GetWorkspaceQuery> {
  // The guard has just read the workspace's read model to authenticate the key: it is the answer.
  async execute({ auth }: GetWorkspaceQuery): Promise<{ workspace: WorkspaceResponse }> {
    return { workspace: renderWorkspace(auth.workspace, auth.role) };
  }
}
