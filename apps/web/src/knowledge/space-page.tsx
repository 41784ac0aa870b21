import type { GetSpaceResponse } from '@app/contracts/http/workspace.types';
import { useState, type FormEvent } from 'react';
import { Link } from 'wouter';
import { useApi } from '../api';
import { LoadedPending, useLoaded } from '../administration/use-loaded';
import { useDocumentTitle } from '../ui/document-title';
import { errorMessage } from '../ui/error-message';
import { FormError } from '../ui/form-error';
import { FormField } from '../ui/form-field';
import { PageHeading } from '../ui/page-heading';
import { Breadcrumbs } from './breadcrumbs';
import { knowledgePaths } from './knowledge-paths';
import { SearchBox } from './search-box';
import { searchSpace } from './space-search';
import styles from './knowledge.module.css';

/** `/w/:wId/knowledge/spaces/:spaceId`: who the space is for, its data sources, and for builders a new one. */
export function SpacePage({ wId, spaceId, canWrite }: { readonly wId: string; readonly spaceId: string; readonly canWrite: boolean }) {
  const api = useApi();
  const { spaces } = api;
  const space = useLoaded((signal) => spaces.get(wId, spaceId, { signal }));
  const dataSources = useLoaded((signal) => spaces.dataSources(wId, spaceId, { signal }));
  useDocumentTitle(space.loaded.status === 'ready' ? space.loaded.value.space.name : 'Space');
  if (space.loaded.status !== 'ready') {
    return (
      <div className={styles.page}>
        <Breadcrumbs trail={[]} />
        <PageHeading>Space</PageHeading>
        <LoadedPending loaded={space.loaded} />
      </div>
    );
  }
  return (
    <div className={styles.page}>
      <Breadcrumbs trail={[]} />
      <PageHeading>{space.loaded.value.space.name}</PageHeading>
      <SpaceMembers space={space.loaded.value.space} />
      {dataSources.loaded.status === 'ready' && dataSources.loaded.value.data_sources.length > 0 ? (
        <SearchBox label="Search this space" run={(query) => searchSpace(api, wId, spaceId, query)} />
      ) : null}
      <section className={styles.section} aria-labelledby="data-sources-heading">
        <h2 id="data-sources-heading">Data sources</h2>
        {canWrite ? <NewDataSource wId={wId} spaceId={spaceId} onCreated={dataSources.reload} /> : null}
        {dataSources.loaded.status === 'ready' ? (
          dataSources.loaded.value.data_sources.length === 0 ? (
            <p className="muted">No data source yet.</p>
          ) : (
            <ul className={styles.rows} aria-label="Data sources">
              {dataSources.loaded.value.data_sources.map((dataSource) => (
                <li key={dataSource.sId} className={styles.row}>
                  <div className={styles.who}>
                    <Link href={knowledgePaths.dataSource(spaceId, dataSource.sId)} className={styles.title}>
                      {dataSource.name}
                    </Link>
                    {dataSource.description ? <span className="muted">{dataSource.description}</span> : null}
                  </div>
                </li>
              ))}
            </ul>
          )
        ) : (
          <LoadedPending loaded={dataSources.loaded} />
        )}
      </section>
    </div>
  );
}

function SpaceMembers({ space }: { readonly space: GetSpaceResponse['space'] }) {
  if (!space.isRestricted) return <p>Open: everyone in the workspace sees this space and what it holds.</p>;
  return (
    <section aria-labelledby="members-heading">
      <p>Restricted: only its members and the workspace&apos;s admins see this space.</p>
      <h2 id="members-heading" className={styles.visuallyHidden}>
        Members
      </h2>
      {space.members.length === 0 ? (
        <p className="muted">No member: only admins see it.</p>
      ) : (
        <ul aria-label="Members">
          {space.members.map((member) => (
            <li key={member.sId}>
              {member.fullName || member.email} <span className="muted">{member.fullName ? member.email : ''}</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** A new data source (name and description); its view in the space is made with it, for agents to be given. */
function NewDataSource({ wId, spaceId, onCreated }: { readonly wId: string; readonly spaceId: string; readonly onCreated: () => void }) {
  const { spaces } = useApi();
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function create(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      await spaces.createDataSource(wId, spaceId, name.trim(), description.trim());
      setName('');
      setDescription('');
      onCreated();
    } catch (failure) {
      setError(errorMessage(failure));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className={styles.inline} onSubmit={create} aria-label="New data source">
      <FormField label="Data source name" value={name} onChange={(event) => setName(event.target.value)} required autoComplete="off" />
      <FormField label="Description" value={description} onChange={(event) => setDescription(event.target.value)} autoComplete="off" />
      <button type="submit" className="button" disabled={busy}>
        Create data source
      </button>
      <FormError message={error} />
    </form>
  );
}
