import type { CitedSource } from './citations';
import styles from './agent-actions.module.css';
import { DocumentLink } from './document-link';

/** The documents an answer cites, under it, numbered as its citations are. */
export function CitedSources({ cited }: { readonly cited: readonly CitedSource[] }) {
  if (cited.length === 0) return null;
  return (
    <ol className={styles.sources} aria-label="Sources">
      {cited.map((source) => (
        <li key={source.ref} value={source.number}>
          <DocumentLink title={source.title} url={source.url} />
        </li>
      ))}
    </ol>
  );
}
