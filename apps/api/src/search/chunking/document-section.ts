/** A document's structured content, as upserted (reference §5.3): a prefix, content, nested sections. */
export interface DocumentSection {
  readonly prefix: string | null;
  readonly content: string | null;
  readonly sections: readonly DocumentSection[];
}

/** The full text of a section tree: every prefix and content in document order. */
export function sectionText(section: DocumentSection): string {
  return (section.prefix ?? '') + (section.content ?? '') + section.sections.map(sectionText).join('');
}

/** A run of content with the prefixes of the sections that contain it, outermost first. */
export interface SectionUnit {
  readonly prefix: string;
  readonly content: string;
}

/**
 * Flattens a section tree into units in document order. A section's content carries its own
 * prefix and those of its ancestors, so a chunk cut from deep inside still says where it is; a
 * section with a prefix but neither content nor subsections still becomes a unit, so its words
 * stay searchable. Prefixes are carried while together they are at most `maxRepeatedPrefixChars`
 * long; a prefix that would pass it is its section's content instead, so it is chunked once rather
 * than repeated on every unit below it.
 */
export function sectionUnits(section: DocumentSection, outer = '', maxRepeatedPrefixChars = Number.POSITIVE_INFINITY): SectionUnit[] {
  const own = section.prefix ?? '';
  const repeated = outer.length + own.length <= maxRepeatedPrefixChars;
  const prefix = repeated ? outer + own : outer;
  const content = repeated ? (section.content ?? '') : own + (section.content ?? '');
  const units: SectionUnit[] = [];
  if (content.trim().length > 0 || (section.sections.length === 0 && prefix.trim().length > 0 && prefix !== outer)) {
    units.push({ prefix, content });
  }
  for (const child of section.sections) units.push(...sectionUnits(child, prefix, maxRepeatedPrefixChars));
  return units;
}
