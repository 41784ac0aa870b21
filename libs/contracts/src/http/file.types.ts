/** A file as the API returns it (reference §1 File). */
export interface FileResponse {
  /** Same as `sId`: the real service's wire type keeps a string id. */
  readonly id: string;
  readonly sId: string;
  readonly contentType: string;
  readonly fileName: string;
  readonly fileSize: number;
  readonly status: 'created' | 'failed' | 'ready';
  readonly useCase: string;
  readonly useCaseMetadata: { readonly conversationId?: string; readonly sourceProvider?: string; readonly sourceIcon?: string } | null;
  /** Where the content is posted (multipart, one part named `file`); present until it is. */
  readonly uploadUrl?: string;
  /** Private-family address of the file, once ready. */
  readonly downloadUrl?: string;
  /** Why processing failed, when `status` is `failed`. */
  readonly failureReason?: string;
  readonly createdAt: number;
}

/** `{ file }` of the upload request and upload routes. */
export interface FileEnvelope {
  readonly file: FileResponse;
}
