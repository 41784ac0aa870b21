import type { CollectionSpec, ReadDocument, RecordedEvent } from '@app/storage';

/**
 * A read model as data: which events it reads, which document each event touches, and a pure
 * evolve. Returning null from `evolve` deletes the document. `version` is part of the physical
 * collection name, so a schema change builds a fresh collection beside the old one.
 */
export interface Projection<Doc extends ReadDocument = ReadDocument> {
  readonly name: string;
  readonly version: number;
  readonly indexes: CollectionSpec['indexes'];
  readonly canHandle: readonly string[];
  /** Ids of the documents the event changes (usually one; none to ignore it). */
  documentIds(event: RecordedEvent): string[];
  evolve(doc: Doc | null, event: RecordedEvent, documentId: string): Doc | null;
  /** Seconds-free expiry of the resulting document, if the read model is ephemeral. */
  expiresAt?(doc: Doc): number | undefined;
}
