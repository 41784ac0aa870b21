import { mediaTypeOf, TEXT_TYPES } from '@app/contracts/files/file-formats';
import { extractDocx } from './docx.extractor';
import { extractCsv, extractTsv } from './delimited.extractor';
import type { FormatExtractor } from './format-extractor';
import { extractHtml } from './html.extractor';
import { extractJson } from './json.extractor';
import { extractPdf } from './pdf.extractor';
import { extractPlainText } from './plain-text.extractor';
import { extractPptx } from './pptx.extractor';
import { extractXlsx } from './xlsx.extractor';

/**
 * Which extractor reads which declared type. The legacy Office types (`application/msword`,
 * `application/vnd.ms-powerpoint`, `application/vnd.ms-excel`) are the ones the client declares
 * for `.docx`/`.pptx` files too, so they go to the Open XML readers; a real binary `.doc`/`.ppt`/`.xls`
 * fails there with a reason. Google Workspace types carry no bytes of their own and have no extractor.
 */
const EXTRACTORS = new Map<string, FormatExtractor>([
  ['application/pdf', extractPdf],
  ['application/vnd.openxmlformats-officedocument.wordprocessingml.document', extractDocx],
  ['application/msword', extractDocx],
  ['application/vnd.openxmlformats-officedocument.presentationml.presentation', extractPptx],
  ['application/vnd.ms-powerpoint', extractPptx],
  ['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', extractXlsx],
  ['application/vnd.ms-excel', extractXlsx],
  ['text/html', extractHtml],
  ['text/csv', extractCsv],
  ['text/comma-separated-values', extractCsv],
  ['text/tab-separated-values', extractTsv],
  ['text/tsv', extractTsv],
  ['application/json', extractJson],
  ['application/vnd.dust.section.json', extractJson],
]);

/**
 * Every other text type of the supported list (source code, markup, configuration, mail) is read
 * as it is, and so is `application/octet-stream` when it is valid UTF-8 (it fails otherwise).
 */
for (const type of [...TEXT_TYPES, 'application/octet-stream']) if (!EXTRACTORS.has(type)) EXTRACTORS.set(type, extractPlainText);

/** The extractor for a declared content type, or null when there is none. */
export function extractorFor(contentType: string): FormatExtractor | null {
  return EXTRACTORS.get(mediaTypeOf(contentType)) ?? null;
}
