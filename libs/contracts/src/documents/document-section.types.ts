/**
 * A document's content as a tree: each node's prefix and content, then its children in order.
 * Apart from its helpers (document-section.ts, which hash with node:crypto) so the web app can read the type.
 */
export interface DocumentSection {
  readonly prefix: string | null;
  readonly content: string | null;
  readonly sections: DocumentSection[];
}
