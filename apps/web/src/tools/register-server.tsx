import { useState, type FormEvent } from 'react';
import { useApi } from '../api';
import styles from '../administration/administration.module.css';
import { errorMessage } from '../ui/error-message';
import { FormError } from '../ui/form-error';
import { FormField } from '../ui/form-field';
import { headersOf, type HeaderRow } from './header-row';
import { HeaderRows } from './header-rows';

const FIRST_ROW: readonly HeaderRow[] = [{ key: 1, name: '', value: '' }];

/** Registers a remote MCP server by its URL and headers; the api reaches it and lists its tools before answering. */
export function RegisterServer({ wId, onRegistered }: { readonly wId: string; readonly onRegistered: (name: string) => void }) {
  const { mcpServers } = useApi();
  const [url, setUrl] = useState('');
  const [rows, setRows] = useState<readonly HeaderRow[]>(FIRST_ROW);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const { server } = await mcpServers.registerRemote(wId, url.trim(), headersOf(rows));
      // The values leave the page with the form: the api keeps them, and shows only their names.
      setUrl('');
      setRows(FIRST_ROW);
      onRegistered(server.name);
    } catch (failure) {
      setError(errorMessage(failure));
    } finally {
      setBusy(false);
    }
  }

  return (
    <section aria-labelledby="register-server" className={styles.section}>
      <h2 id="register-server">Register a server</h2>
      <form onSubmit={submit}>
        <FormField label="Server URL" type="url" required autoComplete="off" placeholder="https://tools.example.com/mcp" value={url} onChange={(event) => setUrl(event.target.value)} />
        <HeaderRows rows={rows} onChange={setRows} />
        <button type="submit" className="button" disabled={busy}>
          {busy ? 'Registering…' : 'Register'}
        </button>
      </form>
      <FormError message={error} />
    </section>
  );
}
