import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsDefined, IsString, ValidateBy } from 'class-validator';
import { MAX_ROW_ID_LENGTH, rowsProblem } from '../tables/row-shape';
import type { TableRow } from '../tables/table-values';
import { MAX_DOCUMENT_ID_LENGTH, UpdateDocumentParentsDto } from './document.dto';
import { NonEmptyText, NullableText, OmittableBoolean } from './validation/field.decorator';
import { BoundedExtraKeys } from './validation/free-form.decorator';
import { InOrder } from './validation/in-order.decorator';
import { IsOmittable } from './validation/presence.decorator';
import { OptionalWebUrl } from './validation/web-url.decorator';
import { QueryInteger } from './validation/query-integer.decorator';
import { IsStringArray, LengthAtMost } from './validation/string.decorator';
import { MESSAGES } from './validation/validation.messages';

/** Most rows one list page may hold. */
export const MAX_TABLE_ROWS_PAGE_SIZE = 10_000;

/** Milliseconds since the epoch, or null, or left out (defaults to the upsert time). */
function OptionalEpochMs(): PropertyDecorator {
  return InOrder(
    ValidateBy({
      name: 'timestamp',
      validator: {
        validate: (value: unknown) => value === null || (typeof value === 'number' && Number.isFinite(value) && value >= 0 && value <= 8.64e15),
        defaultMessage: () => 'must be a number of milliseconds since the epoch',
      },
    }),
    IsOmittable(),
    ApiPropertyOptional({ type: Number, nullable: true, description: 'Milliseconds since the epoch; defaults to the upsert time.' }),
  );
}

/** Tags or parents: up to `maxItems` non-empty strings, or null, or left out. */
function OptionalStringList(maxItems: number): PropertyDecorator {
  return InOrder(IsStringArray({ maxItems, itemMinLength: 1, itemMaxLength: 512 }), IsOmittable(), ApiPropertyOptional({ type: String, isArray: true, nullable: true }));
}

/** `POST …/tables` (dust-api §5.4): a table's metadata; its rows come separately. */
@BoundedExtraKeys()
export class UpsertTableDto {
  @NonEmptyText(512, 'required', { description: 'Unique among the tables of the data source.' })
  name!: string;

  @ApiProperty({ type: String, maxLength: 100_000 })
  @InOrder(IsString({ message: MESSAGES.string }), LengthAtMost(100_000), IsDefined({ message: MESSAGES.required }))
  description!: string;

  @NullableText(512, { description: 'Defaults to the `title:` tag, then to the name.' })
  title?: string | null;

  @NullableText(MAX_DOCUMENT_ID_LENGTH, { description: 'Generated when absent.' })
  table_id?: string | null;

  @OptionalEpochMs()
  timestamp?: number | null;

  @OptionalStringList(256)
  tags?: string[] | null;

  @NullableText(MAX_DOCUMENT_ID_LENGTH)
  parent_id?: string | null;

  @OptionalStringList(64)
  parents?: string[] | null;

  @NullableText(255, { description: 'Defaults to text/csv.' })
  mime_type?: string | null;

  @OptionalWebUrl()
  source_url?: string | null;

  [key: string]: unknown;
}

/** `POST …/tables/{tId}/parents`. */
export class UpdateTableParentsDto extends UpdateDocumentParentsDto {}

/** `POST …/tables/{tId}/rows`. */
export class UpsertTableRowsDto {
  @ApiProperty({
    type: 'array',
    items: { type: 'object', properties: { row_id: { type: 'string', maxLength: MAX_ROW_ID_LENGTH }, value: { type: 'object', additionalProperties: true } } },
    description: 'Rows `{row_id, value: {column: string|number|boolean|null|{type: "datetime", epoch}}}`; column names are lowercased and must be lowercase alphanumeric.',
  })
  @IsDefined({ message: MESSAGES.required })
  @ValidateBy({
    name: 'tableRows',
    validator: { validate: (value: unknown) => rowsProblem(value) === undefined, defaultMessage: (args) => (args ? (rowsProblem(args.value) ?? 'invalid rows') : 'invalid rows') },
  })
  rows!: TableRow[];

  @OmittableBoolean({ description: 'Drop every row of the table first.' })
  truncate?: boolean;
}

/** `GET …/tables/{tId}/rows`: a page of rows in the order they were first upserted. */
export class ListTableRowsQueryDto {
  @QueryInteger(0, MAX_TABLE_ROWS_PAGE_SIZE, { default: 10 })
  limit?: number;

  @QueryInteger(0, Number.MAX_SAFE_INTEGER, { default: 0 })
  offset?: number;
}

/** `POST …/tables/csv`: a table from an uploaded CSV file (use case `upsert_table`). */
@BoundedExtraKeys()
export class UpsertTableFromCsvDto {
  @NonEmptyText(512, 'required', { description: 'Unique among the tables of the data source.' })
  name!: string;

  @ApiProperty({ type: String, maxLength: 100_000 })
  @InOrder(IsString({ message: MESSAGES.string }), LengthAtMost(100_000), IsDefined({ message: MESSAGES.required }))
  description!: string;

  @NullableText(512)
  title?: string | null;

  @NullableText(255)
  mimeType?: string | null;

  @NullableText(MAX_DOCUMENT_ID_LENGTH, { description: 'Generated when absent.' })
  tableId?: string | null;

  @NonEmptyText(64, 'required', { description: 'An uploaded file with use case `upsert_table`.' })
  fileId!: string;

  @OmittableBoolean({ description: 'Drop every row of the table first.' })
  truncate?: boolean;

  @OmittableBoolean({ description: 'Answer at once; the rows are imported in the background.' })
  async?: boolean;

  @OptionalEpochMs()
  timestamp?: number | null;

  @OptionalStringList(256)
  tags?: string[] | null;

  @NullableText(MAX_DOCUMENT_ID_LENGTH)
  parentId?: string | null;

  @OptionalStringList(64)
  parents?: string[] | null;

  @NullableText(2048)
  sourceUrl?: string | null;

  [key: string]: unknown;
}
