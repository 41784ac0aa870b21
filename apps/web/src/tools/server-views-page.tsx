import type { SpaceResponse } from '@app/contracts/http/workspace.types';
import { useApi } from '../api';
import styles from '../administration/administration.module.css';
import { LoadedPending, useLoaded } from '../administration/use-loaded';
import { useDocumentTitle } from '../ui/document-title';
import { PageHeading } from '../ui/page-heading';
import { SpaceServerViews } from './space-server-views';

/**
 * `/w/:wId/tools/spaces`: for each space the person can see, the MCP servers put in it (its views),
 * which the space's agents may be given. Admins add a registered server to a space and take it out.
 */
export function ServerViewsPage({ wId, admin }: { readonly wId: string; readonly admin: boolean }) {
  useDocumentTitle('Servers in spaces');
  const { spaces, mcpServers } = useApi();
  const listed = useLoaded((signal) => spaces.list(wId, { signal }));
  // Admins choose among the registered servers; the others only read the views.
  const servers = useLoaded((signal) => (admin ? mcpServers.listRemote(wId, { signal }) : Promise.resolve({ servers: [] })));

  return (
    <div className={styles.page}>
      <PageHeading>Servers in spaces</PageHeading>
      <p className="muted">A server in a space can be given to the agents of that space.</p>
      {listed.loaded.status !== 'ready' ? (
        <LoadedPending loaded={listed.loaded} />
      ) : (
        listed.loaded.value.spaces
          .filter((space: SpaceResponse) => space.kind !== 'conversations')
          .map((space: SpaceResponse) => (
            <SpaceServerViews key={space.sId} wId={wId} space={space} admin={admin} servers={servers.loaded.status === 'ready' ? servers.loaded.value.servers : []} />
          ))
      )}
    </div>
  );
}
