import type { ExtractedTable } from '../text-extractor.port';

const NEEDS_QUOTES = /[",\r\n]/;

function csvField(value: string): string {
  return NEEDS_QUOTES.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
}

/** One table as a CSV block under its name, the way a model reads a spreadsheet best. */
export function renderTable(table: ExtractedTable): string {
  const lines = table.rows.map((row) => row.map(csvField).join(','));
  return [`## ${table.name}`, '', '```csv', ...lines, '```'].join('\n');
}

/** Every table, one block each, separated by a blank line. */
export function renderTables(tables: readonly ExtractedTable[]): string {
  return tables.map(renderTable).join('\n\n');
}

/** Pads every row to the widest row's width, so the header row sets the width of all. */
export function squareRows(rows: readonly (readonly string[])[]): string[][] {
  const width = rows.reduce((widest, row) => Math.max(widest, row.length), 0);
  return rows.map((row) => [...row, ...Array<string>(width - row.length).fill('')]);
}
