import { useId, useState } from 'react';
import styles from './administration.module.css';

/**
 * A secret the api answers once (an invitation link, a key): in a read-only box a person can select,
 * with Copy. It is gone once the page leaves, since the api keeps only its hash: the page says so.
 */
export function SecretShownOnce({ label, value, note }: { readonly label: string; readonly value: string; readonly note: string }) {
  const id = useId();
  const [copied, setCopied] = useState<'no' | 'yes' | 'failed'>('no');

  async function copy() {
    try {
      await navigator.clipboard.writeText(value);
      setCopied('yes');
    } catch {
      // Clipboard access can be refused (permissions, an insecure origin): the box stays selectable.
      setCopied('failed');
    }
  }

  return (
    <div className={styles.secret}>
      <div className="field">
        <label htmlFor={id}>{label}</label>
        <input id={id} className={styles.secretValue} readOnly value={value} aria-describedby={`${id}-note`} onFocus={(event) => event.currentTarget.select()} />
      </div>
      <p id={`${id}-note`} className="field-hint">
        {note}
      </p>
      <div className={styles.actions}>
        <button type="button" className="button button-small" onClick={copy}>
          Copy
        </button>
        <span role="status" className="muted">
          {copied === 'yes' ? 'Copied.' : copied === 'failed' ? 'Could not copy: select the text and copy it.' : ''}
        </span>
      </div>
    </div>
  );
}
