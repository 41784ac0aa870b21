import type { FileDocument } from '@app/contracts/read-models/file.read-models';
import { Injectable } from '@nestjs/common';
import { createHash } from 'node:crypto';
import type { FileCopier } from '../conversations/forking/file-copier.port';
import { FileAggregateWriter } from '../event-sourcing/writing/aggregate-writers';
import { ReadModels } from '../event-sourcing/reading/read-models';

const COPIER_ACTOR = 'file-copier';

/**
 * Copies a ready file for another conversation: a new file record (events only) sharing the
 * original's blobs. The copy's id is derived from the source file and the target conversation, so
 * a retried copy lands on the same file instead of leaving a second one behind.
 */
@Injectable()
export class BlobSharingFileCopier implements FileCopier {
  constructor(
    private readonly files: FileAggregateWriter,
    private readonly readModels: ReadModels,
  ) {}

  async copy(workspaceId: string, fileId: string, targetConversationId: string): Promise<string> {
    const source = await this.readModels.get<FileDocument>('files', fileId);
    if (source === null || source.workspaceId !== workspaceId) throw new Error(`File ${fileId} does not exist.`);
    if (source.status !== 'ready' || source.originalHash === null) throw new Error(`File ${fileId} is not ready (${source.status}).`);
    const copyId = copyIdOf(fileId, targetConversationId);
    const { position } = await this.files.run(
      copyId,
      {
        type: 'CopyFile',
        workspaceId,
        fileId: copyId,
        contentType: source.contentType,
        fileName: source.fileName,
        fileSize: source.fileSize,
        useCase: source.useCase,
        // The copy belongs to the fork: its readers are the fork's.
        useCaseMetadata: { ...(source.useCaseMetadata ?? {}), conversationId: targetConversationId },
        keyId: COPIER_ACTOR,
        originalHash: source.originalHash,
        byteSize: source.fileSize,
        processedHash: source.processedHash,
        processedBytes: source.processedBytes,
        snippet: source.snippet,
      },
      COPIER_ACTOR,
    );
    if (position !== null) await this.readModels.waitFor(position);
    return copyId;
  }
}

/** `fil_` and 12 base62-safe characters from the source and target: stable across retries. */
function copyIdOf(fileId: string, targetConversationId: string): string {
  const digest = createHash('sha256').update(`${fileId}\u0000${targetConversationId}`).digest('base64url').replace(/[-_]/g, '');
  return `fil_${digest.slice(0, 12)}`;
}
