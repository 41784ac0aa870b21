/** A datetime cell, as the real service sends and accepts it. */
export interface DatetimeCell {
  readonly type: 'datetime';
  readonly epoch: number;
  readonly string_value?: string;
}

/** One cell of a row. */
export type CellValue = string | number | boolean | null | DatetimeCell;

/** A row: its id and its cells by (lowercased) column name. */
export interface TableRow {
  readonly row_id: string;
  readonly value: Record<string, CellValue>;
}

export type ColumnType = 'int' | 'float' | 'text' | 'bool' | 'datetime';

/** One column of a table's schema, as the official client validates it. */
export interface TableColumn {
  readonly name: string;
  readonly value_type: ColumnType;
  /** Distinct values of a low-cardinality text column, null past that. */
  readonly possible_values: string[] | null;
}

export function isDatetimeCell(value: unknown): value is DatetimeCell {
  return typeof value === 'object' && value !== null && (value as { type?: unknown }).type === 'datetime' && typeof (value as { epoch?: unknown }).epoch === 'number';
}
