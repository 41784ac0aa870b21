import type { ContentNodeResponse } from '@app/contracts/http/node-search.types';
import type { ContentNodeRecord } from '@app/contracts/read-models/content-node.read-models';
import type { DataSourceDocument } from '@app/contracts/read-models/data-source.read-models';
import { renderDataSource, renderDataSourceView } from '@app/contracts/render/data-source.render';
import { Injectable } from '@nestjs/common';
import type { AuthContext } from '../auth/auth-context';
import { ReadModels } from '../event-sourcing/reading/read-models';
import type { ResolvedView } from './data-source-lookup';
import { ReadableViews, viewShows } from './readable-views';
import { SpaceAccess } from './space-access';

/** The id the real service gives a data source shown as a node. */
const DATA_SOURCE_NODE_ID = 'datasource_node_id';
const DATA_SOURCE_MIME_TYPE = 'application/vnd.dust.datasource';

/** What a node search asks for: a text `query` or the `nodeIds` wanted, and where. */
export interface NodeSearchParams {
  readonly query?: string;
  readonly nodeIds?: readonly string[];
  readonly viewType: 'document' | 'table' | 'all';
  readonly spaceIds: readonly string[];
  readonly includeDataSources: boolean;
  readonly searchSourceUrls: boolean;
}

interface Match {
  readonly rank: number;
  readonly timestamp: number;
  readonly node: ContentNodeResponse;
}

/**
 * Node search, shared by `POST …/search` and the unified search stream: the documents, tables and
 * folders of the data source views the caller can read whose title holds the query (or whose id is
 * asked for), each with its data source and the views that show it. Exact titles first, then
 * titles starting with the query, then the others; newest first within each.
 */
@Injectable()
export class NodeSearch {
  constructor(
    private readonly readModels: ReadModels,
    private readonly readable: ReadableViews,
    private readonly spaces: SpaceAccess,
  ) {}

  /** Every match, best first. */
  async matching(auth: AuthContext, body: NodeSearchParams): Promise<ContentNodeResponse[]> {
    const views = await this.scopedViews(auth, body.spaceIds);
    const byDataSource = new Map<string, { dataSource: DataSourceDocument; views: ResolvedView[] }>();
    for (const resolved of views) {
      const entry = byDataSource.get(resolved.dataSource.sId) ?? { dataSource: resolved.dataSource, views: [] };
      entry.views.push(resolved);
      byDataSource.set(resolved.dataSource.sId, entry);
    }
    const needle = body.query?.toLowerCase();
    const rankOf = (title: string, sourceUrl: string | null): number | null => {
      if (needle === undefined) return 2;
      const lower = title.toLowerCase();
      if (lower === needle) return 0;
      if (lower.startsWith(needle)) return 1;
      if (lower.includes(needle)) return 2;
      if (body.searchSourceUrls && sourceUrl?.toLowerCase().includes(needle)) return 3;
      return null;
    };
    const wanted = body.nodeIds && new Set(body.nodeIds);
    const matches: Match[] = [];
    for (const { dataSource, views: dataSourceViews } of byDataSource.values()) {
      const nodes = await this.readModels.find<ContentNodeRecord>('contentNodes', { where: { dataSourceId: dataSource.sId } });
      const folderTitles = new Map(nodes.filter((node) => node.nodeType === 'folder').map((node) => [node.nodeId, node.title]));
      for (const node of nodes) {
        if (body.viewType !== 'all' && node.nodeType !== 'folder' && node.nodeType !== body.viewType) continue;
        if (wanted && !wanted.has(node.nodeId)) continue;
        const rank = rankOf(node.title, node.sourceUrl);
        if (rank === null) continue;
        const showing = dataSourceViews.filter(({ view }) => viewShows(view, node.parents));
        if (showing.length === 0) continue;
        matches.push({ rank, timestamp: node.timestamp, node: renderNode(node, dataSource, showing, folderTitles) });
      }
      if (body.includeDataSources && needle !== undefined) {
        const rank = rankOf(dataSource.name, null);
        if (rank !== null) matches.push({ rank, timestamp: dataSource.createdAt, node: dataSourceNode(dataSource, dataSourceViews) });
      }
    }
    matches.sort((a, b) => a.rank - b.rank || b.timestamp - a.timestamp || a.node.title.localeCompare(b.node.title));
    return matches.map((match) => match.node);
  }

  /** The readable views, in the spaces asked for (none: all); a space the caller cannot read is a 404. */
  private async scopedViews(auth: AuthContext, spaceIds: readonly string[]): Promise<ResolvedView[]> {
    for (const spaceId of new Set(spaceIds)) await this.spaces.dataSpace(auth, spaceId);
    const views = await this.readable.all(auth);
    return spaceIds.length === 0 ? views : views.filter(({ space }) => spaceIds.includes(space.sId));
  }
}

function renderNode(node: ContentNodeRecord, dataSource: DataSourceDocument, showing: readonly ResolvedView[], folderTitles: ReadonlyMap<string, string>): ContentNodeResponse {
  return {
    expandable: node.nodeType === 'folder',
    internalId: node.nodeId,
    lastUpdatedAt: node.timestamp,
    mimeType: node.mimeType,
    parentInternalId: node.parentId,
    preventSelection: false,
    providerVisibility: node.providerVisibility,
    sourceUrl: node.sourceUrl,
    title: node.title,
    type: node.nodeType,
    parentsInternalIds: node.parents,
    parentTitle: node.parentId === null ? null : (folderTitles.get(node.parentId) ?? null),
    dataSource: renderDataSource(dataSource),
    dataSourceViews: showing.map(({ view }) => renderDataSourceView(view, dataSource)),
  };
}

/** A data source shown as a node, as the real service shows it when `includeDataSources` is set. */
function dataSourceNode(dataSource: DataSourceDocument, views: readonly ResolvedView[]): ContentNodeResponse {
  return {
    expandable: true,
    internalId: DATA_SOURCE_NODE_ID,
    lastUpdatedAt: dataSource.createdAt,
    mimeType: DATA_SOURCE_MIME_TYPE,
    parentInternalId: null,
    preventSelection: false,
    providerVisibility: null,
    sourceUrl: null,
    title: dataSource.name,
    type: 'folder',
    parentsInternalIds: [],
    parentTitle: null,
    dataSource: renderDataSource(dataSource),
    dataSourceViews: views.map(({ view }) => renderDataSourceView(view, dataSource)),
  };
}
