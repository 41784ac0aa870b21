import type { CellValue } from '@app/contracts/tables/table-values';

const INTEGER = /^[+-]?\d{1,15}$/;
const LONG_INTEGER = /^[+-]?\d+$/;
const DECIMAL = /^[+-]?(\d+\.\d*|\.\d+|\d+)([eE][+-]?\d+)?$/;
/** ISO 8601 dates and date-times (what `Date.parse` reads the same everywhere). */
const ISO_DATE = /^\d{4}-\d{2}-\d{2}([T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?)?$/;

/** A CSV cell as a typed value: empty is null, then integer, number, boolean, ISO date, else text. */
export function csvCell(text: string): CellValue {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  if (INTEGER.test(trimmed)) return Number(trimmed);
  if (DECIMAL.test(trimmed)) {
    const value = Number(trimmed);
    // A long run of digits (an id, an account number) past 2^53 would be rounded: it stays text.
    if (Number.isFinite(value) && !(LONG_INTEGER.test(trimmed) && !Number.isSafeInteger(value))) return value;
  }
  const lowered = trimmed.toLowerCase();
  if (lowered === 'true' || lowered === 'false') return lowered === 'true';
  if (ISO_DATE.test(trimmed)) {
    const epoch = Date.parse(trimmed.includes(' ') && !trimmed.includes('T') ? trimmed.replace(' ', 'T') : trimmed);
    if (Number.isFinite(epoch)) return { type: 'datetime', epoch, string_value: trimmed };
  }
  return text;
}

/**
 * Column names from a header row: lowercased, anything but a-z, 0-9 and _ made `_`, empty ones
 * named by position, and repeats numbered (`name`, `name_2`).
 */
export function columnNames(header: readonly string[]): string[] {
  const seen = new Set<string>();
  return header.map((raw, i) => {
    const base = raw.trim().toLowerCase().replace(/[^a-z0-9_]+/g, '_').replace(/^_+|_+$/g, '').slice(0, 120) || `column_${i + 1}`;
    let name = base;
    for (let n = 2; seen.has(name); n += 1) name = `${base}_${n}`;
    seen.add(name);
    return name;
  });
}

const DELIMITERS = [',', ';', '\t', '|'] as const;

/** The delimiter of a CSV from its first line: the candidate seen most often outside quotes. */
export function sniffDelimiter(firstLine: string): string {
  const counts = new Map<string, number>(DELIMITERS.map((d) => [d, 0]));
  let quoted = false;
  for (const char of firstLine) {
    if (char === '"') quoted = !quoted;
    else if (!quoted && counts.has(char)) counts.set(char, counts.get(char)! + 1);
  }
  let best: string = ',';
  for (const [delimiter, count] of counts) if (count > counts.get(best)!) best = delimiter;
  return best;
}
