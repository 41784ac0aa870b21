import { createHash } from 'node:crypto';
import type { DocumentSection } from './document-section.types';

export type { DocumentSection } from './document-section.types';

/** The section a plain-text upsert stands for. */
export function sectionOfText(text: string): DocumentSection {
  return { prefix: null, content: text, sections: [] };
}

/**
 * The document's full text: every node's prefix then content, depth first, as the real service
 * concatenates them. Walks with an explicit stack: the tree comes from clients.
 */
export function sectionText(root: DocumentSection): string {
  const parts: string[] = [];
  const stack: DocumentSection[] = [root];
  for (let node = stack.pop(); node; node = stack.pop()) {
    if (node.prefix) parts.push(node.prefix);
    if (node.content) parts.push(node.content);
    for (let i = node.sections.length - 1; i >= 0; i -= 1) stack.push(node.sections[i] as DocumentSection);
  }
  return parts.join('');
}

/** Hash of a document's content (its section tree, which determines its text and structure). */
export function sectionHash(section: DocumentSection): string {
  return createHash('sha256').update(JSON.stringify(section), 'utf8').digest('hex');
}

/** A validated section tree with every prefix and content present (null when left out). */
export function normalizedSection(section: { prefix?: string | null; content?: string | null; sections: unknown[] }): DocumentSection {
  return {
    prefix: section.prefix ?? null,
    content: section.content ?? null,
    sections: section.sections.map((child) => normalizedSection(child as Parameters<typeof normalizedSection>[0])),
  };
}
