import { ApiProperty, ApiSchema } from '@nestjs/swagger';
import type * as Wire from '../node-search.types';
import { DataSourceSchema, DataSourceViewSchema } from './data-source.schema';

// Documentation-only classes: `implements` ties each one to the wire type it describes.

/** Schema of `{ data_source_views }`. */
@ApiSchema({ name: 'SearchDataSourceViewsResponse' })
export class SearchDataSourceViewsResponseSchema implements Wire.SearchDataSourceViewsResponse {
  @ApiProperty({ type: () => DataSourceViewSchema, isArray: true })
  data_source_views!: DataSourceViewSchema[];
}

/** Schema of a content node found by node search. */
@ApiSchema({ name: 'DataSourceContentNode' })
export class ContentNodeSchema implements Wire.ContentNodeResponse {
  @ApiProperty({ type: 'boolean', description: 'Folders (and data sources) hold other nodes.' })
  expandable!: boolean;

  @ApiProperty({ type: 'string', description: 'The node id; `datasource_node_id` for a data source.' })
  internalId!: string;

  @ApiProperty({ type: 'integer', nullable: true, description: 'Milliseconds since the epoch.' })
  lastUpdatedAt!: number | null;

  @ApiProperty({ type: 'string' })
  mimeType!: string;

  @ApiProperty({ type: 'string', nullable: true })
  parentInternalId!: string | null;

  @ApiProperty({ type: 'boolean' })
  preventSelection!: boolean;

  @ApiProperty({ type: 'string', nullable: true })
  providerVisibility!: string | null;

  @ApiProperty({ type: 'string', nullable: true })
  sourceUrl!: string | null;

  @ApiProperty({ type: 'string' })
  title!: string;

  @ApiProperty({ enum: ['document', 'table', 'folder'] })
  type!: 'document' | 'table' | 'folder';

  @ApiProperty({ type: 'string', isArray: true, description: 'The node id, then its ancestors nearest first.' })
  parentsInternalIds!: string[];

  @ApiProperty({ type: 'string', nullable: true })
  parentTitle!: string | null;

  @ApiProperty({ type: () => DataSourceSchema })
  dataSource!: DataSourceSchema;

  @ApiProperty({ type: () => DataSourceViewSchema, isArray: true, description: 'The readable views of the data source that show the node.' })
  dataSourceViews!: DataSourceViewSchema[];
}

/** Schema of `{ nodes, warningCode, resultsCount }`. */
@ApiSchema({ name: 'SearchNodesResponse' })
export class SearchNodesResponseSchema implements Wire.SearchNodesResponse {
  @ApiProperty({ type: () => ContentNodeSchema, isArray: true })
  nodes!: ContentNodeSchema[];

  @ApiProperty({ type: 'string', nullable: true, enum: [null], description: 'Always null here.' })
  warningCode!: null;

  @ApiProperty({ type: 'integer', description: 'Every node that matched; `nodes` holds the first `limit`.' })
  resultsCount!: number;
}
