import { ApiProperty, ApiSchema } from '@nestjs/swagger';
import type { SearchResultChunk, SearchResultDocument } from '../search-result.types';

// Documentation-only classes: `implements` ties each one to the wire type it describes.

/** Schema of a chunk of a found document. */
@ApiSchema({ name: 'SearchResultChunk' })
export class SearchResultChunkSchema implements SearchResultChunk {
  @ApiProperty({ type: 'string' })
  text!: string;

  @ApiProperty({ type: 'string' })
  hash!: string;

  @ApiProperty({ type: 'integer', description: "The chunk's position in its document (0, 1, …)." })
  offset!: number;

  @ApiProperty({ type: 'number', nullable: true, description: 'Relevance (grows with it); null for a neighbour added by target_document_tokens.' })
  score!: number | null;
}

/** Schema of a document found by a search. */
@ApiSchema({ name: 'SearchResultDocument' })
export class SearchResultDocumentSchema implements SearchResultDocument {
  @ApiProperty({ type: 'string' })
  data_source_id!: string;

  @ApiProperty({ type: 'integer', description: 'Milliseconds since the epoch.' })
  created!: number;

  @ApiProperty({ type: 'string' })
  document_id!: string;

  @ApiProperty({ type: 'string' })
  title!: string;

  @ApiProperty({ type: 'string' })
  mime_type!: string;

  @ApiProperty({ type: 'integer', description: 'Milliseconds since the epoch.' })
  timestamp!: number;

  @ApiProperty({ type: 'string', nullable: true })
  parent_id!: string | null;

  @ApiProperty({ type: 'string', isArray: true })
  parents!: string[];

  @ApiProperty({ type: 'string', isArray: true })
  tags!: string[];

  @ApiProperty({ type: 'string', nullable: true })
  source_url!: string | null;

  @ApiProperty({ type: 'string' })
  hash!: string;

  @ApiProperty({ type: 'integer' })
  text_size!: number;

  @ApiProperty({ type: 'integer' })
  chunk_count!: number;

  @ApiProperty({ type: () => SearchResultChunkSchema, isArray: true })
  chunks!: SearchResultChunkSchema[];

  @ApiProperty({ type: 'string', nullable: true, description: 'The full text with full_text, else null.' })
  text!: string | null;

  @ApiProperty({ type: 'number', description: 'The best chunk score of the document.' })
  score!: number;
}

/** Schema of the search endpoints' answer. */
@ApiSchema({ name: 'SearchDocumentsResponse' })
export class SearchDocumentsResponseSchema {
  @ApiProperty({ type: () => SearchResultDocumentSchema, isArray: true })
  documents!: SearchResultDocumentSchema[];

  @ApiProperty({ type: 'string', enum: ['hybrid', 'lexical'], description: 'Whether vectors took part in the ranking.' })
  search_mode!: 'hybrid' | 'lexical';

  @ApiProperty({ type: 'string', nullable: true, description: 'Why the search was answered by words only, or null when hybrid.' })
  lexical_only_reason!: string | null;
}
