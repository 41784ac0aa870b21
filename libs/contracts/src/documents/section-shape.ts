import { jsonByteLength } from '../http/validation/json-bounds';

/** Deepest section nesting accepted (the root being level 1): events nest at most 64 levels. */
export const MAX_SECTION_DEPTH = 16;
/** Most sections one document may hold, all levels together. */
export const MAX_SECTION_COUNT = 10_000;
/**
 * Largest document accepted: its text, or its section tree written as JSON, in UTF-8 bytes. The
 * upsert event carries the tree, and must stay under the event store's 4 MiB per event.
 */
export const MAX_DOCUMENT_BYTES = 2 * 1024 * 1024;

const SECTION_KEYS = new Set(['prefix', 'content', 'sections']);

/**
 * Why a value is not a section tree within bounds (`{prefix: string|null, content: string|null,
 * sections: Section[]}` at every level), naming the path of the first fault; undefined when it is.
 * Walks with an explicit stack: the tree comes from clients.
 */
export function sectionProblem(root: unknown): string | undefined {
  const stack: { value: unknown; path: string; depth: number }[] = [{ value: root, path: 'section', depth: 1 }];
  let count = 0;
  for (let next = stack.pop(); next; next = stack.pop()) {
    const { value, path, depth } = next;
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return `${path} must be an object`;
    if (depth > MAX_SECTION_DEPTH) return `sections must not nest more than ${MAX_SECTION_DEPTH} levels deep (at ${path})`;
    count += 1;
    if (count > MAX_SECTION_COUNT) return `a document may hold at most ${MAX_SECTION_COUNT} sections`;
    const node = value as Record<string, unknown>;
    const unknown = Object.keys(node).find((key) => !SECTION_KEYS.has(key));
    if (unknown !== undefined) return `${path} has an unrecognized key "${unknown.slice(0, 64)}" (expected prefix, content, sections)`;
    for (const key of ['prefix', 'content'] as const) {
      if (node[key] !== undefined && node[key] !== null && typeof node[key] !== 'string') return `${path}.${key} must be a string or null`;
    }
    if (!Array.isArray(node.sections)) return `${path}.sections must be an array`;
    node.sections.forEach((child, index) => stack.push({ value: child, path: `${path}.sections[${index}]`, depth: depth + 1 }));
  }
  if (jsonByteLength(root) > MAX_DOCUMENT_BYTES) return `section must be at most ${MAX_DOCUMENT_BYTES / 1024 / 1024} MiB of JSON`;
  return undefined;
}
