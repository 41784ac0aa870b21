import type { SQLInputValue } from 'node:sqlite';
import type { SearchFilter } from './search-index.port';

/** SQL conditions on the documents table aliased `d`, and their parameters. */
export interface SqlCondition {
  readonly sql: string;
  readonly params: SQLInputValue[];
}

/** Translates a search filter into conditions on `d` (documents); conditions are ANDed. */
export function filterCondition(filter: SearchFilter): SqlCondition {
  const clauses: string[] = [];
  const params: SQLInputValue[] = [];
  clauses.push(`d.ds IN (${placeholders(filter.dataSourceIds.length)})`);
  params.push(...filter.dataSourceIds);
  if (filter.timestampGt !== undefined) {
    clauses.push('d.timestamp > ?');
    params.push(filter.timestampGt);
  }
  if (filter.timestampLt !== undefined) {
    clauses.push('d.timestamp < ?');
    params.push(filter.timestampLt);
  }
  const membership = (table: string, column: string, values: readonly string[] | undefined, negate: boolean) => {
    if (values === undefined) return;
    // An empty "in" list matches nothing; an empty "not" list excludes nothing.
    if (values.length === 0) {
      if (!negate) clauses.push('0');
      return;
    }
    clauses.push(
      `${negate ? 'NOT ' : ''}EXISTS (SELECT 1 FROM ${table} m WHERE m.ds = d.ds AND m.doc = d.doc AND m.${column} IN (${placeholders(values.length)}))`,
    );
    params.push(...values);
  };
  membership('document_tags', 'tag', filter.tagsIn, false);
  membership('document_tags', 'tag', filter.tagsNot, true);
  membership('document_parents', 'parent', filter.parentsIn, false);
  membership('document_parents', 'parent', filter.parentsNot, true);
  membership('document_parents', 'parent', filter.scopeParentsIn, false);
  return { sql: clauses.join(' AND '), params };
}

function placeholders(count: number): string {
  return Array.from({ length: count }, () => '?').join(', ');
}
