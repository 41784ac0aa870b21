import { useApi } from '../api';
import { useDocumentTitle } from '../ui/document-title';
import { PageHeading } from '../ui/page-heading';
import styles from './administration.module.css';
import { AllowedProviders } from './allowed-providers';
import { RegionalSetting } from './regional-setting';
import { LoadedPending, useLoaded } from './use-loaded';

/**
 * `/w/:wId/admin/providers`: which of the deployment's model providers the workspace allows (its
 * allow-list: agents of the others read as disabled by an admin), and whether it keeps to models of
 * the deployment's region.
 */
export function ProvidersPage({ wId }: { readonly wId: string }) {
  useDocumentTitle('Providers');
  const { workspaceSettings } = useApi();
  const loaded = useLoaded(async (signal) => {
    const [workspace, status] = await Promise.all([workspaceSettings.get(wId, { signal }), workspaceSettings.status(wId, { signal })]);
    return { workspace: workspace.workspace, providers: status.providers, region: status.region };
  });
  return (
    <div className={styles.page}>
      <PageHeading>Providers</PageHeading>
      {loaded.loaded.status === 'ready' ? (
        <>
          <AllowedProviders wId={wId} workspace={loaded.loaded.value.workspace} providers={loaded.loaded.value.providers} onSaved={loaded.reload} />
          <RegionalSetting wId={wId} workspace={loaded.loaded.value.workspace} region={loaded.loaded.value.region} onSaved={loaded.reload} />
        </>
      ) : (
        <LoadedPending loaded={loaded.loaded} />
      )}
    </div>
  );
}
