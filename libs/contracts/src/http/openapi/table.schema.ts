import { ApiProperty, ApiSchema, type ApiPropertyOptions } from '@nestjs/swagger';
import type { CellValue, ColumnType, TableColumn, TableRow } from '../../tables/table-values';
import type * as Wire from '../table.types';

// Documentation-only classes: `implements` ties each one to the wire type it describes.

const CELLS: ApiPropertyOptions = {
  type: 'object',
  additionalProperties: {
    nullable: true,
    oneOf: [
      { type: 'string' },
      { type: 'number' },
      { type: 'boolean' },
      { type: 'object', properties: { type: { type: 'string', enum: ['datetime'] }, epoch: { type: 'number' }, string_value: { type: 'string' } }, required: ['type', 'epoch'] },
    ],
  },
  description: 'Cells by lowercased column name.',
};

/** Schema of one column of a table. */
@ApiSchema({ name: 'TableColumn' })
export class TableColumnSchema implements TableColumn {
  @ApiProperty({ type: 'string' })
  name!: string;

  @ApiProperty({ type: 'string', enum: ['int', 'float', 'text', 'bool', 'datetime'] })
  value_type!: ColumnType;

  @ApiProperty({ type: 'string', isArray: true, nullable: true, description: 'Values of a text column while they are few (at most 16).' })
  possible_values!: string[] | null;
}

/** Where a CSV import into a table stands. */
@ApiSchema({ name: 'TableImportStatus' })
export class TableImportStatusSchema implements Wire.TableImportStatusResponse {
  @ApiProperty({ type: 'string', enum: ['importing', 'ready', 'failed'] })
  state!: 'importing' | 'ready' | 'failed';

  @ApiProperty({ type: 'integer', description: 'Rows written so far (updated every 50,000 rows while importing).' })
  rows_imported!: number;

  @ApiProperty({ type: 'string', nullable: true, description: 'Why the import failed; null otherwise.' })
  reason!: string | null;
}

/** Schema of a table. */
@ApiSchema({ name: 'Table' })
export class TableSchema implements Wire.TableResponse {
  @ApiProperty({ type: 'string' })
  table_id!: string;

  @ApiProperty({ type: 'string' })
  name!: string;

  @ApiProperty({ type: 'string' })
  title!: string;

  @ApiProperty({ type: 'string' })
  description!: string;

  @ApiProperty({ type: () => TableColumnSchema, isArray: true, nullable: true, description: 'Null until the table has rows.' })
  schema!: TableColumnSchema[] | null;

  @ApiProperty({ type: 'integer', description: 'Milliseconds since the epoch.' })
  timestamp!: number;

  @ApiProperty({ type: 'string', isArray: true })
  tags!: string[];

  @ApiProperty({ type: 'string', isArray: true })
  parents!: string[];

  @ApiProperty({ type: 'string', nullable: true })
  parent_id!: string | null;

  @ApiProperty({ type: 'string' })
  mime_type!: string;

  @ApiProperty({ type: 'string', nullable: true })
  source_url!: string | null;

  @ApiProperty({ type: 'integer', description: 'Rows of the table now.' })
  row_count!: number;

  @ApiProperty({ type: () => TableImportStatusSchema, nullable: true, description: 'The last CSV import; null when the table never had one.' })
  status!: TableImportStatusSchema | null;
}

@ApiSchema({ name: 'ListTablesResponse' })
export class ListTablesResponseSchema implements Wire.ListTablesResponse {
  @ApiProperty({ type: () => TableSchema, isArray: true })
  tables!: TableSchema[];
}

@ApiSchema({ name: 'GetTableResponse' })
export class GetTableResponseSchema implements Wire.GetTableResponse {
  @ApiProperty({ type: () => TableSchema })
  table!: TableSchema;
}

/** Schema of a table as a rows upsert answers it. */
@ApiSchema({ name: 'TableSummary' })
export class TableSummarySchema {
  @ApiProperty({ type: 'string' })
  name!: string;

  @ApiProperty({ type: 'string' })
  table_id!: string;

  @ApiProperty({ type: 'string' })
  description!: string;

  @ApiProperty({ type: () => TableColumnSchema, isArray: true, nullable: true })
  schema!: TableColumnSchema[] | null;
}

@ApiSchema({ name: 'UpsertTableRowsResponse' })
export class UpsertTableRowsResponseSchema implements Wire.UpsertTableRowsResponse {
  @ApiProperty({ type: () => TableSummarySchema })
  table!: TableSummarySchema;
}

/** Schema of a row. */
@ApiSchema({ name: 'TableRow' })
export class TableRowSchema implements TableRow {
  @ApiProperty({ type: 'string' })
  row_id!: string;

  @ApiProperty(CELLS)
  value!: Record<string, CellValue>;
}

@ApiSchema({ name: 'ListTableRowsResponse' })
export class ListTableRowsResponseSchema implements Wire.ListTableRowsResponse {
  @ApiProperty({ type: () => TableRowSchema, isArray: true })
  rows!: TableRowSchema[];

  @ApiProperty({ type: 'integer' })
  offset!: number;

  @ApiProperty({ type: 'integer' })
  limit!: number;

  @ApiProperty({ type: 'integer', description: 'Rows of the table, all pages together.' })
  total!: number;
}

@ApiSchema({ name: 'GetTableRowResponse' })
export class GetTableRowResponseSchema implements Wire.GetTableRowResponse {
  @ApiProperty({ type: () => TableRowSchema })
  row!: TableRowSchema;
}

@ApiSchema({ name: 'SuccessResponse' })
export class SuccessResponseSchema implements Wire.SuccessResponse {
  @ApiProperty({ type: 'boolean', enum: [true] })
  success!: true;
}
