import type { CollectionSpec, ReadDocument, ReadStore, RecordedEvent } from '@app/storage';

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
  /**
   * Keeps this read model in step with another one's documents (a count kept beside the rows it
   * counts, which no single event can give): after each event, every document of this projection
   * the event touches is folded over the changes the event made to documents of `of`, in the same
   * unit of writes as those changes.
   */
  readonly follows?: {
    /** Name of the followed projection. */
    readonly of: string;
    tally(doc: Doc | null, changes: readonly DocumentChange[]): Doc | null;
  };
  /**
   * One bounded step of housekeeping the live projector runs in the background, off the request
   * path: removes documents of the read models of `generation` that nothing reads any more (rows
   * a truncation left behind). Answers how many it removed, 0 when nothing is left to do.
   */
  sweep?(store: ReadStore, generation: number): Promise<number>;
}

/** A document of a read model before and after one event (null: absent). */
export interface DocumentChange {
  readonly before: ReadDocument | null;
  readonly after: ReadDocument | null;
}
