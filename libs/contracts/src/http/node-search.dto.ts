import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsBoolean, IsDefined, IsIn, IsInt, Matches, Max, Min } from 'class-validator';
import { MAX_DOCUMENT_ID_LENGTH } from './document.dto';
import { NonEmptyText, OmittableBoolean } from './validation/field.decorator';
import { InOrder } from './validation/in-order.decorator';
import { ObjectRule } from './validation/object-rule.decorator';
import { QueryInteger } from './validation/query-integer.decorator';
import { parseQueryFlag } from './validation/query.transforms';
import { IsOmittable } from './validation/presence.decorator';
import { IsStringArray } from './validation/string.decorator';
import { MESSAGES, oneOf } from './validation/validation.messages';

/** Most nodes one node search answers. */
export const MAX_NODE_SEARCH_LIMIT = 100;
/** Longest text a node search matches titles against. */
export const MAX_NODE_SEARCH_QUERY_LENGTH = 256;
const VIEW_TYPES = ['document', 'table', 'all'] as const;

/** `GET …/data_source_views/search` (the client's `SearchDataSourceViewsRequestSchema`): every filter optional. */
export class SearchDataSourceViewsQueryDto {
  @NonEmptyText(256, 'omittable', { description: 'A data source sId or name.' })
  dataSourceId?: string;

  @NonEmptyText(64, 'omittable', { example: 'default' })
  kind?: string;

  @NonEmptyText(64, 'omittable', { description: 'A space sId.' })
  vaultId?: string;

  @NonEmptyText(64, 'omittable', { example: 'regular' })
  vaultKind?: string;
}

/**
 * `POST …/search` (the client's `SearchRequestBodySchema`): a text `query` matched against titles,
 * or the `nodeIds` wanted, never both.
 */
@ObjectRule('nodeSearch', (body) => {
  const hasQuery = body.query !== undefined;
  const hasNodeIds = body.nodeIds !== undefined;
  if (hasQuery === hasNodeIds) return 'give either query or nodeIds';
  return undefined;
})
export class SearchNodesDto {
  @NonEmptyText(MAX_NODE_SEARCH_QUERY_LENGTH, 'omittable', { description: 'Matched, in any case, inside node titles (and source URLs with searchSourceUrls).' })
  query?: string;

  @InOrder(
    IsStringArray({ maxItems: MAX_NODE_SEARCH_LIMIT, itemMinLength: 1, itemMaxLength: MAX_DOCUMENT_ID_LENGTH }),
    IsOmittable(),
    ApiPropertyOptional({ type: String, isArray: true, description: 'The ids of the nodes wanted.' }),
  )
  nodeIds?: string[];

  @InOrder(IsIn(VIEW_TYPES, { message: oneOf(VIEW_TYPES) }), IsDefined({ message: MESSAGES.required }), ApiProperty({ enum: VIEW_TYPES, description: 'Folders are in every view type.' }))
  viewType!: 'document' | 'table' | 'all';

  @InOrder(
    IsStringArray({ maxItems: 100, itemMinLength: 1, itemMaxLength: 64 }),
    IsDefined({ message: MESSAGES.required }),
    ApiProperty({ type: String, isArray: true, description: 'Spaces searched; none for every space the caller can read.' }),
  )
  spaceIds!: string[];

  @InOrder(IsBoolean({ message: MESSAGES.boolean }), IsDefined({ message: MESSAGES.required }), ApiProperty({ type: Boolean, description: 'Also match data sources by name.' }))
  includeDataSources!: boolean;

  @InOrder(
    IsInt({ message: 'must be an integer' }),
    Min(1, { message: 'must be at least 1' }),
    Max(MAX_NODE_SEARCH_LIMIT, { message: `must be at most ${MAX_NODE_SEARCH_LIMIT}` }),
    IsDefined({ message: MESSAGES.required }),
    ApiProperty({ type: 'integer', minimum: 1, maximum: MAX_NODE_SEARCH_LIMIT }),
  )
  limit!: number;

  @OmittableBoolean({ description: 'Also match the query inside source URLs.' })
  searchSourceUrls?: boolean;
}

const UNIFIED_VIEW_TYPES = ['all', 'documents', 'tables'] as const;

function QueryFlag(description: string): PropertyDecorator {
  return InOrder(IsBoolean({ message: MESSAGES.boolean }), IsOmittable(), Transform(parseQueryFlag), ApiPropertyOptional({ enum: ['true', 'false'], description }));
}

/** `GET …/search` (the client's `searchUnified`): node search as a stream, paged by an opaque cursor. */
export class SearchUnifiedQueryDto {
  @NonEmptyText(MAX_NODE_SEARCH_QUERY_LENGTH, 'required', { description: 'Matched, in any case, inside node titles.' })
  query!: string;

  @QueryInteger(1, MAX_NODE_SEARCH_LIMIT, { default: 25 })
  limit?: number;

  @InOrder(Matches(/^\d{1,9}$/, { message: 'must be a cursor this server gave' }), IsOmittable(), ApiPropertyOptional({ type: String, description: 'The `nextPageCursor` of the previous page.' }))
  cursor?: string;

  @InOrder(IsIn(UNIFIED_VIEW_TYPES, { message: oneOf(UNIFIED_VIEW_TYPES) }), IsOmittable(), ApiPropertyOptional({ enum: UNIFIED_VIEW_TYPES, default: 'all' }))
  viewType?: 'all' | 'documents' | 'tables';

  @InOrder(
    Matches(/^[A-Za-z0-9_]{1,64}(,[A-Za-z0-9_]{1,64}){0,99}$/, { message: 'must be at most 100 space ids separated by commas' }),
    IsOmittable(),
    ApiPropertyOptional({ type: String, description: 'Space sIds separated by commas; none for every readable space.' }),
  )
  spaceIds?: string;

  @QueryFlag('Also match data sources by name (default true).')
  includeDataSources?: boolean;

  @QueryFlag('Also match the query inside source URLs (default false).')
  searchSourceUrls?: boolean;

  @QueryFlag('Also send tool results (always none here; default true).')
  includeTools?: boolean;
}
