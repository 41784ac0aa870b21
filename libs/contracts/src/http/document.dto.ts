import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsDefined, IsIn, IsString, ValidateBy } from 'class-validator';
import { MAX_DOCUMENT_BYTES, sectionProblem } from '../documents/section-shape';
import type { DocumentSection } from '../documents/document-section';
import { NestedObject, NullableText, OmittableBoolean } from './validation/field.decorator';
import { BoundedExtraKeys } from './validation/free-form.decorator';
import { InOrder } from './validation/in-order.decorator';
import { ObjectRule } from './validation/object-rule.decorator';
import { IsOmittable } from './validation/presence.decorator';
import { OptionalWebUrl } from './validation/web-url.decorator';
import { QueryInteger } from './validation/query-integer.decorator';
import { IsStringArray } from './validation/string.decorator';
import { MESSAGES, oneOf } from './validation/validation.messages';
import { utf8ByteLength } from './validation/utf8-length';

// Checks of a property run from the decorator nearest to it upwards and stop at the first failure.

/** Longest document id accepted (path parameter). */
export const MAX_DOCUMENT_ID_LENGTH = 512;
/** Longest title accepted (the real service refuses long titles with a 400). */
export const MAX_DOCUMENT_TITLE_LENGTH = 512;
/**
 * Most documents one list page may hold. Documents are up to 2 MiB each and a page reads them
 * whole from the read model, so pages stay small.
 */
export const MAX_DOCUMENT_PAGE_SIZE = 100;

const documentSize = `At most ${MAX_DOCUMENT_BYTES / 1024 / 1024} MiB of UTF-8 (the section tree counted as JSON).`;

function tagList(description: string, maxItems: number): PropertyDecorator {
  return InOrder(
    IsStringArray({ maxItems, itemMinLength: 1, itemMaxLength: 512 }),
    IsOmittable(),
    ApiPropertyOptional({ type: String, isArray: true, nullable: true, description }),
  );
}

/** `{sync_type?}`: accepted for compatibility, it changes nothing here. */
export class UpsertContextDto {
  @InOrder(IsIn(['batch', 'incremental'], { message: oneOf(['batch', 'incremental']) }), IsOmittable(), ApiPropertyOptional({ enum: ['batch', 'incremental'] }))
  sync_type?: 'batch' | 'incremental';
}

/**
 * `POST …/documents/{documentId}` (dust-api §5.3): `text` or `section` (one of them), and the
 * document's metadata. Keys the real service knows but that change nothing here are let through.
 */
@ObjectRule('documentContent', (body) => {
  const text = body.text ?? null;
  const section = body.section ?? null;
  if (text === null && section === null) return 'give the document as text or as section';
  if (text !== null && section !== null) return 'give either text or section, not both';
  return undefined;
})
@ObjectRule('documentParents', (body) => {
  const parents = body.parents as string[] | null | undefined;
  if (parents === undefined || parents === null) return undefined;
  if (parents.length > 0 && parents[1] !== (body.parent_id ?? undefined)) return 'parents[1] must be parent_id (and parent_id must be given with more than one parent)';
  return undefined;
})
@BoundedExtraKeys()
export class UpsertDocumentDto {
  @ApiPropertyOptional({ type: String, nullable: true, description: `The document's text. ${documentSize}` })
  @IsOmittable()
  @ValidateBy({
    name: 'documentText',
    validator: {
      validate: (value: unknown) => value === null || (typeof value === 'string' && utf8ByteLength(value) <= MAX_DOCUMENT_BYTES),
      defaultMessage: () => `must be a string of at most ${MAX_DOCUMENT_BYTES / 1024 / 1024} MiB`,
    },
  })
  text?: string | null;

  @ApiPropertyOptional({
    type: 'object',
    additionalProperties: true,
    nullable: true,
    description: `A section tree \`{prefix: string|null, content: string|null, sections: [...]}\`, nested at most 16 levels, 10,000 sections. ${documentSize}`,
  })
  @IsOmittable()
  @ValidateBy({
    name: 'section',
    validator: {
      validate: (value: unknown) => value === null || sectionProblem(value) === undefined,
      defaultMessage: (args) => (args ? (sectionProblem(args.value) ?? 'must be a section') : 'must be a section'),
    },
  })
  section?: DocumentSection | null;

