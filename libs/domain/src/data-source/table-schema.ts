import { isDatetimeCell, type CellValue, type ColumnType, type TableColumn, type TableRow } from '@app/contracts/tables/table-values';

/** Distinct values a text column may have and still list them as `possible_values`. */
export const MAX_POSSIBLE_VALUES = 16;
/** Longest value listed in `possible_values` (longer text makes the column free text). */
const MAX_POSSIBLE_VALUE_LENGTH = 64;

function cellType(value: CellValue): ColumnType | null {
  if (value === null) return null;
  if (typeof value === 'boolean') return 'bool';
  if (typeof value === 'number') return Number.isInteger(value) ? 'int' : 'float';
  if (typeof value === 'string') return 'text';
  return isDatetimeCell(value) ? 'datetime' : 'text';
}

/** The narrowest type holding both: int widens to float, any other mix is text. */
function widen(a: ColumnType, b: ColumnType): ColumnType {
  if (a === b) return a;
  if ((a === 'int' && b === 'float') || (a === 'float' && b === 'int')) return 'float';
  return 'text';
}

function withValue(column: TableColumn, type: ColumnType, value: CellValue): TableColumn {
  const widened = widen(column.value_type, type);
  if (widened !== 'text') return widened === column.value_type ? column : { ...column, value_type: widened, possible_values: null };
  // A column that just became text lost the values it had: it lists none from then on.
  if (column.value_type !== 'text' || column.possible_values === null || typeof value !== 'string') return { ...column, value_type: 'text', possible_values: null };
  if (column.possible_values.includes(value)) return column;
  if (value.length > MAX_POSSIBLE_VALUE_LENGTH || column.possible_values.length >= MAX_POSSIBLE_VALUES) return { ...column, possible_values: null };
  return { ...column, possible_values: [...column.possible_values, value] };
}

function newColumn(name: string, type: ColumnType, value: CellValue): TableColumn {
  const listed = type === 'text' && typeof value === 'string' && value.length <= MAX_POSSIBLE_VALUE_LENGTH;
  return { name, value_type: type, possible_values: type === 'text' ? (listed ? [value] : null) : null };
}

/**
 * The schema after some rows, inferred from their cells: a column's type only widens (int, then
 * float, then text) until the table is truncated, and a text column lists its values while they
 * are few and short. Columns keep the order in which they first appeared; null cells say nothing.
 */
export function extendSchema(schema: readonly TableColumn[], rows: readonly TableRow[]): TableColumn[] {
  const columns = new Map(schema.map((column) => [column.name, column]));
  for (const row of rows) {
    for (const [name, value] of Object.entries(row.value)) {
      const type = cellType(value);
      const current = columns.get(name);
      if (type === null) {
        if (!current) columns.set(name, { name, value_type: 'text', possible_values: [] });
        continue;
      }
      if (!current) columns.set(name, newColumn(name, type, value));
      // A column seen only with null cells so far (text listing nothing) takes its first value's type.
      else if (current.value_type === 'text' && current.possible_values?.length === 0) columns.set(name, newColumn(name, type, value));
      else columns.set(name, withValue(current, type, value));
    }
  }
  return [...columns.values()];
}

