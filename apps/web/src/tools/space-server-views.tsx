import type { RemoteMcpServer } from '@app/contracts/http/remote-mcp-server.types';
import type { SpaceResponse } from '@app/contracts/http/workspace.types';
import { useId, useState, type FormEvent } from 'react';
import { useApi } from '../api';
import styles from '../administration/administration.module.css';
import { ConfirmAction } from '../administration/confirm-action';
import { LoadedPending, useLoaded } from '../administration/use-loaded';
import { errorMessage } from '../ui/error-message';
import { FormError } from '../ui/form-error';

interface Props {
  readonly wId: string;
  readonly space: SpaceResponse;
  readonly admin: boolean;
  /** The registered remote servers an admin may add (empty for the others). */
  readonly servers: readonly RemoteMcpServer[];
}

/** One space's MCP server views, with Add and Remove for admins. */
export function SpaceServerViews({ wId, space, admin, servers }: Props) {
  const { mcpServers } = useApi();
  const views = useLoaded((signal) => mcpServers.views(wId, space.sId, { signal }));
  const selectId = useId();
  const [chosen, setChosen] = useState('');
  const [error, setError] = useState<string | null>(null);
  const shown = views.loaded.status === 'ready' ? views.loaded.value.serverViews : [];
  const addable = servers.filter((server) => !shown.some((view) => view.server.sId === server.sId));

  async function change(what: () => Promise<unknown>) {
    setError(null);
    try {
      await what();
      views.reload();
    } catch (failure) {
      setError(errorMessage(failure));
    }
  }

  function add(event: FormEvent) {
    event.preventDefault();
    const serverId = chosen || addable[0]?.sId;
    if (serverId) void change(() => mcpServers.createView(wId, space.sId, serverId)).then(() => setChosen(''));
  }

  return (
    <section aria-labelledby={`${selectId}-space`} className={styles.section}>
      <h2 id={`${selectId}-space`}>{space.name}</h2>
      {views.loaded.status !== 'ready' ? (
        <LoadedPending loaded={views.loaded} />
      ) : shown.length === 0 ? (
        <p className="muted">No server in this space.</p>
      ) : (
        <ul className={styles.rows} aria-label={`Servers in ${space.name}`}>
          {shown.map((view) => (
            <li key={view.sId} className={styles.row} aria-label={view.server.name}>
              <div className={styles.who}>
                <strong>{view.server.name}</strong>
                <span className="muted">{view.server.tools.length} tools</span>
              </div>
              {admin ? (
                <div className={styles.actions}>
                  <ConfirmAction
                    label="Remove"
                    accessibleName={`Remove ${view.server.name} from ${space.name}`}
                    question={`Take ${view.server.name} out of ${space.name}? Its agents lose its tools.`}
                    confirmLabel="Yes, remove"
                    onConfirm={() => change(() => mcpServers.deleteView(wId, space.sId, view.sId))}
                  />
                </div>
              ) : null}
            </li>
          ))}
        </ul>
      )}
      {admin && addable.length > 0 ? (
        <form className={styles.inline} onSubmit={add}>
          <div className="field">
            <label htmlFor={selectId}>Server to add to {space.name}</label>
            <select id={selectId} value={chosen || addable[0]?.sId} onChange={(event) => setChosen(event.target.value)}>
              {addable.map((server) => (
                <option key={server.sId} value={server.sId}>
                  {server.name}
                </option>
              ))}
            </select>
          </div>
          <button type="submit" className="button button-secondary">
            Add to {space.name}
          </button>
        </form>
      ) : null}
      <FormError message={error} />
    </section>
  );
}
