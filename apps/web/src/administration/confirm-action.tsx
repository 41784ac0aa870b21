import { useEffect, useRef, useState } from 'react';
import styles from './administration.module.css';

/**
 * A button whose action cannot be undone (remove, revoke): the first press asks, in place, and only
 * the second does it. In the page rather than `window.confirm`, so it is styled, read out and
 * reached by keyboard like the rest; the focus moves to the question's answer and back on Cancel.
 */
export function ConfirmAction({
  label,
  accessibleName,
  question,
  confirmLabel,
  onConfirm,
}: {
  readonly label: string;
  readonly accessibleName: string;
  readonly question: string;
  readonly confirmLabel: string;
  readonly onConfirm: () => Promise<void>;
}) {
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const confirmRef = useRef<HTMLButtonElement>(null);
  const askRef = useRef<HTMLButtonElement>(null);
  const wasAsking = useRef(false);

  useEffect(() => {
    if (asking) confirmRef.current?.focus();
    else if (wasAsking.current) askRef.current?.focus();
    wasAsking.current = asking;
  }, [asking]);

  async function confirm() {
    setBusy(true);
    try {
      await onConfirm();
    } finally {
      setBusy(false);
      setAsking(false);
    }
  }

  if (!asking) {
    return (
      <button ref={askRef} type="button" className="button button-secondary button-small" aria-label={accessibleName} onClick={() => setAsking(true)}>
        {label}
      </button>
    );
  }
  return (
    <span role="group" aria-label={question} className={styles.confirm}>
      <span>{question}</span>
      <button ref={confirmRef} type="button" className="button button-small" disabled={busy} onClick={confirm}>
        {confirmLabel}
      </button>
      <button type="button" className="button button-secondary button-small" disabled={busy} onClick={() => setAsking(false)}>
        Cancel
      </button>
    </span>
  );
}
