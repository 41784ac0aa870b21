import type { ConversationDocument, ConversationMessageDocument } from '@app/contracts/read-models/conversation.read-models';
import type { ConversationFold } from './conversation-fold';

/**
 * Version of the stored form of folds: bump it whenever the projections or the fold change what a
 * fold holds, so that snapshots of an older fold are ignored (and folded again) rather than trusted.
 */
export const FOLD_SNAPSHOT_VERSION = 2;

/**
 * A fold as stored: the header at its revision and the message documents that changed since the
 * previous snapshot of the conversation (`base`, -1 for the start), so that saving a snapshot costs
 * what the events since the last one changed rather than the whole conversation, and each stored
 * document stays within the store's size limits. A fold is rebuilt from the chain of its snapshots.
 */
export interface FoldSnapshotDocument {
  readonly [key: string]: unknown;
  readonly version: number;
  readonly conversationId: string;
  readonly base: number;
  readonly revision: number;
  readonly maxAt: number;
  readonly header: ConversationDocument | null;
  readonly changed: ReadonlyArray<readonly [string, ConversationMessageDocument]>;
  readonly deleted: readonly string[];
}

/** The snapshot of `fold` as a change from `base` (an earlier fold it was folded on from: unchanged documents are the same objects). */
export function serializeFold(conversationId: string, base: ConversationFold, fold: ConversationFold): FoldSnapshotDocument {
  const changed = [...fold.messages].filter(([id, doc]) => base.messages.get(id) !== doc);
  const deleted = [...base.messages.keys()].filter((id) => !fold.messages.has(id));
  return { version: FOLD_SNAPSHOT_VERSION, conversationId, base: base.revision, revision: fold.revision, maxAt: fold.maxAt, header: fold.header, changed, deleted };
}

/**
 * The fold a stored snapshot gives on top of `base`, or null when it is of another fold version,
 * not a snapshot, or not a change from `base`.
 */
export function deserializeFold(base: ConversationFold, doc: Partial<FoldSnapshotDocument> | null): ConversationFold | null {
  const fold = deserializeChain(base, [doc]);
  return fold === base ? null : fold;
}

/** The fold a chain of stored snapshots gives on top of `base`, as far as they follow one another (`base` when none does). */
export function deserializeChain(base: ConversationFold, docs: ReadonlyArray<Partial<FoldSnapshotDocument> | null>): ConversationFold {
  let fold = base;
  // One map for the whole chain: a cold read rebuilds a long conversation from many snapshots.
  let messages: Map<string, ConversationMessageDocument> | null = null;
  for (const doc of docs) {
    if (!doc || doc.version !== FOLD_SNAPSHOT_VERSION || doc.base !== fold.revision) break;
    if (!Array.isArray(doc.changed) || !Array.isArray(doc.deleted) || typeof doc.revision !== 'number' || typeof doc.maxAt !== 'number') break;
    messages ??= new Map(base.messages);
    for (const id of doc.deleted) messages.delete(id);
    for (const [id, message] of doc.changed) messages.set(id, message);
    fold = { header: doc.header ?? null, messages, revision: doc.revision, maxAt: doc.maxAt };
  }
  return fold;
}
