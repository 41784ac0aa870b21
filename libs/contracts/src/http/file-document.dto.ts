import { OmitType } from '@nestjs/swagger';
import { MAX_DOCUMENT_ID_LENGTH, UpsertDocumentDto } from './document.dto';
import { NestedObject, NonEmptyText } from './validation/field.decorator';
import { BoundedExtraKeys } from './validation/free-form.decorator';

/** How a file becomes a document: the upsert fields besides its text, and the document id (the file id by default). */
@BoundedExtraKeys()
export class FileDocumentArgsDto extends OmitType(UpsertDocumentDto, ['text', 'section', 'async'] as const) {
  @NonEmptyText(MAX_DOCUMENT_ID_LENGTH, 'omittable', { description: 'Defaults to the file id.' })
  document_id?: string;
}

/** `POST …/spaces/{spaceId}/data_sources/{dsId}/files`: upsert an uploaded file (use case `upsert_document`) as a document. */
@BoundedExtraKeys()
export class UpsertFileDocumentDto {
  @NonEmptyText(64, 'required', { example: 'fil_aBcDeFgHiJkL' })
  fileId!: string;

  @NestedObject(() => FileDocumentArgsDto, 'omittable')
  upsertArgs?: FileDocumentArgsDto;
}
