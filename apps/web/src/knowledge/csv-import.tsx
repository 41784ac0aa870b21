import type { TableResponse } from '@app/contracts/http/table.types';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { Link } from 'wouter';
import { useApi, type DataSourceAddress } from '../api';
import { FormError } from '../ui/form-error';
import { FormField } from '../ui/form-field';
import { ImportStatus } from './import-status';
import { knowledgePaths } from './knowledge-paths';
import styles from './knowledge.module.css';
import { uploadFailureReason, uploadFile } from './upload-file';

/** How often a running import is asked where it stands. */
const POLL_MS = 500;

type Progress =
  | { readonly phase: 'idle' }
  | { readonly phase: 'uploading'; readonly fileName: string; readonly percent: number }
  | { readonly phase: 'importing'; readonly table: TableResponse | null; readonly tableId: string; readonly name: string };

/**
 * "New table from a CSV": a name, a description and a file. The file is uploaded with its progress
 * shown, then imported in the background; the page asks for the table every half second and shows
 * the import's state and rows imported until it is ready (then its link) or failed (then why).
 */
export function CsvImport({ at, onImported }: { readonly at: DataSourceAddress; readonly onImported: () => void }) {
  const api = useApi();
  const fileId = useId();
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [progress, setProgress] = useState<Progress>({ phase: 'idle' });
  const [error, setError] = useState<string | null>(null);
  const polling = progress.phase === 'importing' && progress.table?.status?.state !== 'ready' && progress.table?.status?.state !== 'failed' ? progress.tableId : null;

  useEffect(() => {
    if (polling === null) return;
    let current = true;
    const timer = setInterval(() => {
      api.tables.get(at, polling).then(
        ({ table }) => {
          if (!current) return;
          setProgress((now) => (now.phase === 'importing' ? { ...now, table } : now));
          if (table.status?.state !== 'importing') onImported();
        },
        () => undefined,
      );
    }, POLL_MS);
    return () => {
      current = false;
      clearInterval(timer);
    };
    // `at` and `onImported` are rebuilt by each render of the page; the table polled says when to start again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [polling]);

  async function start(event: FormEvent) {
    event.preventDefault();
    if (!file) return;
    setError(null);
    const tableName = name.trim();
    setProgress({ phase: 'uploading', fileName: file.name, percent: 0 });
    try {
      const uploaded = await uploadFile(api, at.wId, file, (toUpload) => api.tables.requestCsvUpload(at.wId, toUpload), (percent) =>
        setProgress({ phase: 'uploading', fileName: file.name, percent }),
      );
      const started = await api.tables.importCsv(at, uploaded, { name: tableName, description: description.trim() });
      setProgress({ phase: 'importing', table: null, tableId: started.table.table_id, name: tableName });
    } catch (failure) {
      setProgress({ phase: 'idle' });
      setError(uploadFailureReason(failure));
    }
  }

  const busy = progress.phase === 'uploading' || polling !== null;
  return (
    <form className={styles.stack} onSubmit={start} aria-label="New table from a CSV">
      <div className={styles.inline}>
        <FormField label="Table name" hint="Lowercase letters, digits and _." value={name} onChange={(event) => setName(event.target.value)} required autoComplete="off" />
        <FormField label="Table description" value={description} onChange={(event) => setDescription(event.target.value)} autoComplete="off" />
        <div className="field">
          <label htmlFor={fileId}>CSV file</label>
          <input id={fileId} type="file" accept=".csv,text/csv" required onChange={(event) => setFile(event.target.files?.[0] ?? null)} />
        </div>
        <button type="submit" className="button" disabled={busy}>
          Import CSV
        </button>
      </div>
      <FormError message={error} />
      {progress.phase === 'uploading' ? <progress className={styles.progress} aria-label={`Uploading ${progress.fileName}`} max={100} value={progress.percent} /> : null}
      {progress.phase === 'importing' ? (
        <>
          <ImportStatus name={progress.name} status={progress.table?.status ?? { state: 'importing', rows_imported: 0, reason: null }} />
          {progress.table?.status?.state === 'ready' ? <Link href={knowledgePaths.table(at.spaceId, at.dsId, progress.tableId)}>Open {progress.name}</Link> : null}
        </>
      ) : null}
    </form>
  );
}
