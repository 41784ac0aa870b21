import { XMLParser } from 'fast-xml-parser';
import JSZip from 'jszip';
import { posix } from 'node:path';
import { UnreadableFileError, type FormatExtractor } from './format-extractor';
import { assertZipWithinLimits } from './zip-guard';

type OrderedNode = Record<string, unknown>;

// Attributes are kept for the relationship lookups; values stay strings ("007" is text, not 7).
const attributeParser = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '', parseTagValue: false, parseAttributeValue: false });
// Slide text needs document order and its spaces: a run "Hello " followed by "world" is "Hello world".
const orderedParser = new XMLParser({ preserveOrder: true, ignoreAttributes: true, trimValues: false, parseTagValue: false });

function asArray<T>(value: T | T[] | undefined): T[] {
  return value === undefined ? [] : Array.isArray(value) ? value : [value];
}

async function readPart(zip: JSZip, path: string): Promise<string | null> {
  const file = zip.file(path);
  return file ? file.async('string') : null;
}

/** Resolves a relationship target against the part that names it ("../notesSlides/x.xml", "/ppt/slides/x.xml"). */
function resolveTarget(sourcePart: string, target: string): string {
  return target.startsWith('/') ? target.slice(1) : posix.join(posix.dirname(sourcePart), target);
}

/** The relationships of a part: id → {type, target part}. */
async function readRelationships(zip: JSZip, part: string): Promise<Map<string, { type: string; target: string }>> {
  const relsPath = posix.join(posix.dirname(part), '_rels', `${posix.basename(part)}.rels`);
  const xml = await readPart(zip, relsPath);
  const relationships = new Map<string, { type: string; target: string }>();
  if (xml === null) return relationships;
  const parsed = attributeParser.parse(xml) as { Relationships?: { Relationship?: unknown } };
  for (const rel of asArray(parsed.Relationships?.Relationship as Record<string, string> | Record<string, string>[])) {
    if (rel.Id && rel.Target) relationships.set(rel.Id, { type: rel.Type ?? '', target: resolveTarget(part, rel.Target) });
  }
  return relationships;
}

/** The text runs (`a:t`) of a part, one line per paragraph (`a:p`); fields (slide numbers, dates) left out. */
function paragraphs(xml: string): string[] {
  const lines: string[] = [];
  // Only text inside `a:t` counts: whitespace between the tags of an indented part is not slide text.
  const collect = (nodes: OrderedNode[], paragraph: string[] | null, inRun: boolean): void => {
    for (const node of nodes) {
      for (const [key, value] of Object.entries(node)) {
        if (key === '#text') {
          if (inRun && paragraph !== null && typeof value === 'string') paragraph.push(value);
        } else if (key === 'a:br') {
          paragraph?.push('\n');
        } else if (key === 'a:fld' || !Array.isArray(value)) {
          continue;
        } else if (key === 'a:p') {
          const runs: string[] = [];
          collect(value as OrderedNode[], runs, false);
          const text = runs.join('').trim();
          if (text) lines.push(text);
        } else {
          collect(value as OrderedNode[], paragraph, inRun || key === 'a:t');
        }
      }
    }
  };
  collect(orderedParser.parse(xml) as OrderedNode[], null, false);
  return lines;
}

/** The slide parts in presentation order (the order of `p:sldIdLst`, not of the file names). */
async function slidePartsInOrder(zip: JSZip): Promise<string[]> {
  const presentationPart = 'ppt/presentation.xml';
  const xml = await readPart(zip, presentationPart);
  if (xml === null) throw new UnreadableFileError('The file is not a PowerPoint presentation (no ppt/presentation.xml).');
  const parsed = attributeParser.parse(xml) as { 'p:presentation'?: { 'p:sldIdLst'?: { 'p:sldId'?: unknown } } };
  const ids = asArray(parsed['p:presentation']?.['p:sldIdLst']?.['p:sldId'] as Record<string, string> | Record<string, string>[]);
  const relationships = await readRelationships(zip, presentationPart);
  return ids.flatMap((id) => {
    const target = relationships.get(id['r:id'] ?? '')?.target;
    return target ? [target] : [];
  });
}

/** PowerPoint: each slide's text under "## Slide n", its speaker notes after "Notes:". */
export const extractPptx: FormatExtractor = async (bytes, { limits }) => {
  assertZipWithinLimits(bytes, limits);
  const zip = await JSZip.loadAsync(bytes);
  const blocks: string[] = [];
  for (const [index, part] of (await slidePartsInOrder(zip)).entries()) {
    const xml = await readPart(zip, part);
    if (xml === null) continue;
    const lines = [`## Slide ${index + 1}`, '', ...paragraphs(xml)];
    const notesPart = [...(await readRelationships(zip, part)).values()].find((rel) => rel.type.endsWith('/notesSlide'))?.target;
    const notesXml = notesPart ? await readPart(zip, notesPart) : null;
    const notes = notesXml === null ? [] : paragraphs(notesXml);
    if (notes.length > 0) lines.push('', 'Notes:', ...notes);
    blocks.push(lines.join('\n'));
  }
  return { text: blocks.join('\n\n') };
};
