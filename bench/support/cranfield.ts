import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** A Cranfield abstract. */
export interface CranfieldDocument {
  readonly id: string;
  readonly title: string;
  readonly text: string;
}

/** The collection: documents, queries numbered 1..225 in file order, graded judgements. */
export interface CranfieldCollection {
  readonly documents: readonly CranfieldDocument[];
  readonly queries: readonly { readonly id: string; readonly text: string }[];
  /** Query id → document id → grade (1 best … 4; 5 or -1 not relevant). */
  readonly judgements: ReadonlyMap<string, ReadonlyMap<string, number>>;
}

/** Where the collection is: CRANFIELD_DIR, or the shared data folder beside the checkout. */
export function findCranfieldDirectory(env: Readonly<Record<string, string | undefined>>, repoRoot: string): string | null {
  const candidates = [env.CRANFIELD_DIR, join(repoRoot, '..', 'shared', 'data', 'cranfield'), join(repoRoot, '..', '..', 'shared', 'data', 'cranfield')];
  return candidates.find((dir): dir is string => dir !== undefined && existsSync(join(dir, 'cran.all.1400'))) ?? null;
}

/** Reads the three files of the collection (format in its README). */
export function loadCranfield(dir: string): CranfieldCollection {
  const documents = records(readFileSync(join(dir, 'cran.all.1400'), 'utf8')).map((fields) => ({
    id: fields.I,
    title: clean(fields.T ?? ''),
    text: clean(fields.W ?? ''),
  }));
  const queries = records(readFileSync(join(dir, 'cran.qry'), 'utf8')).map((fields, i) => ({ id: String(i + 1), text: clean(fields.W ?? '') }));
  const judgements = new Map<string, Map<string, number>>();
  for (const line of readFileSync(join(dir, 'cranqrel'), 'utf8').split(/\r?\n/)) {
    const [query, document, grade] = line.trim().split(/\s+/);
    if (grade === undefined) continue;
    const forQuery = judgements.get(query) ?? new Map<string, number>();
    forQuery.set(document, Number(grade));
    judgements.set(query, forQuery);
  }
  return { documents, queries, judgements };
}

/** Gain of a judged document for nDCG: 5 - grade for grades 1..4, else 0 (README). */
export function gainOf(grade: number | undefined): number {
  return grade !== undefined && grade >= 1 && grade <= 4 ? 5 - grade : 0;
}

/** nDCG at `k` of a ranking against graded judgements (log2 discount). */
export function ndcgAt(k: number, ranking: readonly string[], judged: ReadonlyMap<string, number>): number {
  const dcg = (gains: number[]) => gains.slice(0, k).reduce((sum, gain, i) => sum + gain / Math.log2(i + 2), 0);
  const ideal = dcg([...judged.values()].map(gainOf).sort((a, b) => b - a));
  return ideal === 0 ? 0 : dcg(ranking.map((id) => gainOf(judged.get(id)))) / ideal;
}

/** Share of the relevant documents (gain > 0) found in the first `k`. */
export function recallAt(k: number, ranking: readonly string[], judged: ReadonlyMap<string, number>): number {
  const relevant = [...judged.entries()].filter(([, grade]) => gainOf(grade) > 0).map(([id]) => id);
  if (relevant.length === 0) return 0;
  const top = new Set(ranking.slice(0, k));
  return relevant.filter((id) => top.has(id)).length / relevant.length;
}

function records(text: string): Record<string, string>[] {
  const result: Record<string, string>[] = [];
  let current: Record<string, string> | null = null;
  let field = '';
  for (const line of text.split(/\r?\n/)) {
    const marker = /^\.([ITABW])\b\s*(.*)$/.exec(line);
    if (marker !== null) {
      if (marker[1] === 'I') {
        current = { I: marker[2].trim() };
        result.push(current);
      } else if (current !== null) {
        field = marker[1];
        current[field] = marker[2];
      }
    } else if (current !== null && field) {
      current[field] = `${current[field] ?? ''}\n${line}`;
    }
  }
  return result;
}

function clean(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}
