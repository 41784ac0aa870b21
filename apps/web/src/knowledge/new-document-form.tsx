import { useId, useState, type FormEvent } from 'react';
import { useApi, type DataSourceAddress } from '../api';
import { errorMessage } from '../ui/error-message';
import { FormError } from '../ui/form-error';
import { FormField } from '../ui/form-field';
import styles from './knowledge.module.css';

/**
 * "New document": a title and a text typed in the page, upserted as a document whose id is its
 * title (as the real service's folders name typed documents), so the same title again replaces it.
 * `onAdded` runs once the api answered, so the list shows it.
 */
export function NewDocumentForm({ at, onAdded }: { readonly at: DataSourceAddress; readonly onAdded: () => void }) {
  const { dataSources } = useApi();
  const textId = useId();
  const [title, setTitle] = useState('');
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  async function create(event: FormEvent) {
    event.preventDefault();
    const name = title.trim();
    if (name === '' || busy) return;
    setBusy(true);
    setError(null);
    setNotice(null);
    try {
      await dataSources.upsertDocument(at, name, { title: name, text });
      setTitle('');
      setText('');
      setNotice(`${name} added.`);
      onAdded();
    } catch (failure) {
      setError(errorMessage(failure));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className={styles.stack} onSubmit={(event) => void create(event)} aria-label="New document" aria-busy={busy}>
      <FormField label="Document title" hint="A document of the same title is replaced." value={title} onChange={(event) => setTitle(event.target.value)} required maxLength={512} autoComplete="off" />
      <div className="field">
        <label htmlFor={textId}>Document text</label>
        <textarea id={textId} rows={5} value={text} onChange={(event) => setText(event.target.value)} required />
      </div>
      <FormError message={error} />
      <p role="status">{notice}</p>
      <div>
        <button type="submit" className="button" disabled={busy}>
          Create document
        </button>
      </div>
    </form>
  );
}
