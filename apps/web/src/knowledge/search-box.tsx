import { useId, useState, type FormEvent } from 'react';
import { Link } from 'wouter';
import { errorMessage } from '../ui/error-message';
import { FormError } from '../ui/form-error';
import type { FoundDocument } from './found-document';
import { knowledgePaths } from './knowledge-paths';
import styles from './knowledge.module.css';

/**
 * A search box over `run`, the search the agents' tool runs (a data source's, or each view of a
 * space's): the documents found, best first, each with its title and score and the chunks that
 * matched with theirs. `label` names the box.
 */
export function SearchBox({ label, run }: { readonly label: string; readonly run: (query: string) => Promise<readonly FoundDocument[]> }) {
  const inputId = useId();
  const [query, setQuery] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [found, setFound] = useState<{ readonly query: string; readonly documents: readonly FoundDocument[] } | null>(null);

  async function search(event: FormEvent) {
    event.preventDefault();
    const asked = query.trim();
    if (asked === '') return;
    setBusy(true);
    setError(null);
    try {
      setFound({ query: asked, documents: await run(asked) });
    } catch (failure) {
      setError(errorMessage(failure));
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className={styles.section} aria-labelledby={`${inputId}-heading`}>
      <h2 id={`${inputId}-heading`}>Search</h2>
      <form role="search" className={styles.inline} onSubmit={search}>
        <div className="field">
          <label htmlFor={inputId}>{label}</label>
          <input id={inputId} type="search" value={query} onChange={(event) => setQuery(event.target.value)} autoComplete="off" />
        </div>
        <button type="submit" className="button" disabled={busy}>
          Search
        </button>
      </form>
      <FormError message={error} />
      {found ? <SearchResults query={found.query} documents={found.documents} /> : null}
    </section>
  );
}

function SearchResults({ query, documents }: { readonly query: string; readonly documents: readonly FoundDocument[] }) {
  if (documents.length === 0) {
    return (
      <p role="status" className="muted">
        Nothing found for “{query}”.
      </p>
    );
  }
  return (
    <ol className={styles.rows} aria-label={`Results for ${query}`}>
      {documents.map(({ document, spaceId, dsId, sourceName }) => {
        const title = document.title || document.document_id;
        return (
          <li key={`${dsId}/${document.document_id}`} className={styles.row}>
            <div className={styles.who}>
              <Link href={knowledgePaths.document(spaceId, dsId, document.document_id)} className={styles.title}>
                {title}
              </Link>
              <span className={`muted ${styles.score}`}>
                {sourceName ? `In ${sourceName}, s` : 'S'}core {formatScore(document.score)}
              </span>
              <ul className={styles.sectionTree} aria-label={`Chunks of ${title}`}>
                {document.chunks.map((chunk) => (
                  <li key={`${chunk.offset}-${chunk.hash}`}>
                    <span className={`muted ${styles.score}`}>{chunk.score === null ? 'Around the match' : `Chunk score ${formatScore(chunk.score)}`}</span>
                    <p className={styles.chunk}>{chunk.text}</p>
                  </li>
                ))}
              </ul>
            </div>
          </li>
        );
      })}
    </ol>
  );
}

function formatScore(score: number): string {
  return score.toFixed(3);
}
