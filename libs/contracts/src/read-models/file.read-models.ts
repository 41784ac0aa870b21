import type { FileUseCase, FileUseCaseMetadata } from '../events/file.events';

/** Where a file is in its life; `processing` shows as `created` on the wire. */
export type FileDocumentStatus = 'created' | 'processing' | 'ready' | 'failed';

/** Read model of a file (`files` collection, id = file sId). Deleted files have no document. */
export interface FileDocument {
  [key: string]: unknown;
  readonly sId: string;
  readonly workspaceId: string;
  readonly contentType: string;
  readonly fileName: string;
  readonly fileSize: number;
  readonly useCase: FileUseCase;
  readonly useCaseMetadata: FileUseCaseMetadata | null;
  /** The conversation whose readers may read the file (from `useCaseMetadata`), or null. */
  readonly conversationId: string | null;
  /** The project space whose members may read the file (a `project_context` file), or null; absent before project files. */
  readonly spaceId?: string | null;
  readonly status: FileDocumentStatus;
  readonly failureReason: string | null;
  readonly originalHash: string | null;
  readonly processedHash: string | null;
  readonly processedBytes: number | null;
  readonly snippet: string | null;
  readonly createdAt: number;
  readonly updatedAt: number;
}
