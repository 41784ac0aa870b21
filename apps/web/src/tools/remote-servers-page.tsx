import type { RemoteMcpServer } from '@app/contracts/http/remote-mcp-server.types';
import { useState } from 'react';
import { useApi } from '../api';
import styles from '../administration/administration.module.css';
import { ConfirmAction } from '../administration/confirm-action';
import { LoadedPending, useLoaded } from '../administration/use-loaded';
import { useDocumentTitle } from '../ui/document-title';
import { errorMessage } from '../ui/error-message';
import { FormError } from '../ui/form-error';
import { PageHeading } from '../ui/page-heading';
import { RegisterServer } from './register-server';
import { ServerTools } from './server-tools';

/**
 * `/w/:wId/tools/servers`: the workspace's remote MCP servers with their tools and the names of the
 * headers sent to them (never the values, which the api keeps to itself). Admins register, sync and
 * delete them; builders read them (members with the user role get ServersForBuilders instead).
 */
export function RemoteServersPage({ wId, admin }: { readonly wId: string; readonly admin: boolean }) {
  useDocumentTitle('Remote servers');
  const { mcpServers } = useApi();
  const servers = useLoaded((signal) => mcpServers.listRemote(wId, { signal }));
  const [notice, setNotice] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  async function act(what: () => Promise<string>) {
    setError(null);
    setNotice(null);
    try {
      setNotice(await what());
      servers.reload();
    } catch (failure) {
      setError(errorMessage(failure));
    }
  }

  const sync = (server: RemoteMcpServer) =>
    act(async () => {
      const { server: synced } = await mcpServers.syncRemote(wId, server.sId);
      return `${synced.name} synced: ${synced.tools.length} tools.`;
    });
  const remove = (server: RemoteMcpServer) =>
    act(async () => {
      await mcpServers.deleteRemote(wId, server.sId);
      return `${server.name} deleted.`;
    });

  return (
    <div className={styles.page}>
      <PageHeading>Remote servers</PageHeading>
      <p className="muted">MCP servers reached over HTTP whose tools agents may use once the server is put in a space.</p>
      {admin ? <RegisterServer wId={wId} onRegistered={(name) => void act(() => Promise.resolve(`${name} registered.`))} /> : null}
      <p role="status">{notice}</p>
      <FormError message={error} />
      <section aria-labelledby="servers" className={styles.section}>
        <h2 id="servers">Servers</h2>
        {servers.loaded.status !== 'ready' ? (
          <LoadedPending loaded={servers.loaded} />
        ) : servers.loaded.value.servers.length === 0 ? (
          <p className="muted">No remote server is registered.</p>
        ) : (
          <ul className={styles.rows}>
            {servers.loaded.value.servers.map((server) => (
              <li key={server.sId} className={styles.row} aria-label={server.name}>
                <div className={styles.who}>
                  <strong>{server.name}</strong>
                  <span className={`muted ${styles.code}`}>{server.url}</span>
                  <span className="muted">
                    Version {server.version}, synced {new Date(server.syncedAt).toLocaleString()}
                  </span>
                  <span className="muted">{server.headerNames.length === 0 ? 'No headers' : `Headers: ${server.headerNames.join(', ')} (values kept secret)`}</span>
                  <ServerTools server={server} />
                </div>
                {admin ? (
                  <div className={styles.actions}>
                    <button type="button" className="button button-secondary button-small" aria-label={`Sync ${server.name}`} onClick={() => void sync(server)}>
                      Sync
                    </button>
                    <ConfirmAction
                      label="Delete"
                      accessibleName={`Delete ${server.name}`}
                      question={`Delete ${server.name}? Agents lose its tools, and its views leave their spaces.`}
                      confirmLabel="Yes, delete"
                      onConfirm={() => remove(server)}
                    />
                  </div>
                ) : null}
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
