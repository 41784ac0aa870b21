import ExcelJS, { type CellValue } from 'exceljs';
import type { ExtractedTable } from '../text-extractor.port';
import type { FormatExtractor } from './format-extractor';
import { renderTables, squareRows } from './table-text';
import { assertZipWithinLimits } from './zip-guard';

/** A date as ISO 8601: the day alone when it falls at midnight UTC (a date cell), else the full instant. */
function isoDate(date: Date): string {
  const iso = date.toISOString();
  return iso.endsWith('T00:00:00.000Z') ? iso.slice(0, 10) : iso;
}

/** A cell's value as text: formulas by their result, rich text and links by their text, dates in ISO 8601. */
export function cellText(value: CellValue): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return isoDate(value);
  if (typeof value !== 'object') return String(value);
  if ('richText' in value) return value.richText.map((run) => run.text).join('');
  if ('hyperlink' in value) return value.text;
  if ('error' in value) return value.error;
  if ('result' in value) return value.result === undefined ? '' : cellText(value.result);
  return '';
}

/** Excel workbooks: one table per worksheet, named after the sheet, every cell rendered as text. */
export const extractXlsx: FormatExtractor = async (bytes, { limits }) => {
  assertZipWithinLimits(bytes, limits);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength) as unknown as ArrayBuffer);
  const tables: ExtractedTable[] = workbook.worksheets.map((sheet) => {
    const rows: string[][] = [];
    sheet.eachRow({ includeEmpty: true }, (row, rowNumber) => {
      const cells: string[] = [];
      row.eachCell({ includeEmpty: true }, (cell, columnNumber) => (cells[columnNumber - 1] = cellText(cell.value)));
      rows[rowNumber - 1] = Array.from(cells, (cell) => cell ?? '');
    });
    return { name: sheet.name, rows: squareRows(Array.from(rows, (row) => row ?? [])) };
  });
  return { text: renderTables(tables), tables };
};
