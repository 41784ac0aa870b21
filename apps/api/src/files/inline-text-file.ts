import { BLOB_STORE, type BlobStore } from '@app/storage';
import { Inject, Injectable } from '@nestjs/common';
import { FileAggregateWriter } from '../event-sourcing/writing/aggregate-writers';
import type { AuthContext } from '../auth/auth-context';
import { ApiError } from '../common/http/api-error';
import { newPrefixedId } from '../common/ids';
import { fileCategoryOf, mediaTypeOf } from '@app/contracts/files/file-formats';
import { chunks, SNIPPET_CHARS } from './file-processor';

/** What an inline content fragment hands over to become a file. */
export interface InlineText {
  readonly conversationId: string;
  readonly title: string;
  readonly contentType: string;
  readonly text: string;
}

/** The ready file an inline fragment refers to. */
export interface StoredTextFile {
  readonly fileId: string;
  readonly contentType: string;
  readonly textBytes: number;
  readonly snippet: string;
}

/**
 * Stores the text of an inline content fragment as a file of the conversation, as the real service
 * converts inline fragments to uploads: the bytes go to the blob store first, then one append
 * records the file requested, stored and processed (its processed version is the text itself).
 * If either step fails, no file exists and the caller records no fragment; a blob written before
 * a failed append is an orphan the sweep removes.
 */
@Injectable()
export class InlineTextFile {
  constructor(
    @Inject(BLOB_STORE) private readonly blobs: BlobStore,
    private readonly files: FileAggregateWriter,
  ) {}

  /** Writes the file; 400 when its content type is not a text type a file may have. */
  async store(auth: AuthContext, inline: InlineText): Promise<StoredTextFile> {
    const contentType = mediaTypeOf(inline.contentType);
    if (fileCategoryOf(contentType) !== 'text') {
      throw new ApiError('invalid_request_error', `Inline content fragments of type "${inline.contentType}" are not supported; upload the file and refer to it by fileId.`);
    }
    const bytes = Buffer.from(inline.text, 'utf8');
    const stored = await this.blobs.put(chunks(bytes));
    const fileId = newPrefixedId('fil');
    const snippet = inline.text.slice(0, SNIPPET_CHARS);
    await this.files.run(
      fileId,
      {
        type: 'RecordTextFile',
        workspaceId: auth.workspace.sId,
        fileId,
        contentType,
        fileName: inline.title,
        fileSize: stored.size,
        useCase: 'conversation',
        useCaseMetadata: { conversationId: inline.conversationId },
        keyId: auth.keyId,
        textHash: stored.hash,
        textBytes: stored.size,
        snippet,
      },
      auth,
    );
    return { fileId, contentType, textBytes: stored.size, snippet };
  }
}
