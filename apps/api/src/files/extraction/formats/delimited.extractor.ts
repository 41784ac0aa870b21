import { parse } from 'csv-parse/sync';
import type { FormatExtractor } from './format-extractor';
import { renderTables, squareRows } from './table-text';
import { decodeUtf8Text } from './utf8-text';

const CANDIDATE_DELIMITERS = [',', ';', '\t', '|'] as const;

/** The delimiter that occurs most often in the first line, outside quotes (a comma when none does). */
export function detectDelimiter(text: string): string {
  const counts = new Map<string, number>();
  let quoted = false;
  for (const char of text) {
    if (char === '"') quoted = !quoted;
    else if (!quoted && (char === '\n' || char === '\r')) break;
    else if (!quoted && (CANDIDATE_DELIMITERS as readonly string[]).includes(char)) counts.set(char, (counts.get(char) ?? 0) + 1);
  }
  let best: string = ',';
  for (const delimiter of CANDIDATE_DELIMITERS) if ((counts.get(delimiter) ?? 0) > (counts.get(best) ?? 0)) best = delimiter;
  return best;
}

function delimitedExtractor(fixedDelimiter: string | null): FormatExtractor {
  return async (bytes, { fileName }) => {
    const text = decodeUtf8Text(bytes);
    const records: string[][] = parse(text, {
      delimiter: fixedDelimiter ?? detectDelimiter(text),
      bom: true,
      relax_column_count: true,
      skip_empty_lines: true,
    });
    const tables = [{ name: fileName ?? 'table', rows: squareRows(records) }];
    return { text: renderTables(tables), tables };
  };
}

/** CSV with its delimiter detected (comma, semicolon, tab or pipe): one table. */
export const extractCsv = delimitedExtractor(null);
/** Tab-separated values: one table. */
export const extractTsv = delimitedExtractor('\t');
