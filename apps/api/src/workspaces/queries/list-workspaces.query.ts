import type { Region } from '@app/contracts/events/workspace.events';
import type { WorkspaceDocument } from '@app/contracts/read-models/workspace.read-models';
import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { ReadModels } from '../../event-sourcing/reading/read-models';

/** A workspace as the administration CLI lists it. */
export interface WorkspaceSummary {
  readonly workspaceId: string;
  readonly name: string;
  readonly region: Region;
  readonly createdAt: string;
}

/** Every workspace of the deployment, oldest first (administration, not exposed over HTTP). */
export class ListWorkspacesQuery extends Query<WorkspaceSummary[]> {}

@QueryHandler(ListWorkspacesQuery)
export class ListWorkspacesHandler implements IQueryHandler<ListWorkspacesQuery> {
  constructor(private readonly readModels: ReadModels) {}

  async execute(_query: ListWorkspacesQuery): Promise<WorkspaceSummary[]> {
    const workspaces = await this.readModels.find<WorkspaceDocument>('workspaces', { sort: [{ field: 'createdAt', direction: 'asc' }] });
    return workspaces.map((workspace) => ({
      workspaceId: workspace.sId,
      name: workspace.name,
      region: workspace.region,
      createdAt: new Date(workspace.createdAt).toISOString(),
    }));
  }
}
