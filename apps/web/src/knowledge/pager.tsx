import styles from './knowledge.module.css';

/**
 * Previous and next page of a list the api pages (`offset`, `limit`, `total`), with where the page
 * stands: "Rows 51–100 of 1,000,000". `what` names the list for the buttons' accessible names.
 */
export function Pager({ what, offset, limit, total, shown, onOffset }: { readonly what: string; readonly offset: number; readonly limit: number; readonly total: number; readonly shown: number; readonly onOffset: (offset: number) => void }) {
  if (total <= limit && offset === 0) return null;
  const first = total === 0 ? 0 : offset + 1;
  return (
    <div className={styles.pager} role="group" aria-label={`Pages of ${what.toLowerCase()}`}>
      <button type="button" className="button button-secondary button-small" disabled={offset === 0} onClick={() => onOffset(Math.max(0, offset - limit))}>
        Previous page
      </button>
      <span role="status">
        {what} {first.toLocaleString()}–{(offset + shown).toLocaleString()} of {total.toLocaleString()}
      </span>
      <button type="button" className="button button-secondary button-small" disabled={offset + limit >= total} onClick={() => onOffset(offset + limit)}>
        Next page
      </button>
    </div>
  );
}
