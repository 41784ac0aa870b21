import type { FileUploadRequested } from '@app/contracts/events/file.events';

interface FileCommandBase {
  readonly now: number;
}

/** Record a file about to be uploaded (`POST …/files`): what the event records, but the time. */
export interface RequestFileUpload extends FileCommandBase, Omit<FileUploadRequested['data'], 'at'> {
  readonly type: 'RequestFileUpload';
}

/** Record the bytes of the upload, already stored as a blob. */
export interface StoreFileContent extends FileCommandBase {
  readonly type: 'StoreFileContent';
  readonly originalHash: string;
  readonly byteSize: number;
}

/** Record the outcome of a successful processing. */
export interface CompleteFileProcessing extends FileCommandBase {
  readonly type: 'CompleteFileProcessing';
  readonly processedHash: string | null;
  readonly processedBytes: number | null;
  readonly snippet: string | null;
}

/** Record that the upload or its processing failed. */
export interface FailFileProcessing extends FileCommandBase {
  readonly type: 'FailFileProcessing';
  readonly reason: string;
}

/**
 * Record a file whose text is known on arrival (an inline content fragment): requested, stored and
 * processed in one decision, so the file is ready or does not exist at all.
 */
export interface RecordTextFile extends FileCommandBase, Omit<FileUploadRequested['data'], 'at'> {
  readonly type: 'RecordTextFile';
  /** Blob of the UTF-8 text: the original and the processed version at once. */
  readonly textHash: string;
  readonly textBytes: number;
  readonly snippet: string;
}

export interface DeleteFile extends FileCommandBase {
  readonly type: 'DeleteFile';
}

/**
 * Record a ready copy of another file in one step (a fork's fragments get their own files): the
 * copy shares the original's blobs, which are content-addressed and deleted only when no file
 * refers to them any more.
 */
export interface CopyFile extends FileCommandBase, Omit<FileUploadRequested['data'], 'at'> {
  readonly type: 'CopyFile';
  readonly originalHash: string;
  readonly byteSize: number;
  readonly processedHash: string | null;
  readonly processedBytes: number | null;
  readonly snippet: string | null;
}

export type FileCommand = RequestFileUpload | RecordTextFile | StoreFileContent | CompleteFileProcessing | FailFileProcessing | DeleteFile | CopyFile;
