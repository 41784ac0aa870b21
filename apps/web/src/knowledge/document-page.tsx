import type { DocumentSection } from '@app/contracts/documents/document-section.types';
import { useLocation } from 'wouter';
import { useApi, type DataSourceAddress } from '../api';
import { ConfirmAction } from '../administration/confirm-action';
import { LoadedPending, shortDate, useLoaded } from '../administration/use-loaded';
import { useDocumentTitle } from '../ui/document-title';
import { PageHeading } from '../ui/page-heading';
import { Breadcrumbs } from './breadcrumbs';
import { knowledgePaths } from './knowledge-paths';
import styles from './knowledge.module.css';

/** `…/data_sources/:dsId/documents/:documentId`: a document's text, and the sections it was upserted with. */
export function DocumentPage({ at, documentId, canWrite }: { readonly at: DataSourceAddress; readonly documentId: string; readonly canWrite: boolean }) {
  const { dataSources } = useApi();
  const [, navigate] = useLocation();
  const read = useLoaded(async (signal) => {
    const [document, blob] = await Promise.all([dataSources.document(at, documentId, { signal }), dataSources.blob(at, documentId, { signal })]);
    return { document: document.document, section: blob.blob.section };
  });
  const title = read.loaded.status === 'ready' ? read.loaded.value.document.title || documentId : 'Document';
  useDocumentTitle(title);
  const back = knowledgePaths.dataSource(at.spaceId, at.dsId);

  async function remove() {
    await dataSources.deleteDocument(at, documentId);
    navigate(back);
  }

  return (
    <div className={styles.page}>
      <Breadcrumbs trail={[{ href: back, label: 'Data source' }]} />
      <PageHeading>{title}</PageHeading>
      {read.loaded.status !== 'ready' ? (
        <LoadedPending loaded={read.loaded} />
      ) : (
        <>
          <p className="muted">
            {read.loaded.value.document.text_size.toLocaleString()} characters, {read.loaded.value.document.mime_type}, {shortDate(read.loaded.value.document.timestamp)}
          </p>
          {canWrite ? (
            <div className={styles.actions}>
              <ConfirmAction label="Delete" accessibleName={`Delete ${title}`} question={`Delete ${title}? Agents stop finding it at once.`} confirmLabel="Yes, delete" onConfirm={remove} />
            </div>
          ) : null}
          <section className={styles.section} aria-labelledby="text-heading">
            <h2 id="text-heading">Text</h2>
            <pre className={styles.text} tabIndex={0} aria-labelledby="text-heading">
              {read.loaded.value.document.text ?? ''}
            </pre>
          </section>
          <section className={styles.section} aria-labelledby="sections-heading">
            <h2 id="sections-heading">Sections</h2>
            <SectionTree section={read.loaded.value.section} />
          </section>
        </>
      )}
    </div>
  );
}

/** The section tree as nested lists: each node's prefix in bold, then its content, then its children. */
function SectionTree({ section }: { readonly section: DocumentSection }) {
  return (
    <ul className={styles.sectionTree}>
      <li>
        {section.prefix ? <strong>{section.prefix}</strong> : null}
        {section.content ? <span>{section.content}</span> : null}
        {section.sections.length > 0 ? section.sections.map((child, index) => <SectionTree key={index} section={child} />) : null}
      </li>
    </ul>
  );
}
