import { READ_STORE, type ReadStore } from '@app/storage';
import { Inject, Injectable } from '@nestjs/common';
import type { Logger } from 'pino';
import { LOGGER } from '../../common/logger';
import { EMPTY_FOLD, type ConversationFold } from './conversation-fold';
import { FOLD_SNAPSHOT_VERSION, deserializeChain, serializeFold, type FoldSnapshotDocument } from './fold-snapshot';

/** Folds of a conversation, one document per snapshot. */
export const FOLD_SNAPSHOTS_COLLECTION = 'conversation_fold_snapshots';
/** One small row per snapshot, written after its fold: what a cold read lists to pick one. */
export const FOLD_SNAPSHOT_INDEX_COLLECTION = 'conversation_fold_snapshot_index';

/** Where a stored snapshot stands in its stream, and the snapshot it is a change from. */
export interface FoldSnapshotRef {
  readonly base: number;
  readonly revision: number;
  readonly maxAt: number;
}

interface FoldSnapshotIndexDocument extends FoldSnapshotRef {
  readonly [key: string]: unknown;
  readonly conversationId: string;
  readonly version: number;
}

const snapshotId = (conversationId: string, revision: number) => `${conversationId}:${revision}`;

/**
 * Snapshots of conversation folds kept in the read store (each the change from the one before it),
 * so that a read after a restart folds at most a snapshot interval of events. They are saved off the request path by the reads that
 * computed them (posting a message writes nothing here); a failed save only costs a later fold.
 */
@Injectable()
export class FoldSnapshotStore {
  private collectionsReady: Promise<void> | null = null;
  private readonly saving = new Set<Promise<void>>();

  constructor(
    @Inject(READ_STORE) private readonly store: ReadStore,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  /** The conversation's stored snapshots of the current fold version, oldest first. */
  async list(conversationId: string): Promise<FoldSnapshotRef[]> {
    await this.ready();
    const rows = await this.store.find<FoldSnapshotIndexDocument>(FOLD_SNAPSHOT_INDEX_COLLECTION, {
      where: { conversationId, version: FOLD_SNAPSHOT_VERSION },
      sort: [{ field: 'revision', direction: 'asc' }],
    });
    return rows.map(({ base, revision, maxAt }) => ({ base, revision, maxAt }));
  }

  /**
   * The fold of `chain` (stored snapshots, each a change from the one before it, the first from the
   * start): as far along it as the stored snapshots go, null when not even the first is there.
   */
  async load(conversationId: string, chain: readonly FoldSnapshotRef[]): Promise<ConversationFold | null> {
    await this.ready();
    const ids = chain.map((ref) => snapshotId(conversationId, ref.revision));
    const docs = await this.store.getMany<FoldSnapshotDocument>(FOLD_SNAPSHOTS_COLLECTION, ids);
    const fold = deserializeChain(EMPTY_FOLD, ids.map((id) => docs.get(id) ?? null));
    return fold === EMPTY_FOLD ? null : fold;
  }

  /** Saves `fold`, folded on from the snapshot `base`, in the background; the index row is written only once the fold is. */
  save(conversationId: string, base: ConversationFold, fold: ConversationFold): void {
    // After the read that took the snapshot has answered: the store's writes may be synchronous.
    const saving = new Promise<void>((resolve) => setImmediate(resolve))
      .then(() => this.write(conversationId, base, fold))
      .catch((error: unknown) => this.logger.warn({ err: error, conversationId, revision: fold.revision }, 'could not save a conversation snapshot'))
      .finally(() => this.saving.delete(saving));
    this.saving.add(saving);
  }

  /** Resolves once every save begun so far has ended. */
  async settled(): Promise<void> {
    await Promise.all([...this.saving]);
  }

  private async write(conversationId: string, base: ConversationFold, fold: ConversationFold): Promise<void> {
    await this.ready();
    const id = snapshotId(conversationId, fold.revision);
    await this.store.put(FOLD_SNAPSHOTS_COLLECTION, id, serializeFold(conversationId, base, fold));
    const row: FoldSnapshotIndexDocument = { conversationId, version: FOLD_SNAPSHOT_VERSION, base: base.revision, revision: fold.revision, maxAt: fold.maxAt };
    await this.store.put(FOLD_SNAPSHOT_INDEX_COLLECTION, id, row);
  }

  private ready(): Promise<void> {
    this.collectionsReady ??= Promise.all([
      this.store.ensureCollection({ name: FOLD_SNAPSHOTS_COLLECTION, indexes: [] }),
      this.store.ensureCollection({ name: FOLD_SNAPSHOT_INDEX_COLLECTION, indexes: [{ equal: ['conversationId', 'version'], sort: [{ field: 'revision', direction: 'asc' }] }] }),
    ]).then(
      () => undefined,
      (error: unknown) => {
        this.collectionsReady = null;
        throw error;
      },
    );
    return this.collectionsReady;
  }
}
