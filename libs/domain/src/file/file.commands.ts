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

export interface DeleteFile extends FileCommandBase {
  readonly type: 'DeleteFile';
}

export type FileCommand = RequestFileUpload | StoreFileContent | CompleteFileProcessing | FailFileProcessing | DeleteFile;
