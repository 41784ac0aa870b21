import { useApi } from '../api';
import styles from '../administration/administration.module.css';
import { LoadedPending, useLoaded } from '../administration/use-loaded';
import { useDocumentTitle } from '../ui/document-title';
import { PageHeading } from '../ui/page-heading';

/**
 * `/w/:wId/tools/connected`: the person's client-side MCP servers registered now (a program on
 * their machine registers one with a key or token of theirs and renews it by heartbeat); agents in
 * their conversations may call these servers' tools.
 */
export function ConnectedServersPage({ wId }: { readonly wId: string }) {
  useDocumentTitle('Connected servers');
  const { mcpServers } = useApi();
  const servers = useLoaded((signal) => mcpServers.clientServers(wId, { signal }));
  return (
    <div className={styles.page}>
      <PageHeading>Connected servers</PageHeading>
      <p className="muted">Client-side MCP servers you run and have registered in this workspace. A server leaves the list when its registration lapses.</p>
      <button type="button" className="button button-secondary button-small" onClick={servers.reload}>
        Refresh
      </button>
      <section className={styles.section} aria-label="Connected servers">
        {servers.loaded.status !== 'ready' ? (
          <LoadedPending loaded={servers.loaded} />
        ) : servers.loaded.value.servers.length === 0 ? (
          <p className="muted">No client-side server of yours is connected.</p>
        ) : (
          <ul className={styles.rows}>
            {servers.loaded.value.servers.map((server) => (
              <li key={server.serverId} className={styles.row} aria-label={server.serverName}>
                <div className={styles.who}>
                  <strong>{server.serverName}</strong>
                  <span className={`muted ${styles.code}`}>{server.serverId}</span>
                  <span className="muted">
                    Registered {timeOf(server.registeredAt)}, lapses at {timeOf(server.expiresAt)} unless renewed
                  </span>
                </div>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}

function timeOf(iso: string): string {
  return new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
}
