import type { ReadinessResponse } from '@app/contracts/http/health.types';
import type { WorkspaceStatusResponse } from '@app/contracts/http/workspace-status.types';
import { useApi } from '../api';
import { useDocumentTitle } from '../ui/document-title';
import { PageHeading } from '../ui/page-heading';
import styles from './administration.module.css';
import { ConsumptionSection } from './consumption-section';
import { LoadedPending, useLoaded } from './use-loaded';

/**
 * `/w/:wId/admin/status`: what `GET /api/w/{wId}/status` answers: the version, readiness from the
 * same check `/readyz` answers (the stores, the projector's state, lag and failed events, which the
 * `/metrics` gauges read too), the providers the deployment is configured with, and whether search
 * ranks by embeddings. Nothing else: the page shows that answer, it measures nothing itself.
 */
export function StatusPage({ wId }: { readonly wId: string }) {
  useDocumentTitle('Status');
  const { workspaceSettings } = useApi();
  const status = useLoaded((signal) => workspaceSettings.status(wId, { signal }));

  return (
    <div className={styles.page}>
      <PageHeading>Status</PageHeading>
      {status.loaded.status === 'ready' ? <StatusFacts status={status.loaded.value} /> : <LoadedPending loaded={status.loaded} />}
      <button type="button" className="button button-secondary button-small" onClick={status.reload}>
        Check again
      </button>
      <ConsumptionSection wId={wId} />
    </div>
  );
}

function StatusFacts({ status }: { readonly status: WorkspaceStatusResponse }) {
  return (
    <>
      <section aria-labelledby="service" className={styles.section}>
        <h2 id="service">Service</h2>
        <dl className={styles.facts}>
          <dt>Version</dt>
          <dd>{status.version}</dd>
          <dt>Region</dt>
          <dd>{status.region}</dd>
        </dl>
      </section>
      <section aria-labelledby="readiness" className={styles.section}>
        <h2 id="readiness">Readiness</h2>
        <ReadinessFacts readiness={status.readiness} />
      </section>
      <section aria-labelledby="providers" className={styles.section}>
        <h2 id="providers">Configured providers</h2>
        {status.providers.length === 0 ? (
          <p className="muted">No model provider is configured.</p>
        ) : (
          <dl className={styles.facts}>
            {status.providers.map((provider) => (
              <div key={provider.providerId} className={styles.fact}>
                <dt>{provider.providerId}</dt>
                <dd>{provider.models === 1 ? '1 model' : `${provider.models} models`}</dd>
              </div>
            ))}
          </dl>
        )}
      </section>
      <section aria-labelledby="search" className={styles.section}>
        <h2 id="search">Search</h2>
        <dl className={styles.facts}>
          <dt>Embeddings</dt>
          <dd>{status.search.embeddings ? 'Yes: search ranks by meaning and words' : `No: words only (${status.search.lexicalOnlyReason ?? 'no embedding model'})`}</dd>
        </dl>
      </section>
    </>
  );
}

function ReadinessFacts({ readiness }: { readonly readiness: ReadinessResponse }) {
  const { projector } = readiness;
  return (
    <dl className={styles.facts}>
      <dt>Server</dt>
      <dd>{readiness.status === 'ready' ? 'Ready' : 'Unavailable'}</dd>
      <dt>Event store</dt>
      <dd>{readiness.eventStore}</dd>
      <dt>Read store</dt>
      <dd>{readiness.readStore}</dd>
      <dt>Projector</dt>
      <dd>{projector.state}</dd>
      <dt>Projector lag</dt>
      <dd>{projector.lagEvents === null ? 'unknown' : `${projector.lagEvents} events`}</dd>
      <dt>Failed events</dt>
      <dd>{projector.failedEvents === null ? 'unknown' : projector.failedEvents === 0 ? 'none' : `${projector.failedEvents} (see projector retry-failed)`}</dd>
    </dl>
  );
}
