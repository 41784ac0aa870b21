import type { ExtractionLimits } from '../../config/file-extraction-settings';
import { extractorFor } from './formats/extractors-by-content-type';
import { UnreadableFileError, type ExtractedContent } from './formats/format-extractor';
import type { ExtractedTable, ExtractionResult } from './text-extractor.port';

/** A library's own error message, shortened: it says what was wrong without a stack or a dump of the input. */
function libraryReason(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  const firstLine = message.split('\n')[0] ?? '';
  return firstLine.length > 200 ? `${firstLine.slice(0, 200)}…` : firstLine;
}

/** Cuts text longer than the cap, and says so at the cut: a model must not take a part for the whole. */
export function capText(text: string, maxChars: number): string {
  if (text.length <= maxChars) return text;
  return `${text.slice(0, maxChars)}\n\n[Text truncated: the extraction exceeded ${maxChars} characters.]`;
}

/** Keeps whole rows while the tables' cells add up to at most the cap (the text says what was cut). */
function capTables(tables: readonly ExtractedTable[], maxChars: number): ExtractedTable[] {
  let budget = maxChars;
  const kept: ExtractedTable[] = [];
  for (const table of tables) {
    const rows: (readonly string[])[] = [];
    for (const row of table.rows) {
      budget -= row.reduce((sum, cell) => sum + cell.length + 1, 0);
      if (budget < 0) break;
      rows.push(row);
    }
    kept.push({ name: table.name, rows });
    if (budget < 0) break;
  }
  return kept;
}

function capContent(content: ExtractedContent, maxChars: number): ExtractionResult {
  const text = capText(content.text, maxChars);
  return content.tables === undefined ? { ok: true, text } : { ok: true, text, tables: capTables(content.tables, maxChars) };
}

/**
 * Extracts one file in the calling thread: picks the extractor for the declared type, turns every
 * failure into `ok: false` with a reason, and caps the output. The worker pool runs this off the
 * main thread; it must not be called on the request path with untrusted input.
 */
export async function extractFile(
  bytes: Uint8Array,
  contentType: string,
  limits: ExtractionLimits,
  fileName?: string,
): Promise<ExtractionResult> {
  const extractor = extractorFor(contentType);
  if (extractor === null) return { ok: false, reason: `No text extractor for "${contentType}".` };
  try {
    return capContent(await extractor(bytes, { limits, fileName }), limits.maxOutputChars);
  } catch (error) {
    if (error instanceof UnreadableFileError) return { ok: false, reason: error.message };
    if (error instanceof RangeError && /call stack/i.test(error.message)) {
      return { ok: false, reason: 'The file is nested too deeply to read.' };
    }
    return { ok: false, reason: `The file could not be read as ${contentType}: ${libraryReason(error)}` };
  }
}
