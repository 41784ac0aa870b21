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
 * The text formats of the official client's `supportedOtherFileFormats`: source code, markup and
 * configuration an agent reads as it is. `application/octet-stream` is read as text when it is
 * valid UTF-8 and fails otherwise.
 */
const PLAIN_TEXT_TYPES = [
  'text/plain',
  'text/markdown',
  'text/vnd.dust.attachment.slack.thread',
  'text/vnd.dust.attachment.pasted',
  'text/xml',
  'application/xml',
  'text/calendar',
  'text/css',
  'text/javascript',
  'text/typescript',
  'message/rfc822',
  'application/x-sh',
  'text/x-sh',
  'text/x-python',
  'text/x-python-script',
  'application/x-yaml',
  'text/yaml',
  'text/vnd.yaml',
  'text/x-c',
  'text/x-csharp',
  'text/x-java-source',
  'text/x-php',
  'text/x-ruby',
  'text/x-sql',
  'text/x-swift',
  'text/x-rust',
  'text/x-go',
  'text/x-kotlin',
  'text/x-scala',
  'text/x-groovy',
  'text/x-perl',
  'text/x-perl-script',
  'application/octet-stream',
] as const;

/**
 * Which extractor reads which declared type. The legacy Office types (`application/msword`,
 * `application/vnd.ms-powerpoint`, `application/vnd.ms-excel`) are the ones the client declares
 * for `.docx`/`.pptx` files too, so they go to the Open XML readers; a real binary `.doc`/`.ppt`/`.xls`
 * fails there with a reason. Google Workspace types carry no bytes of their own and have no extractor.
 */
const EXTRACTORS: ReadonlyMap<string, FormatExtractor> = new Map<string, FormatExtractor>([
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
  ...PLAIN_TEXT_TYPES.map((type) => [type, extractPlainText] as const),
]);

/** The MIME type without parameters, lower-cased: `Text/CSV; charset=utf-8` → `text/csv`. */
export function essenceOf(contentType: string): string {
  return (contentType.split(';')[0] ?? '').trim().toLowerCase();
}

/** The extractor for a declared content type, or null when there is none. */
export function extractorFor(contentType: string): FormatExtractor | null {
  return EXTRACTORS.get(essenceOf(contentType)) ?? null;
}
