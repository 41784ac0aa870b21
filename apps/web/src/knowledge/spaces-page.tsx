import { Link } from 'wouter';
import { useApi } from '../api';
import { LoadedPending, useLoaded } from '../administration/use-loaded';
import { useDocumentTitle } from '../ui/document-title';
import { PageHeading } from '../ui/page-heading';
import { knowledgePaths } from './knowledge-paths';
import styles from './knowledge.module.css';

/** `/w/:wId/knowledge`: the spaces the person can see, each open to the workspace or restricted to its members. */
export function SpacesPage({ wId }: { readonly wId: string }) {
  useDocumentTitle('Knowledge');
  const { spaces } = useApi();
  const list = useLoaded((signal) => spaces.list(wId, { signal }));
  return (
    <div className={styles.page}>
      <PageHeading>Knowledge</PageHeading>
      <p className="muted">Spaces hold the data sources agents search and the tables they query. A restricted space is seen by its members and the admins.</p>
      {list.loaded.status === 'ready' ? (
        <ul className={styles.rows} aria-label="Spaces">
          {list.loaded.value.spaces
            .filter((space) => space.kind !== 'conversations')
            .map((space) => (
              <li key={space.sId} className={styles.row}>
                <Link href={knowledgePaths.space(space.sId)} className={styles.title}>
                  {space.name}
                </Link>
                <span className="muted">
                  {space.kind === 'global' ? 'Company data' : space.kind === 'project' ? 'Project' : 'Space'}, {space.isRestricted ? 'restricted to its members' : 'open to everyone in the workspace'}
                </span>
              </li>
            ))}
        </ul>
      ) : (
        <LoadedPending loaded={list.loaded} />
      )}
    </div>
  );
}
