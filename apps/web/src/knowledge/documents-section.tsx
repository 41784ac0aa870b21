import { useState } from 'react';
import { Link } from 'wouter';
import { useApi, type DataSourceAddress } from '../api';
import { ConfirmAction } from '../administration/confirm-action';
import { LoadedPending, shortDate, useLoaded } from '../administration/use-loaded';
import { FormError } from '../ui/form-error';
import { DocumentUploads } from './document-uploads';
import { knowledgePaths } from './knowledge-paths';
import { NewDocumentForm } from './new-document-form';
import styles from './knowledge.module.css';
import { Pager } from './pager';
import { useRemoval } from './use-removal';

const PAGE_SIZE = 20;

/** A data source's documents a page at a time, each opening to its text; builders upload files, type new ones and delete. */
export function DocumentsSection({ at, canWrite }: { readonly at: DataSourceAddress; readonly canWrite: boolean }) {
  const { dataSources } = useApi();
  const [offset, setOffset] = useState(0);
  const page = useLoaded((signal) => dataSources.documents(at, { limit: PAGE_SIZE, offset }, { signal }), [offset]);
  const removal = useRemoval(page.reload);

  return (
    <section className={styles.section} aria-labelledby="documents-heading">
      <h2 id="documents-heading">Documents</h2>
      {canWrite ? (
        <>
          <DocumentUploads at={at} onAdded={page.reload} />
          <NewDocumentForm at={at} onAdded={page.reload} />
        </>
      ) : null}
      <FormError message={removal.error} />
      {page.loaded.status === 'ready' ? (
        page.loaded.value.total === 0 ? (
          <p className="muted">No document yet.</p>
        ) : (
          <>
            <ul className={styles.rows} aria-label="Documents">
              {page.loaded.value.documents.map((document) => (
                <li key={document.document_id} className={styles.row}>
                  <div className={styles.who}>
                    <Link href={knowledgePaths.document(at.spaceId, at.dsId, document.document_id)} className={styles.title}>
                      {document.title || document.document_id}
                    </Link>
                    <span className="muted">
                      {document.text_size.toLocaleString()} characters, {document.chunk_count.toLocaleString()} chunks, {shortDate(document.timestamp)}
                    </span>
                  </div>
                  {canWrite ? (
                    <ConfirmAction
                      label="Delete"
                      accessibleName={`Delete ${document.title || document.document_id}`}
                      question={`Delete ${document.title || document.document_id}? Agents stop finding it at once.`}
                      confirmLabel="Yes, delete"
                      onConfirm={() => removal.remove(() => dataSources.deleteDocument(at, document.document_id))}
                    />
                  ) : null}
                </li>
              ))}
            </ul>
            <Pager what="Documents" offset={offset} limit={PAGE_SIZE} total={page.loaded.value.total} shown={page.loaded.value.documents.length} onOffset={setOffset} />
          </>
        )
      ) : (
        <LoadedPending loaded={page.loaded} />
      )}
    </section>
  );
}
