import type { DocumentContent } from '@app/contracts/events/data-source/data-source-document.events';
import { normalizedSection, sectionHash, sectionOfText, sectionText } from '@app/contracts/documents/document-section';
import { MAX_DOCUMENT_ID_LENGTH, type UpsertDocumentDto } from '@app/contracts/http/document.dto';
import { ApiError } from '../common/http/api-error';
import { countTokensYielding } from '../tokenizing/bounded-tokenizer';
import { TimeSlice } from '../tokenizing/time-slice';
import { DOCUMENT_TOKENIZER } from './tokenizer';

const DEFAULT_MIME_TYPE = 'application/octet-stream';
const TITLE_TAG = 'title:';

/** A document id from a path: 1 to MAX_DOCUMENT_ID_LENGTH characters. */
export function checkedDocumentId(documentId: string): string {
  if (documentId.length === 0 || documentId.length > MAX_DOCUMENT_ID_LENGTH) {
    throw new ApiError('invalid_request_error', `Invalid path parameters: documentId must be 1 to ${MAX_DOCUMENT_ID_LENGTH} characters.`);
  }
  return documentId;
}

/**
 * The document an upsert body describes, with the real service's defaults: the title falls back
 * to a `title:` tag then to the document id, and a `title:` tag is added when absent; parents
 * default to `[documentId, parent_id]`. Counting its tokens gives the event loop turns.
 */
export async function documentContentOf(documentId: string, body: UpsertDocumentDto, now: number): Promise<DocumentContent> {
  const section = body.section ? normalizedSection(body.section) : sectionOfText(body.text ?? '');
  const text = sectionText(section);
  const tags = [...new Set(body.tags ?? [])];
  const titleTag = tags.find((tag) => tag.startsWith(TITLE_TAG));
  const title = body.title ?? titleTag?.slice(TITLE_TAG.length) ?? documentId;
  if (!titleTag) tags.push(`${TITLE_TAG}${title}`);
  const parentId = body.parent_id ?? null;
  const parents = body.parents && body.parents.length > 0 ? body.parents : [documentId, ...(parentId ? [parentId] : [])];
  if (parents[0] !== documentId) throw new ApiError('invalid_request_error', 'Invalid request body: parents[0] must be the document id.');
  const hash = sectionHash(section);
  // The body was read, parsed and validated in this same turn of the event loop: others get one
  // before the count starts.
  const slice = new TimeSlice();
  await slice.pause();
  const tokenCount = await countTokensYielding(text, slice);
  return {
    title,
    mimeType: body.mime_type ?? DEFAULT_MIME_TYPE,
    sourceUrl: body.source_url ?? null,
    tags,
    timestamp: Math.floor(body.timestamp ?? now),
    parentId,
    parents,
    section,
    hash,
    textSize: Buffer.byteLength(text, 'utf8'),
    tokenCount,
    tokenizer: DOCUMENT_TOKENIZER,
  };
}