  @NullableText(MAX_DOCUMENT_TITLE_LENGTH, { description: 'Defaults to the `title:` tag, then to the document id.' })
  title?: string | null;

  @NullableText(255, { example: 'text/plain', description: 'Defaults to application/octet-stream.' })
  mime_type?: string | null;

  @OptionalWebUrl()
  source_url?: string | null;

  @tagList('Tags; a `title:<title>` tag is added when absent.', 256)
  tags?: string[] | null;

  @ApiPropertyOptional({ type: Number, nullable: true, description: 'Milliseconds since the epoch; defaults to the upsert time.' })
  @IsOmittable()
  @ValidateBy({
    name: 'timestamp',
    validator: {
      validate: (value: unknown) => value === null || (typeof value === 'number' && Number.isFinite(value) && value >= 0 && value <= 8.64e15),
      defaultMessage: () => 'must be a number of milliseconds since the epoch',
    },
  })
  timestamp?: number | null;

  @NullableText(MAX_DOCUMENT_ID_LENGTH)
  parent_id?: string | null;

  @tagList('The document id, then its ancestors nearest first (defaults to [documentId, parent_id]).', 64)
  parents?: string[] | null;

  @OmittableBoolean({ description: 'Answer with hash and sizes only, not the whole document.' })
  light_document_output?: boolean;

  @OmittableBoolean({ description: 'Answer once the document is recorded, before it is readable.' })
  async?: boolean;

  // Validated nested, so that sync_type is held to the enum the OpenAPI document declares.
  @NestedObject(() => UpsertContextDto, 'nullable')
  upsert_context?: UpsertContextDto | null;

  [key: string]: unknown;
}

/** `POST …/documents/{documentId}/parents`. */
@ObjectRule('documentParents', (body) => {
  const parents = body.parents as string[];
  if (Array.isArray(parents) && parents.length > 1 && parents[1] !== body.parent_id) return 'parents[1] must be parent_id';
  return undefined;
})
export class UpdateDocumentParentsDto {
  @NullableText(MAX_DOCUMENT_ID_LENGTH)
  parent_id?: string | null;

  @InOrder(IsStringArray({ minItems: 1, maxItems: 64, itemMinLength: 1, itemMaxLength: 512 }), IsDefined({ message: MESSAGES.required }), ApiProperty({ type: String, isArray: true }))
  parents!: string[];
}

/** `POST …/tokenize`. */
export class TokenizeDto {
  @ApiProperty({ type: String, description: `At most ${MAX_DOCUMENT_BYTES / 1024 / 1024} MiB of UTF-8.` })
  @IsDefined({ message: MESSAGES.required })
  @ValidateBy({
    name: 'tokenizeText',
    validator: {
      validate: (value: unknown) => typeof value === 'string' && utf8ByteLength(value) <= MAX_DOCUMENT_BYTES,
      defaultMessage: () => `must be a string of at most ${MAX_DOCUMENT_BYTES / 1024 / 1024} MiB`,
    },
  })
  @IsString({ message: MESSAGES.string })
  text!: string;
}

/** `GET …/documents`: a page, optionally of given documents only. */
export class ListDocumentsQueryDto {
  @QueryInteger(0, MAX_DOCUMENT_PAGE_SIZE, { default: 10 })
  limit?: number;

  // Past 2^53 a number no longer names one integer.
  @QueryInteger(0, Number.MAX_SAFE_INTEGER, { default: 0 })
  offset?: number;

  @ApiPropertyOptional({ type: String, isArray: true, description: 'Only these documents (repeat the key).' })
  @Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? [value] : value))
  @IsOmittable()
  @InOrder(IsStringArray({ maxItems: MAX_DOCUMENT_PAGE_SIZE, itemMaxLength: MAX_DOCUMENT_ID_LENGTH }))
  document_ids?: string[];
}
