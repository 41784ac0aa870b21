import { Link } from 'wouter';
import { useApi, type DataSourceAddress } from '../api';
import { ConfirmAction } from '../administration/confirm-action';
import { LoadedPending, useLoaded } from '../administration/use-loaded';
import { FormError } from '../ui/form-error';
import { CsvImport } from './csv-import';
import { knowledgePaths } from './knowledge-paths';
import styles from './knowledge.module.css';
import { useRemoval } from './use-removal';

/** A data source's tables, each with its row count and last import; builders import a CSV as a new one and delete. */
export function TablesSection({ at, canWrite }: { readonly at: DataSourceAddress; readonly canWrite: boolean }) {
  const { tables } = useApi();
  const list = useLoaded((signal) => tables.list(at, { signal }));
  const removal = useRemoval(list.reload);

  return (
    <section className={styles.section} aria-labelledby="tables-heading">
      <h2 id="tables-heading">Tables</h2>
      {canWrite ? <CsvImport at={at} onImported={list.reload} /> : null}
      <FormError message={removal.error} />
      {list.loaded.status === 'ready' ? (
        list.loaded.value.tables.length === 0 ? (
          <p className="muted">No table yet.</p>
        ) : (
          <ul className={styles.rows} aria-label="Tables">
            {list.loaded.value.tables.map((table) => (
              <li key={table.table_id} className={styles.row}>
                <div className={styles.who}>
                  <Link href={knowledgePaths.table(at.spaceId, at.dsId, table.table_id)} className={styles.title}>
                    {table.name}
                  </Link>
                  <span className="muted">
                    {table.row_count.toLocaleString()} rows, {table.schema?.length ?? 0} columns
                    {table.status && table.status.state !== 'ready' ? `, import ${table.status.state}` : ''}
                  </span>
                </div>
                {canWrite ? (
                  <ConfirmAction
                    label="Delete"
                    accessibleName={`Delete table ${table.name}`}
                    question={deleteTableQuestion(table.name)}
                    confirmLabel="Yes, delete"
                    onConfirm={() => removal.remove(() => tables.delete(at, table.table_id))}
                  />
                ) : null}
              </li>
            ))}
          </ul>
        )
      ) : (
        <LoadedPending loaded={list.loaded} />
      )}
    </section>
  );
}

/** What deleting a table asks, on its page and in the list alike. */
export function deleteTableQuestion(name: string): string {
  return `Delete the table ${name} with its rows? Agents stop querying it at once.`;
}
