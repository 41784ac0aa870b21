import { useMemo } from 'react';
import { useLocation } from 'wouter';
import { useApi, type DataSourceAddress } from '../api';
import { ConfirmAction } from '../administration/confirm-action';
import { LoadedPending, useLoaded } from '../administration/use-loaded';
import { useDocumentTitle } from '../ui/document-title';
import { PageHeading } from '../ui/page-heading';
import { Breadcrumbs } from './breadcrumbs';
import { DocumentsSection } from './documents-section';
import { knowledgePaths } from './knowledge-paths';
import styles from './knowledge.module.css';
import { SEARCH_TOP_K } from './found-document';
import { SearchBox } from './search-box';
import { TablesSection } from './tables-section';

/** `/w/:wId/knowledge/spaces/:spaceId/data_sources/:dsId`: the search agents run, the documents and the tables of one data source. */
export function DataSourcePage({ wId, spaceId, dsId, canWrite }: { readonly wId: string; readonly spaceId: string; readonly dsId: string; readonly canWrite: boolean }) {
  const api = useApi();
  const [, navigate] = useLocation();
  const at: DataSourceAddress = useMemo(() => ({ wId, spaceId, dsId }), [wId, spaceId, dsId]);
  // The space's list names the data source (there is no read of one alone), and the space names the trail.
  const found = useLoaded(async (signal) => {
    const [space, list] = await Promise.all([api.spaces.get(wId, spaceId, { signal }), api.spaces.dataSources(wId, spaceId, { signal })]);
    return { space: space.space, dataSource: list.data_sources.find((each) => each.sId === dsId) ?? null };
  });
  const name = found.loaded.status === 'ready' ? (found.loaded.value.dataSource?.name ?? 'Data source not found') : 'Data source';
  useDocumentTitle(name);
  const trail = found.loaded.status === 'ready' ? [{ href: knowledgePaths.space(spaceId), label: found.loaded.value.space.name }] : [];

  async function remove() {
    await api.spaces.deleteDataSource(wId, spaceId, dsId);
    navigate(knowledgePaths.space(spaceId));
  }

  return (
    <div className={styles.page}>
      <Breadcrumbs trail={trail} />
      <PageHeading>{name}</PageHeading>
      {found.loaded.status !== 'ready' ? (
        <LoadedPending loaded={found.loaded} />
      ) : found.loaded.value.dataSource === null ? (
        <p>This data source was deleted, or is not in this space.</p>
      ) : (
        <>
          {found.loaded.value.dataSource.description ? <p className="muted">{found.loaded.value.dataSource.description}</p> : null}
          {canWrite ? (
            <div className={styles.actions}>
              <ConfirmAction label="Delete data source" accessibleName={`Delete data source ${name}`} question={`Delete ${name} with its documents and tables?`} confirmLabel="Yes, delete" onConfirm={remove} />
            </div>
          ) : null}
          <SearchBox
            label="Search this data source"
            run={async (query) => (await api.dataSources.search(at, query, SEARCH_TOP_K)).documents.map((document) => ({ document, spaceId, dsId }))}
          />
          <DocumentsSection at={at} canWrite={canWrite} />
          <TablesSection at={at} canWrite={canWrite} />
        </>
      )}
    </div>
  );
}
