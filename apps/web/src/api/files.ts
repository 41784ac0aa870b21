import type { FileEnvelope } from '@app/contracts/http/file.types';
import { apiPath, type ApiClient } from './api-client';
import type { UploadOptions } from './form-upload';

/** A file about to be uploaded: its type as the api will check it, its name and size. */
export interface FileToUpload {
  readonly contentType: string;
  readonly fileName: string;
  readonly fileSize: number;
}

/**
 * The file routes of the private family (`/api/w/{wId}/files`) a message's attachments go
 * through: ask for the upload (refused when too big or of a type the api does not take), post the
 * bytes (the answer comes once the api has read the file: `ready`, or `failed` with the reason),
 * and delete a file that will not be sent.
 */
export class FilesApi {
  constructor(private readonly client: ApiClient) {}

  /** In a conversation, the file follows it: whoever cannot read the conversation cannot read the file. */
  requestUpload(wId: string, file: FileToUpload, conversationId?: string): Promise<FileEnvelope> {
    return this.client.post(filesPath(wId), { ...file, useCase: 'conversation', ...(conversationId ? { useCaseMetadata: { conversationId } } : {}) });
  }

  /**
   * Posts the bytes as the multipart part `file`, typed as requested (the api refuses a part of
   * another type). To the private family's address of the file, where the session counts: the
   * `uploadUrl` of the answer is the public family's, which takes keys only.
   */
  upload(wId: string, fileId: string, file: FileToUpload & { readonly bytes: Blob }, options?: UploadOptions): Promise<FileEnvelope> {
    const form = new FormData();
    form.append('file', new Blob([file.bytes], { type: file.contentType }), file.fileName);
    return this.client.upload(`${filesPath(wId)}/${encodeURIComponent(fileId)}`, form, options);
  }

  delete(wId: string, fileId: string): Promise<void> {
    return this.client.delete(`${filesPath(wId)}/${encodeURIComponent(fileId)}`);
  }
}

function filesPath(wId: string): string {
  return apiPath`/api/w/${wId}/files`;
}
