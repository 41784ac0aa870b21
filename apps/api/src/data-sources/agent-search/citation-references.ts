import { createHash } from 'node:crypto';

const LETTERS = 'abcdefghijklmnopqrstuvwxyz';

/**
 * Reference markers for cited documents (`:cite[abc]`): three letters derived from the document's
 * identity, so the same document keeps its marker across searches and runs; a clash among the
 * documents of one answer moves the later one to the next free marker.
 */
export function citationReferences(keys: readonly string[]): string[] {
  const taken = new Set<string>();
  return keys.map((key) => {
    let value = createHash('sha256').update(key).digest().readUInt32BE(0) % LETTERS.length ** 3;
    let reference = lettersOf(value);
    while (taken.has(reference)) {
      value = (value + 1) % LETTERS.length ** 3;
      reference = lettersOf(value);
    }
    taken.add(reference);
    return reference;
  });
}

function lettersOf(value: number): string {
  const size = LETTERS.length;
  return LETTERS[Math.floor(value / size / size) % size] + LETTERS[Math.floor(value / size) % size] + LETTERS[value % size];
}

/** The marker an answer writes to cite a document. */
export function citationMarker(reference: string): string {
  return `:cite[${reference}]`;
}
