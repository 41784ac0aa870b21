import { ApiExtraModels, ApiProperty, ApiPropertyOptional, ApiSchema, getSchemaPath } from '@nestjs/swagger';
import type { DocumentSection } from '../../documents/document-section';
import type * as Wire from '../data-source.types';

// Documentation-only classes: `implements` ties each one to the wire type it describes.

const EPOCH_MS = { type: 'integer', description: 'Milliseconds since the epoch.' } as const;

/** Schema of a data source. */
@ApiSchema({ name: 'DataSource' })
export class DataSourceSchema implements Wire.DataSourceResponse {
  @ApiProperty({ type: 'integer', description: 'Global log position of the event that created it.' })
  id!: number;

  @ApiProperty({ type: 'string', example: 'dts_aBcDeFgHiJkL' })
  sId!: string;

  @ApiProperty(EPOCH_MS)
  createdAt!: number;

  @ApiProperty({ type: 'string' })
  name!: string;

  @ApiProperty({ type: 'string', nullable: true })
  description!: string | null;

  @ApiProperty({ type: 'boolean' })
  assistantDefaultSelected!: boolean;

  @ApiProperty({ type: 'string' })
  dustAPIProjectId!: string;

  @ApiProperty({ type: 'string' })
  dustAPIDataSourceId!: string;

  @ApiProperty({ type: 'string', nullable: true, description: 'Always null: folders have no connector.' })
  connectorId!: string | null;

  @ApiProperty({ type: 'string', nullable: true, description: 'Always null: folders have no connector.' })
  connectorProvider!: string | null;
}

/** Schema of a data source view. */
@ApiSchema({ name: 'DataSourceView' })
export class DataSourceViewSchema implements Wire.DataSourceViewResponse {
  @ApiProperty({ type: 'string', example: 'folder' })
  category!: string;

  @ApiProperty(EPOCH_MS)
  createdAt!: number;

  @ApiProperty({ type: () => DataSourceSchema })
  dataSource!: DataSourceSchema;

  @ApiProperty({ type: 'integer' })
  id!: number;

  @ApiProperty({ type: 'string', example: 'default' })
  kind!: string;

  @ApiProperty({ type: 'string', isArray: true, nullable: true, description: 'Parents the view shows; null: the whole data source.' })
  parentsIn!: string[] | null;

  @ApiProperty({ type: 'string', example: 'dsv_aBcDeFgHiJkL' })
  sId!: string;

  @ApiProperty(EPOCH_MS)
  updatedAt!: number;

  @ApiProperty({ type: 'string', example: 'vlt_aBcDeFgHiJkL' })
  spaceId!: string;
}

/** Schema of a document chunk. */
@ApiSchema({ name: 'DocumentChunk' })
export class DocumentChunkSchema implements Wire.DocumentChunkResponse {
  @ApiProperty({ type: 'string' })
  text!: string;

  @ApiProperty({ type: 'string' })
  hash!: string;

  @ApiProperty({ type: 'integer' })
  offset!: number;

  @ApiPropertyOptional({ type: 'number', isArray: true, nullable: true })
  vector?: number[] | null;

  @ApiPropertyOptional({ type: 'number', nullable: true })
  score?: number | null;
}

/** Schema of a document (CoreAPIDocument). */
@ApiSchema({ name: 'CoreAPIDocument' })
export class CoreApiDocumentSchema implements Wire.CoreApiDocumentResponse {
  @ApiProperty({ type: 'string' })
  data_source_id!: string;

  @ApiProperty(EPOCH_MS)
  created!: number;

  @ApiProperty({ type: 'string' })
  document_id!: string;

  @ApiProperty(EPOCH_MS)
  timestamp!: number;

  @ApiProperty({ type: 'string', nullable: true })
  parent_id!: string | null;

  @ApiProperty({ type: 'string', isArray: true })
  parents!: string[];

  @ApiProperty({ type: 'string', isArray: true })
  tags!: string[];

  @ApiProperty({ type: 'string' })
  title!: string;

  @ApiProperty({ type: 'string' })
  mime_type!: string;

  @ApiProperty({ type: 'string', nullable: true })
  source_url!: string | null;

  @ApiProperty({ type: 'string', description: 'sha256 of the section tree.' })
  hash!: string;

  @ApiProperty({ type: 'integer', description: 'UTF-8 bytes of the text.' })
  text_size!: number;

  @ApiProperty({ type: 'integer' })
  token_count!: number;

  @ApiProperty({ type: 'integer' })
  chunk_count!: number;

  @ApiProperty({ type: () => DocumentChunkSchema, isArray: true })
  chunks!: DocumentChunkSchema[];

  @ApiProperty({ type: 'string', nullable: true })
  text!: string | null;
}

/** Schema of the light upsert answer. */
@ApiSchema({ name: 'LightDocument' })
export class LightDocumentSchema implements Wire.LightDocumentResponse {
  @ApiProperty({ type: 'string' })
  hash!: string;

  @ApiProperty({ type: 'integer' })
  text_size!: number;

  @ApiProperty({ type: 'integer' })
  chunk_count!: number;

  @ApiProperty({ type: 'integer' })
  token_count!: number;

  @ApiProperty(EPOCH_MS)
  created!: number;
}

/** Schema of `{ dataSource, dataSourceView }`. */
@ApiSchema({ name: 'CreateDataSourceResponse' })
export class CreateDataSourceResponseSchema implements Wire.CreateDataSourceResponse {
  @ApiProperty({ type: () => DataSourceSchema })
  dataSource!: DataSourceSchema;

