import type { DataSourceDocument, DataSourceViewDocument } from '@app/contracts/read-models/data-source.read-models';
import type { SpaceDocument } from '@app/contracts/read-models/workspace.read-models';
import { Injectable } from '@nestjs/common';
import type { AuthContext } from '../auth/auth-context';
import { ReadModels } from '../event-sourcing/reading/read-models';
import type { ResolvedView } from './data-source-lookup';
import { canSeeSpace } from './space-access';

/** The data source views a caller may read: those of the data spaces of its workspace that it can see. */
@Injectable()
export class ReadableViews {
  constructor(private readonly readModels: ReadModels) {}

  /** Every readable view with its data source and space, oldest first. */
  async all(auth: AuthContext): Promise<ResolvedView[]> {
    const spaces = await this.readModels.find<SpaceDocument>('spaces', { where: { workspaceId: auth.workspace.sId }, sort: [{ field: 'createdAt', direction: 'asc' }] });
    const readable = spaces.filter((space) => space.kind !== 'conversations' && canSeeSpace(auth, space));
    if (readable.length === 0) return [];
    const views = await this.readModels.find<DataSourceViewDocument>('dataSourceViews', {
      where: { workspaceId: auth.workspace.sId, spaceId: { in: readable.map((space) => space.sId) } },
      sort: [{ field: 'createdAt', direction: 'asc' }],
    });
    const dataSources = await this.readModels.getMany<DataSourceDocument>('dataSources', [...new Set(views.map((view) => view.dataSourceId))]);
    const spaceById = new Map(readable.map((space) => [space.sId, space]));
    return views.flatMap((view) => {
      const dataSource = dataSources.get(view.dataSourceId);
      const space = spaceById.get(view.spaceId);
      return dataSource && space ? [{ view, dataSource, space }] : [];
    });
  }
}

/** Whether a view shows a node of its data source: every node, or those under one of its `parentsIn`. */
export function viewShows(view: DataSourceViewDocument, parents: readonly string[]): boolean {
  const { parentsIn } = view;
  return parentsIn === null || parents.some((parent) => parentsIn.includes(parent));
}
