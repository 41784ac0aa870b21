import type { FileDocument } from '@app/contracts/read-models/file.read-models';
import { BLOB_STORE, type BlobStore } from '@app/storage';
import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { FileAggregateWriter } from '../../event-sourcing/writing/aggregate-writers';
import type { AuthContext } from '../../auth/auth-context';
import { ReadModels } from '../../event-sourcing/reading/read-models';
import { FileAccess } from '../file-access';

/** Deletes a file and the blobs no other file shares (reference §6.4). */
export class DeleteFileCommand extends Command<void> {
  constructor(
    readonly auth: AuthContext,
    readonly fileId: string,
  ) {
    super();
  }
}

@CommandHandler(DeleteFileCommand)
export class DeleteFileHandler implements ICommandHandler<DeleteFileCommand> {
  constructor(
    private readonly access: FileAccess,
    private readonly files: FileAggregateWriter,
    private readonly readModels: ReadModels,
    @Inject(BLOB_STORE) private readonly blobs: BlobStore,
  ) {}

  async execute({ auth, fileId }: DeleteFileCommand): Promise<void> {
    const file = await this.access.load(auth, fileId);
    this.access.requireWriter(auth, file);
    const { position } = await this.files.run(fileId, { type: 'DeleteFile' }, auth);
    if (position !== null) await this.readModels.waitFor(position);
    // Blobs are content-addressed: identical bytes uploaded twice are one blob, kept while a file uses it.
    for (const hash of [file.originalHash, file.processedHash]) {
      if (hash === null) continue;
      const [asOriginal, asProcessed] = await Promise.all([
        this.readModels.find<FileDocument>('files', { where: { originalHash: hash }, limit: 1 }),
        this.readModels.find<FileDocument>('files', { where: { processedHash: hash }, limit: 1 }),
      ]);
      if (asOriginal.length === 0 && asProcessed.length === 0) await this.blobs.delete(hash);
    }
  }
}
