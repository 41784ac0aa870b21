import { useState, type FormEvent, type ReactNode } from 'react';
import { useApi, type WorkspaceSettingsUpdate } from '../api';
import { errorMessage } from '../ui/error-message';
import { FormError } from '../ui/form-error';
import styles from './administration.module.css';

interface Props {
  readonly wId: string;
  readonly title: string;
  readonly titleId: string;
  /** The update Save sends: one group of settings, as the api takes them. */
  readonly update: () => WorkspaceSettingsUpdate;
  readonly onSaved: () => void;
  readonly children: ReactNode;
}

/** A section of workspace settings with its own Save, which says when the api took it or why not. */
export function SettingsForm({ wId, title, titleId, update, onSaved, children }: Props) {
  const { workspaceSettings } = useApi();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState<string | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    setSaved(null);
    try {
      await workspaceSettings.update(wId, update());
      setSaved(`${title}: saved.`);
      onSaved();
    } catch (failure) {
      setError(errorMessage(failure));
    } finally {
      setBusy(false);
    }
  }

  return (
    <section aria-labelledby={titleId} className={styles.section}>
      <h2 id={titleId}>{title}</h2>
      <form onSubmit={submit}>
        {children}
        <button type="submit" className="button" disabled={busy}>
          Save {title.toLowerCase()}
        </button>
      </form>
      <p role="status">{saved}</p>
      <FormError message={error} />
    </section>
  );
}
