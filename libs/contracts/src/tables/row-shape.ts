import { isDatetimeCell, type CellValue, type TableRow } from './table-values';

/** Most rows one upsert request may carry (larger imports go through a CSV file). */
export const MAX_ROWS_PER_UPSERT = 50_000;
/** Most columns a row may have. */
export const MAX_ROW_COLUMNS = 512;
/** Longest row id and column name accepted. */
export const MAX_ROW_ID_LENGTH = 512;
export const MAX_COLUMN_NAME_LENGTH = 128;

/** What a column name must be once lowercased, as the real service checks it. */
const COLUMN_NAME = /^[a-z0-9_]+$/;

/**
 * Whole numbers past ±2^53 that JSON writes as plain digits (below 1e21) arrived rounded: 9007199254740993
 * reads as ...992. Storing them would silently change the data, so they are refused (a string keeps them).
 */
function isRoundedInteger(value: number): boolean {
  return Number.isInteger(value) && !Number.isSafeInteger(value) && Math.abs(value) < 1e21;
}

function isCell(value: unknown): value is CellValue {
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return true;
  if (typeof value === 'number') return Number.isFinite(value) && !isRoundedInteger(value);
  return isDatetimeCell(value) && Number.isFinite(value.epoch) && Object.keys(value).every((key) => ['type', 'epoch', 'string_value'].includes(key));
}

/** Why a column name is refused, or undefined. */
export function columnNameProblem(name: string): string | undefined {
  const lowered = name.toLowerCase();
  if (lowered.length === 0 || lowered.length > MAX_COLUMN_NAME_LENGTH || !COLUMN_NAME.test(lowered)) {
    return `column name "${name.slice(0, 64)}" is invalid: column names must be lowercase alphanumeric (a-z, 0-9 and _), at most ${MAX_COLUMN_NAME_LENGTH} characters`;
  }
  return undefined;
}

/** Why a list of rows is refused (naming the first bad row), or undefined. */
export function rowsProblem(rows: unknown): string | undefined {
  if (!Array.isArray(rows)) return 'must be an array of rows';
  if (rows.length > MAX_ROWS_PER_UPSERT) return `at most ${MAX_ROWS_PER_UPSERT} rows per request (send more in several requests, or import a CSV file)`;
  for (const [i, row] of rows.entries()) {
    const problem = rowProblem(row);
    if (problem) return `rows[${i}]: ${problem}`;
  }
  return undefined;
}

function rowProblem(row: unknown): string | undefined {
  if (typeof row !== 'object' || row === null || Array.isArray(row)) return 'must be an object {row_id, value}';
  const { row_id: rowId, value } = row as { row_id?: unknown; value?: unknown };
  if (typeof rowId !== 'string' || rowId.length === 0 || rowId.length > MAX_ROW_ID_LENGTH) return `row_id must be a non-empty string of at most ${MAX_ROW_ID_LENGTH} characters`;
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return 'value must be an object of cells';
  const names = Object.keys(value);
  if (names.length > MAX_ROW_COLUMNS) return `at most ${MAX_ROW_COLUMNS} columns`;
  const lowered = new Set<string>();
  for (const name of names) {
    const problem = columnNameProblem(name);
    if (problem) return problem;
    if (lowered.has(name.toLowerCase())) return `column "${name}" is given twice (column names are case-insensitive)`;
    lowered.add(name.toLowerCase());
    const cell = (value as Record<string, unknown>)[name];
    if (typeof cell === 'number' && isRoundedInteger(cell)) return `the value of "${name}" is a whole number past ±${Number.MAX_SAFE_INTEGER}, which cannot be stored exactly: send it as a string`;
    if (!isCell(cell)) return `the value of "${name}" must be a string, a finite number, a boolean, null or {type: "datetime", epoch}`;
  }
  return undefined;
}

/** A checked row with its column names lowercased, as it is stored. */
export function normalizedRow(row: TableRow): TableRow {
  return { row_id: row.row_id, value: Object.fromEntries(Object.entries(row.value).map(([name, cell]) => [name.toLowerCase(), cell])) };
}
