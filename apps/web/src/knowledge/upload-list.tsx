import styles from './knowledge.module.css';
import type { UploadState } from './upload-file';

/** The files on their way: a progress bar named `Uploading <name>` while the bytes go, then what became of each. */
export function UploadList({ uploads, doneLabel }: { readonly uploads: readonly UploadState[]; readonly doneLabel: string }) {
  if (uploads.length === 0) return null;
  return (
    <ul className={styles.rows} aria-label="Uploads">
      {uploads.map((upload) => (
        <li key={upload.key} className={styles.row}>
          <span>{upload.fileName}</span>
          <UploadPhase upload={upload} doneLabel={doneLabel} />
        </li>
      ))}
    </ul>
  );
}

function UploadPhase({ upload, doneLabel }: { readonly upload: UploadState; readonly doneLabel: string }) {
  switch (upload.phase) {
    case 'uploading':
      return <progress className={styles.progress} aria-label={`Uploading ${upload.fileName}`} max={100} value={upload.percent} />;
    case 'processing':
      return (
        <span role="status" className="muted">
          Reading…
        </span>
      );
    case 'done':
      return <span role="status">{doneLabel}</span>;
    case 'failed':
      return (
        <span role="alert" className="alert">
          {upload.reason}
        </span>
      );
  }
}
