import type { TableImportStatusResponse } from '@app/contracts/http/table.types';
import styles from './knowledge.module.css';

/**
 * A CSV import's progress as the api reports it: its state and the rows imported so far (counted
 * every 50,000 rows; the total is not known until the end, so the bar moves without a fraction
 * while importing and is full once ready), and the reason of a failed one.
 */
export function ImportStatus({ name, status }: { readonly name: string; readonly status: TableImportStatusResponse }) {
  return (
    <div className={styles.who}>
      <progress className={styles.progress} aria-label={`Importing ${name}`} max={1} value={status.state === 'importing' ? undefined : 1} />
      <span role="status">
        Import {status.state}: {status.rows_imported.toLocaleString()} rows imported
      </span>
      {status.state === 'failed' && status.reason ? (
        <span role="alert" className="alert">
          {status.reason}
        </span>
      ) : null}
    </div>
  );
}
