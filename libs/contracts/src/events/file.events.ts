/**
 * Events of a file's stream (`file-<fileId>`): the upload request, the stored bytes, the outcome
 * of processing, and deletion. Bytes and extracted text never travel in an event: they are blobs,
 * referenced by their SHA-256.
 */

/**
 * What a file is for, as on the wire (`useCase`); `avatar` is an agent's picture, which every member
 * may see. `skill_attachment` files are written by a skill import only, never uploaded as such.
 */
export type FileUseCase = 'conversation' | 'upsert_table' | 'upsert_document' | 'avatar' | 'project_context' | 'skill_attachment';
/** The use cases an upload may declare. */
export const FILE_USE_CASES: readonly FileUseCase[] = ['conversation', 'upsert_table', 'upsert_document', 'avatar', 'project_context'];

/**
 * Where a file belongs (`useCaseMetadata`): the conversation, or for `project_context` the project
 * space (its files, as `getSpaceProjectFiles` lists them), decides who may read it.
 */
export interface FileUseCaseMetadata {
  readonly conversationId?: string;
  readonly spaceId?: string;
  /** For `skill_attachment`: the skill whose readers may read the file. */
  readonly skillId?: string;
  readonly sourceProvider?: string;
  readonly sourceIcon?: string;
}

export type FileUploadRequested = {
  readonly type: 'FileUploadRequested';
  readonly data: {
    readonly workspaceId: string;
    readonly fileId: string;
    readonly contentType: string;
    readonly fileName: string;
    /** Size the uploader declared, in bytes: the upload may not be larger. */
    readonly fileSize: number;
    readonly useCase: FileUseCase;
    readonly useCaseMetadata: FileUseCaseMetadata | null;
    /** The API key that asked. */
    readonly keyId: string;
    readonly at: number;
  };
};

/** The uploaded bytes are stored; processing starts. */
export type FileContentStored = {
  readonly type: 'FileContentStored';
  readonly data: {
    readonly workspaceId: string;
    readonly fileId: string;
    readonly originalHash: string;
    /** Actual size of the bytes received. */
    readonly byteSize: number;
    readonly at: number;
  };
};

/** Processing succeeded: the text an agent reads (if any) is the blob `processedHash`. */
export type FileProcessed = {
  readonly type: 'FileProcessed';
  readonly data: {
    readonly workspaceId: string;
    readonly fileId: string;
    /** Blob of the extracted UTF-8 text; null for files read as they are (images). */
    readonly processedHash: string | null;
    readonly processedBytes: number | null;
    /** The first characters of the text, shown with fragments. */
    readonly snippet: string | null;
    readonly at: number;
  };
};

export type FileProcessingFailed = {
  readonly type: 'FileProcessingFailed';
  readonly data: { readonly workspaceId: string; readonly fileId: string; readonly reason: string; readonly at: number };
};

export type FileDeleted = {
  readonly type: 'FileDeleted';
  readonly data: { readonly workspaceId: string; readonly fileId: string; readonly at: number };
};

export type FileEvent = FileUploadRequested | FileContentStored | FileProcessed | FileProcessingFailed | FileDeleted;

export const FILE_EVENT_TYPES = [
  'FileUploadRequested',
  'FileContentStored',
  'FileProcessed',
  'FileProcessingFailed',
  'FileDeleted',
] as const satisfies readonly FileEvent['type'][];

const FILE_EVENT_TYPE_SET: ReadonlySet<string> = new Set(FILE_EVENT_TYPES);

/** Narrows a stored event to a file event by its type. */
export function isFileEvent(event: { readonly type: string; readonly data: unknown }): event is FileEvent {
  return FILE_EVENT_TYPE_SET.has(event.type);
}
