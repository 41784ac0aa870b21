import type { DynamicModule } from '@nestjs/common';
import { FILE_COPIER, type FileCopier } from '../../apps/api/src/conversations/forking/file-copier.port';
import { FORK_COPY_POLICY } from '../../apps/api/src/conversations/forking/fork-preparer';

/**
 * A FileCopier a test steers: it can hold copies, and fail a number of times first. No public
 * surface can hold a fork's file copy midway or make it fail, which a fork seen `pending`, the
 * retries and the take-over after a restart need.
 */
export class SteeredFileCopier implements FileCopier {
  failuresLeft = 0;
  alwaysFail = false;
  readonly calls: { workspaceId: string; fileId: string; targetConversationId: string }[] = [];
  private gate: Promise<void> = Promise.resolve();
  private open: () => void = () => undefined;

  hold(): void {
    this.gate = new Promise((resolve) => (this.open = resolve));
  }

  release(): void {
    this.open();
  }

  /** Lets new copies through while those already waiting stay held (their process is gone). */
  abandonHeld(): void {
    this.gate = Promise.resolve();
  }

  async copy(workspaceId: string, fileId: string, targetConversationId: string): Promise<string> {
    this.calls.push({ workspaceId, fileId, targetConversationId });
    await this.gate;
    if (this.alwaysFail || this.failuresLeft > 0) {
      this.failuresLeft -= 1;
      throw new Error('storage busy');
    }
    return `fil_copy_${fileId}_${targetConversationId}`;
  }
}

/** The module that puts the copier in the app, with quick retries (3 attempts, 20 ms apart). */
export function steeredCopierModule(copier: SteeredFileCopier): DynamicModule {
  return {
    module: class ForkTestDoublesModule {},
    global: true,
    providers: [
      { provide: FILE_COPIER, useValue: copier },
      { provide: FORK_COPY_POLICY, useValue: { maxAttempts: 3, backoffMs: 20 } },
    ],
    exports: [FILE_COPIER, FORK_COPY_POLICY],
  };
}
