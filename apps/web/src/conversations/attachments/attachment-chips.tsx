import type { Attachment } from './attachment-list';
import { percentSent } from './attachment-list';
import styles from './attachments.module.css';

/**
 * The files attached to the message being written: a progress bar while one uploads, a note while
 * the api reads it, then a chip with its name; a refusal in the api's words. Each has Remove.
 */
export function AttachmentChips({ attachments, onRemove }: { readonly attachments: readonly Attachment[]; readonly onRemove: (key: string) => void }) {
  if (attachments.length === 0) return null;
  return (
    <ul className={styles.chips} aria-label="Attachments">
      {attachments.map((attachment) => (
        <li key={attachment.key} className={attachment.status === 'refused' ? `${styles.chip} ${styles.refused}` : styles.chip}>
          <span className={styles.fileName}>{attachment.fileName}</span>
          <AttachmentState attachment={attachment} />
          <button type="button" className={`button button-secondary button-small ${styles.remove}`} aria-label={`Remove ${attachment.fileName}`} onClick={() => onRemove(attachment.key)}>
            Remove
          </button>
        </li>
      ))}
    </ul>
  );
}

function AttachmentState({ attachment }: { readonly attachment: Attachment }) {
  switch (attachment.status) {
    case 'uploading':
      return (
        <progress className={styles.progress} aria-label={`Uploading ${attachment.fileName}`} max={100} value={percentSent(attachment.sentBytes, attachment.totalBytes)} />
      );
    case 'reading':
      return (
        <span className={styles.note} role="status">
          Reading…
        </span>
      );
    case 'ready':
      return <span className={styles.note}>Attached</span>;
    case 'refused':
      return (
        <span className={styles.reason} role="alert">
          {attachment.reason}
        </span>
      );
  }
}
