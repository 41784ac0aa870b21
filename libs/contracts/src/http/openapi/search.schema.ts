import { ApiProperty, ApiSchema, OmitType } from '@nestjs/swagger';
import { CoreApiDocumentSchema } from './data-source.schema';
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

/** Schema of a document found by a search: a CoreAPIDocument without its token count, with scores. */
@ApiSchema({ name: 'SearchResultDocument' })
export class SearchResultDocumentSchema extends OmitType(CoreApiDocumentSchema, ['token_count', 'chunks', 'text'] as const) implements SearchResultDocument {
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