  @ApiProperty({ type: () => DataSourceViewSchema })
  dataSourceView!: DataSourceViewSchema;
}

/** Schema of `{ data_sources }`. */
@ApiSchema({ name: 'ListDataSourcesResponse' })
export class ListDataSourcesResponseSchema implements Wire.ListDataSourcesResponse {
  @ApiProperty({ type: () => DataSourceSchema, isArray: true })
  data_sources!: DataSourceSchema[];
}

/** Schema of `{ dataSourceViews }`. */
@ApiSchema({ name: 'ListDataSourceViewsResponse' })
export class ListDataSourceViewsResponseSchema implements Wire.ListDataSourceViewsResponse {
  @ApiProperty({ type: () => DataSourceViewSchema, isArray: true })
  dataSourceViews!: DataSourceViewSchema[];
}

/** Schema of `{ dataSourceView }`. */
@ApiSchema({ name: 'DataSourceViewEnvelope' })
export class DataSourceViewEnvelopeSchema implements Wire.DataSourceViewEnvelope {
  @ApiProperty({ type: () => DataSourceViewSchema })
  dataSourceView!: DataSourceViewSchema;
}

/** Schema of `{ document_id }`. */
@ApiSchema({ name: 'DocumentId' })
export class DocumentIdSchema {
  @ApiProperty({ type: 'string' })
  document_id!: string;
}

/** Schema of `{ document: { document_id } }`. */
@ApiSchema({ name: 'DocumentIdResponse' })
export class DocumentIdResponseSchema implements Wire.DocumentIdResponse {
  @ApiProperty({ type: () => DocumentIdSchema })
  document!: DocumentIdSchema;
}

/** Schema of the upsert's answer: the document (whole, light, or only its id with `async`) and, unless async, its data source. */
@ApiSchema({ name: 'UpsertDocumentResponse' })
@ApiExtraModels(CoreApiDocumentSchema, LightDocumentSchema, DocumentIdSchema)
export class UpsertDocumentResponseSchema implements Wire.UpsertDocumentResponse {
  // anyOf, not oneOf: a whole document also has every field of the light answer and of `{document_id}`.
  @ApiProperty({
    anyOf: [{ $ref: getSchemaPath(CoreApiDocumentSchema) }, { $ref: getSchemaPath(LightDocumentSchema) }, { $ref: getSchemaPath(DocumentIdSchema) }],
  })
  document!: Wire.CoreApiDocumentResponse | Wire.LightDocumentResponse;

  @ApiPropertyOptional({ type: () => DataSourceSchema, description: 'Absent with `async`.' })
  data_source!: DataSourceSchema;
}

/** Schema of `{ document }`. */
@ApiSchema({ name: 'GetDocumentResponse' })
export class GetDocumentResponseSchema implements Wire.GetDocumentResponse {
  @ApiProperty({ type: () => CoreApiDocumentSchema })
  document!: CoreApiDocumentSchema;
}

/** Schema of `{ documents, total }`. */
@ApiSchema({ name: 'ListDocumentsResponse' })
export class ListDocumentsResponseSchema implements Wire.ListDocumentsResponse {
  @ApiProperty({ type: () => CoreApiDocumentSchema, isArray: true })
  documents!: CoreApiDocumentSchema[];

  @ApiProperty({ type: 'integer', description: 'Documents matching, all pages together.' })
  total!: number;
}

/** Schema of a document as it was upserted. */
@ApiSchema({ name: 'DocumentBlob' })
export class DocumentBlobSchema {
  @ApiProperty({ type: 'string' })
  document_id!: string;

  @ApiProperty({ type: 'string' })
  mime_type!: string;

  @ApiProperty({ type: 'string', nullable: true })
  parent_id!: string | null;

  @ApiProperty({ type: 'string', isArray: true })
  parents!: string[];

  @ApiProperty({ type: 'object', additionalProperties: true, description: 'The section tree `{prefix, content, sections}`.' })
  section!: DocumentSection;

  @ApiProperty({ type: 'string', nullable: true })
  source_url!: string | null;

  @ApiProperty({ type: 'string', isArray: true })
  tags!: string[];

  @ApiProperty(EPOCH_MS)
  timestamp!: number;

  @ApiProperty({ type: 'string' })
  title!: string;
}

/** Schema of `{ blob }`. */
@ApiSchema({ name: 'DocumentBlobResponse' })
export class DocumentBlobResponseSchema implements Wire.DocumentBlobResponse {
  @ApiProperty({ type: () => DocumentBlobSchema })
  blob!: DocumentBlobSchema;
}

/** Schema of `{ updated: true }`. */
@ApiSchema({ name: 'UpdatedResponse' })
export class UpdatedResponseSchema implements Wire.UpdatedResponse {
  @ApiProperty({ type: 'boolean', enum: [true] })
  updated!: true;
}

/** Schema of `{ tokens }`: each token as `[id, text]`. */
@ApiSchema({ name: 'TokenizeResponse' })
export class TokenizeResponseSchema implements Wire.TokenizeResponse {
  @ApiProperty({
    type: 'array',
    items: { type: 'array', minItems: 2, maxItems: 2, items: { oneOf: [{ type: 'integer' }, { type: 'string' }] } },
  })
  tokens!: [number, string][];
}
