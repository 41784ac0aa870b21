import type { JsonObject } from '@app/contracts/http/conversation.types';
import { outputOf, type FoundDocument } from './agent-step';

// An answer cites the documents its tools found by their markers (`:cite[abc]`, `:cite[abc,def]`):
// each reference resolves, through the output of the answer's own steps, to a document's title and
// address, and is numbered in the order the answer first cites it.

/** A document an answer may cite, by its reference. */
export type CitationSource = FoundDocument & { readonly ref: string };

/** The documents an answer may cite, by reference. */
export type CitationSources = ReadonlyMap<string, CitationSource>;

/** A cited document with its number in the answer (1, 2, …). */
export type CitedSource = CitationSource & { readonly number: number };

export const NO_SOURCES: CitationSources = new Map();

/** The documents found by the steps (search results and any other resource with a reference); the first one of a reference wins. */
export function citationSourcesOf(steps: readonly { readonly output: readonly JsonObject[] | null }[]): CitationSources {
  const sources = new Map<string, CitationSource>();
  for (const step of steps) {
    for (const document of outputOf(step.output).documents) {
      if (document.ref !== null && !sources.has(document.ref)) sources.set(document.ref, { ...document, ref: document.ref });
    }
  }
  return sources;
}

/** The references of one marker's brackets (`abc, def` → `abc`, `def`). */
export function referencesOf(body: string): string[] {
  return body
    .split(',')
    .map((reference) => reference.trim())
    .filter((reference) => reference !== '');
}

/** Numbers the references of one answer as they come, known ones only; a reference cited again keeps its number. */
export class CitationNumbering {
  private readonly numbered = new Map<string, CitedSource>();

  constructor(private readonly sources: CitationSources) {}

  /** The cited document of a reference, numbered at its first citation; null for a reference no step found. */
  cite(reference: string): CitedSource | null {
    const known = this.numbered.get(reference);
    if (known !== undefined) return known;
    const source = this.sources.get(reference);
    if (source === undefined) return null;
    const cited = { ...source, number: this.numbered.size + 1 };
    this.numbered.set(reference, cited);
    return cited;
  }

  /** The documents cited so far, by number. */
  cited(): CitedSource[] {
    return [...this.numbered.values()];
  }
}

/** The text without a marker still being written at its end (`… :cite[ab`), which would show raw until its bracket closes. */
export function withoutUnfinishedMarker(text: string): string {
  return text.replace(/:cite\[[^\]\n]*$/, '');
}
