import type { SearchDocumentsResponse } from '@app/contracts/http/search-result.types';
import { useId, useState, type FormEvent } from 'react';
import { Link } from 'wouter';
import { useApi, type DataSourceAddress } from '../api';
import { errorMessage } from '../ui/error-message';
import { FormError } from '../ui/form-error';
import { knowledgePaths } from './knowledge-paths';
import styles from './knowledge.module.css';

/** As many documents as the agents' search tool asks for by default. */
const TOP_K = 8;

/**
 * Searches the data source as an agent's search tool does (`GET …/search?query=&top_k=`): the
 * documents found, best first, each with its title and score and the chunks that matched with theirs.
 */
export function SearchBox({ at }: { readonly at: DataSourceAddress }) {
  const { dataSources } = useApi();
  const inputId = useId();
  const [query, setQuery] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [found, setFound] = useState<{ readonly query: string; readonly answer: SearchDocumentsResponse } | null>(null);

  async function search(event: FormEvent) {
    event.preventDefault();
    const asked = query.trim();
    if (asked === '') return;
    setBusy(true);
    setError(null);
    try {
      setFound({ query: asked, answer: await dataSources.search(at, asked, TOP_K) });
    } catch (failure) {
      setError(errorMessage(failure));
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className={styles.section} aria-labelledby="search-heading">
      <h2 id="search-heading">Search</h2>
      <form role="search" className={styles.inline} onSubmit={search}>
        <div className="field">
          <label htmlFor={inputId}>Search this data source</label>
          <input id={inputId} type="search" value={query} onChange={(event) => setQuery(event.target.value)} autoComplete="off" />
        </div>
        <button type="submit" className="button" disabled={busy}>
          Search
        </button>
      </form>
      <FormError message={error} />
      {found ? <SearchResults at={at} query={found.query} answer={found.answer} /> : null}
    </section>
  );
}

function SearchResults({ at, query, answer }: { readonly at: DataSourceAddress; readonly query: string; readonly answer: SearchDocumentsResponse }) {
  if (answer.documents.length === 0) {
    return (
      <p role="status" className="muted">
        Nothing found for “{query}”.
      </p>
    );
  }
  return (
    <ol className={styles.rows} aria-label={`Results for ${query}`}>
      {answer.documents.map((document) => (
        <li key={document.document_id} className={styles.row}>
          <div className={styles.who}>
            <Link href={knowledgePaths.document(at.spaceId, at.dsId, document.document_id)} className={styles.title}>
              {document.title || document.document_id}
            </Link>
            <span className={`muted ${styles.score}`}>Score {formatScore(document.score)}</span>
            <ul className={styles.sectionTree} aria-label={`Chunks of ${document.title || document.document_id}`}>
              {document.chunks.map((chunk) => (
                <li key={`${chunk.offset}-${chunk.hash}`}>
                  <span className={`muted ${styles.score}`}>{chunk.score === null ? 'Around the match' : `Chunk score ${formatScore(chunk.score)}`}</span>
                  <p className={styles.chunk}>{chunk.text}</p>
                </li>
              ))}
            </ul>
          </div>
        </li>
      ))}
    </ol>
  );
}

function formatScore(score: number): string {
  return score.toFixed(3);
}
