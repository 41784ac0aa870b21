import type { DataSourceDocument, DataSourceViewDocument } from '@app/contracts/read-models/data-source.read-models';
import type { SpaceDocument } from '@app/contracts/read-models/workspace.read-models';
import { Injectable } from '@nestjs/common';
import type { AuthContext } from '../auth/auth-context';
import { ApiError } from '../common/http/api-error';
import { ReadModels } from '../event-sourcing/reading/read-models';
import { canSeeSpace, SpaceAccess } from './space-access';

/** A data source and the space it lives in. */
export interface ResolvedDataSource {
  readonly space: SpaceDocument;
  readonly dataSource: DataSourceDocument;
}

/** A view, its data source and their space. */
export interface ResolvedView extends ResolvedDataSource {
  readonly view: DataSourceViewDocument;
}

const notFound = (): ApiError => new ApiError('data_source_not_found', 'The data source you requested was not found.');

/**
 * Resolves data sources and views named in a path, in the caller's workspace and in spaces it can
 * see. A data source is named by its sId or, as the real service allows, by its name.
 */
@Injectable()
export class DataSourceLookup {
  constructor(
    private readonly readModels: ReadModels,
    private readonly spaces: SpaceAccess,
  ) {}

  /** Canonical paths: `…/spaces/{spaceId}/data_sources/{dsId}`. */
  async inSpace(auth: AuthContext, spaceId: string, dsId: string): Promise<ResolvedDataSource> {
    const space = await this.spaces.dataSpace(auth, spaceId);
    const dataSource = await this.find(auth, dsId);
    if (!dataSource || dataSource.spaceId !== space.sId) throw notFound();
    return { space, dataSource };
  }

  /** Legacy paths: `…/data_sources/{dsId}`, in whichever space the data source lives. */
  async anywhere(auth: AuthContext, dsId: string): Promise<ResolvedDataSource> {
    const dataSource = await this.find(auth, dsId);
    if (!dataSource) throw notFound();
    const space = await this.readModels.get<SpaceDocument>('spaces', dataSource.spaceId);
    if (!space || !canSeeSpace(auth, space)) throw notFound();
    return { space, dataSource };
  }

  /** `…/spaces/{spaceId}/data_source_views/{dsvId}`. */
  async view(auth: AuthContext, spaceId: string, dsvId: string): Promise<ResolvedView> {
    const space = await this.spaces.dataSpace(auth, spaceId);
    const view = await this.readModels.get<DataSourceViewDocument>('dataSourceViews', dsvId);
    const dataSource = view && view.spaceId === space.sId ? await this.readModels.get<DataSourceDocument>('dataSources', view.dataSourceId) : null;
    if (!view || !dataSource) throw new ApiError('data_source_view_not_found', 'The data source view you requested was not found.');
    return { space, view, dataSource };
  }

  private async find(auth: AuthContext, dsId: string): Promise<DataSourceDocument | null> {
    const bySId = await this.readModels.get<DataSourceDocument>('dataSources', dsId);
    if (bySId) return bySId.workspaceId === auth.workspace.sId ? bySId : null;
    const [byName] = await this.readModels.find<DataSourceDocument>('dataSources', { where: { workspaceId: auth.workspace.sId, name: dsId }, limit: 1 });
    return byName ?? null;
  }
}

/** Only admins and builders write into data sources (403 `data_source_auth_error` otherwise). */
export function requireDataSourceWriter(auth: AuthContext): void {
  if (auth.role !== 'admin' && auth.role !== 'builder') {
    throw new ApiError('data_source_auth_error', 'You are not allowed to write into this data source: only the workspace admins and builders can.');
  }
}
