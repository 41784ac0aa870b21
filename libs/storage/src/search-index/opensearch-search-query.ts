import type { SearchFilter } from './search-index.port';

/** An OpenSearch query clause (the JSON of the query DSL). */
export type QueryClause = Record<string, unknown>;

/** The bool filter of a search filter, over chunk fields `ds`, `timestamp`, `tags`, `parents`. */
export function openSearchFilter(filter: SearchFilter): QueryClause {
  const must: QueryClause[] = [{ terms: { ds: [...filter.dataSourceIds] } }];
  const mustNot: QueryClause[] = [];
  const range: Record<string, number> = {};
  if (filter.timestampGt !== undefined) range.gt = filter.timestampGt;
  if (filter.timestampLt !== undefined) range.lt = filter.timestampLt;
  if (Object.keys(range).length > 0) must.push({ range: { timestamp: range } });
  const membership = (field: string, values: readonly string[] | undefined, negate: boolean) => {
    if (values === undefined) return;
    // An empty "in" list matches nothing; an empty "not" list excludes nothing.
    if (values.length === 0) {
      if (!negate) must.push({ match_none: {} });
      return;
    }
    (negate ? mustNot : must).push({ terms: { [field]: [...values] } });
  };
  membership('tags', filter.tagsIn, false);
  membership('tags', filter.tagsNot, true);
  membership('parents', filter.parentsIn, false);
  membership('parents', filter.parentsNot, true);
  membership('parents', filter.scopeParentsIn, false);
  return { bool: { filter: must, must_not: mustNot } };
}

/** Name of the k-NN field holding vectors of one dimension (a knn_vector field has a fixed dimension). */
export function vectorField(dimensions: number): string {
  return `vector_${dimensions}`;
}

/** Mapping of the chunks index: english-analyzed text for BM25, keywords for filters. */
export const CHUNKS_MAPPING = {
  settings: { index: { knn: true, number_of_shards: 1 } },
  mappings: {
    dynamic: 'strict',
    properties: {
      ds: { type: 'keyword' },
      doc: { type: 'keyword' },
      idx: { type: 'integer' },
      title: { type: 'text', analyzer: 'english' },
      text: { type: 'text', analyzer: 'english' },
      hash: { type: 'keyword', index: false },
      token_count: { type: 'integer', index: false },
      model: { type: 'keyword' },
      timestamp: { type: 'long' },
      tags: { type: 'keyword' },
      parents: { type: 'keyword' },
    },
  },
} as const;

/** Mapping of the documents index: metadata only, returned as stored. */
export const DOCUMENTS_MAPPING = {
  mappings: {
    dynamic: 'strict',
    properties: {
      ds: { type: 'keyword' },
      doc: { type: 'keyword' },
      summary: { type: 'object', enabled: false },
    },
  },
} as const;

/** Mapping of the stored-vectors index: vectors kept for reuse, never searched. */
export const VECTORS_MAPPING = {
  mappings: {
    dynamic: 'strict',
    properties: { model: { type: 'keyword' }, hash: { type: 'keyword' }, vector: { type: 'float', index: false } },
  },
} as const;
