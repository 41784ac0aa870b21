import { FILE_EVENT_TYPES, isFileEvent } from '@app/contracts/events/file.events';
import type { FileDocument } from '@app/contracts/read-models/file.read-models';
import { READ_MODELS } from '@app/contracts/read-models/read-model-names';
import type { Projection } from '../projection';

/** Every file's metadata and the hashes of its blobs; a deleted file's document is removed. */
export const fileProjection: Projection<FileDocument> = {
  ...READ_MODELS.files,
  indexes: ['workspaceId', 'status', 'originalHash', 'processedHash', 'spaceId'],
  canHandle: FILE_EVENT_TYPES,
  documentIds: (event) => (isFileEvent(event) ? [event.data.fileId] : []),
  evolve(doc, event) {
    if (!isFileEvent(event)) return doc;
    const { data } = event;
    if (event.type === 'FileUploadRequested') {
      const e = event.data;
      return {
        sId: e.fileId,
        workspaceId: e.workspaceId,
        contentType: e.contentType,
        fileName: e.fileName,
        fileSize: e.fileSize,
        useCase: e.useCase,
        useCaseMetadata: e.useCaseMetadata,
        conversationId: e.useCaseMetadata?.conversationId ?? null,
        spaceId: e.useCase === 'project_context' ? (e.useCaseMetadata?.spaceId ?? null) : null,
        status: 'created',
        failureReason: null,
        originalHash: null,
        processedHash: null,
        processedBytes: null,
        snippet: null,
        createdAt: e.at,
        updatedAt: e.at,
      };
    }
    if (doc === null) return null;
    switch (event.type) {
      case 'FileContentStored':
        return { ...doc, status: 'processing', originalHash: event.data.originalHash, fileSize: event.data.byteSize, updatedAt: data.at };
      case 'FileProcessed':
        return {
          ...doc,
          status: 'ready',
          processedHash: event.data.processedHash,
          processedBytes: event.data.processedBytes,
          snippet: event.data.snippet,
          updatedAt: data.at,
        };
      case 'FileProcessingFailed':
        return { ...doc, status: 'failed', failureReason: event.data.reason, updatedAt: data.at };
      case 'FileDeleted':
        return null;
      default:
        return doc;
    }
  },
};
