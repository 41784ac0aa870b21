import type { ConversationEvent } from '@app/contracts/events/conversation/conversation.events';
import type { ConversationDocument } from '@app/contracts/read-models/conversation.read-models';
import type { RecordForkFileCopy } from '@app/domain/conversation/conversation.commands';
import { EVENT_STORE, type EventStore } from '@app/storage';
import { Inject, Injectable, Optional, type OnApplicationBootstrap } from '@nestjs/common';
import type { Logger } from 'pino';
import { readConversationEvents } from '../../event-sourcing/reading/conversation-events';
import { ConversationAggregateWriter } from '../../event-sourcing/writing/aggregate-writers';
import { LOGGER } from '../../common/logger';
import { ReadModels } from '../../event-sourcing/reading/read-models';
import type { ConversationCommandInput } from '../conversation-writer';
import { FILE_COPIER, type FileCopier } from './file-copier.port';

/** Retry policy of file copies: attempts per file, and the first backoff (doubled after each failure). */
export interface ForkCopyPolicy {
  readonly maxAttempts: number;
  readonly backoffMs: number;
}

export const FORK_COPY_POLICY = Symbol('FORK_COPY_POLICY');
export const DEFAULT_FORK_COPY_POLICY: ForkCopyPolicy = { maxAttempts: 4, backoffMs: 250 };

/** A file of the fork still to copy. */
interface PendingFile {
  readonly messageId: string;
  readonly fileId: string;
  /** Failed attempts already recorded. */
  readonly attempts: number;
}

const ACTOR = 'system:fork-preparer';

/**
 * The fork process manager: copies the file of every content fragment a fork carried over, through
 * the FileCopier port, recording each copy (`ForkFileCopyCompleted`) and each failed attempt
 * (`ForkFileCopyFailed`) on the fork's stream, retrying with a doubling backoff up to
 * `maxAttempts`; then records `ForkPrepared` (`done`, or `failed` when a copy gave up), which lets
 * people post. What it recorded is where it resumes: at start it takes up every fork the read
 * model still shows `pending`, so no fork stays pending because a process died.
 */
@Injectable()
export class ForkPreparer implements OnApplicationBootstrap {
  private readonly inFlight = new Map<string, Promise<void>>();

  constructor(
    @Inject(EVENT_STORE) private readonly eventStore: EventStore,
    private readonly conversations: ConversationAggregateWriter,
    private readonly readModels: ReadModels,
    @Inject(LOGGER) private readonly logger: Logger,
    @Optional() @Inject(FILE_COPIER) private readonly copier: FileCopier | null,
    @Optional() @Inject(FORK_COPY_POLICY) private readonly policy: ForkCopyPolicy = DEFAULT_FORK_COPY_POLICY,
  ) {}

  onApplicationBootstrap(): void {
    // In the background: the read models first catch up with the log (the projector starts too).
    void this.resumePending().catch((error: unknown) => this.logger.warn({ err: error }, 'could not look for forks to prepare'));
  }

  private async resumePending(): Promise<void> {
    await this.readModels.waitFor(await this.eventStore.headPosition());
    const pending = await this.readModels.find<ConversationDocument>('conversations', { where: { fileCopyStatus: 'pending' } });
    for (const fork of pending) void this.prepare(fork.workspaceId, fork.sId);
  }

  /** Prepares a fork (once at a time per fork); settles when it is prepared. Never rejects. */
  prepare(workspaceId: string, conversationId: string): Promise<void> {
    const running = this.inFlight.get(conversationId);
    if (running) return running;
    const run = this.run(workspaceId, conversationId)
      .catch((error: unknown) => this.logger.error({ err: error, conversationId }, 'fork preparation stopped; it resumes at the next start'))
      .finally(() => this.inFlight.delete(conversationId));
    this.inFlight.set(conversationId, run);
    return run;
  }

  private async run(workspaceId: string, conversationId: string): Promise<void> {
    const { pending, gaveUp } = fileCopies(await readConversationEvents(this.eventStore, conversationId));
    let failed = gaveUp;
    for (const file of pending) {
      if (!(await this.copyWithRetries(workspaceId, conversationId, file))) failed = true;
    }
    await this.record(workspaceId, conversationId, { type: 'CompleteForkPreparation', status: failed ? 'failed' : 'done' });
  }

  /** Copies one file, retrying with backoff; true once copied, false when it gave up. */
  private async copyWithRetries(workspaceId: string, conversationId: string, file: PendingFile): Promise<boolean> {
    for (let attempt = file.attempts + 1; attempt <= this.policy.maxAttempts; attempt += 1) {
      try {
        if (!this.copier) throw new Error('File copies are not available on this deployment.');
        const fileId = await this.copier.copy(workspaceId, file.fileId, conversationId);
        await this.recordCopy(workspaceId, conversationId, file, { kind: 'copied', fileId });
        return true;
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error);
        const final = attempt >= this.policy.maxAttempts;
        await this.recordCopy(workspaceId, conversationId, file, { kind: 'failed', attempt, reason, final });
        if (final) return false;
        await sleep(this.policy.backoffMs * 2 ** (attempt - 1));
      }
    }
    return false;
  }

  private recordCopy(workspaceId: string, conversationId: string, file: PendingFile, outcome: RecordForkFileCopy['outcome']): Promise<void> {
    return this.record(workspaceId, conversationId, { type: 'RecordForkFileCopy', messageId: file.messageId, sourceFileId: file.fileId, outcome });
  }

  private async record(workspaceId: string, conversationId: string, command: ConversationCommandInput): Promise<void> {
    await this.conversations.run(conversationId, { ...command, conversationId, workspaceId }, ACTOR);
  }

}

/**
 * Where a fork's file copies stand: the files of its fragments not copied yet (with the attempts
 * already made), and whether a copy already gave up. Nothing is pending once the fork is prepared. Pure.
 */
export function fileCopies(events: readonly ConversationEvent[]): { pending: PendingFile[]; gaveUp: boolean } {
  const files = new Map<string, { fileId: string; attempts: number; done: boolean }>();
  let gaveUp = false;
  for (const event of events) {
    if (event.type === 'ForkPrepared') return { pending: [], gaveUp: event.data.status === 'failed' };
    if (event.type === 'ContentFragmentAdded' && event.data.fileId) files.set(event.data.messageId, { fileId: event.data.fileId, attempts: 0, done: false });
    if (event.type !== 'ForkFileCopyCompleted' && event.type !== 'ForkFileCopyFailed') continue;
    const file = files.get(event.data.messageId);
    if (!file) continue;
    if (event.type === 'ForkFileCopyCompleted') file.done = true;
    else {
      file.attempts = Math.max(file.attempts, event.data.attempt);
      if (event.data.final) {
        file.done = true;
        gaveUp = true;
      }
    }
  }
  const pending = [...files.entries()].filter(([, file]) => !file.done).map(([messageId, file]) => ({ messageId, fileId: file.fileId, attempts: file.attempts }));
  return { pending, gaveUp };
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
