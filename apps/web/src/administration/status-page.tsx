import type { ReadinessResponse } from '@app/contracts/http/health.types';
import type { ListWorkspaceModelsResponse } from '@app/contracts/http/workspace.types';
import { useApi } from '../api';
import { useDocumentTitle } from '../ui/document-title';
import { PageHeading } from '../ui/page-heading';
import styles from './administration.module.css';
import { LoadedPending, useLoaded } from './use-loaded';

/**
 * `/w/:wId/admin/status`: what `GET /readyz` answers (the stores, the projector's state, lag and
 * failed events) and the providers of the models this workspace may use (`GET /api/w/{wId}/models`).
 * Nothing else: the page shows those answers, it measures nothing itself.
 */
export function StatusPage({ wId }: { readonly wId: string }) {
  useDocumentTitle('Status');
  const api = useApi();
  const readiness = useLoaded((signal) => api.readiness.read({ signal }));
  const models = useLoaded((signal) => api.models.list(wId, { signal }));

  return (
    <div className={styles.page}>
      <PageHeading>Status</PageHeading>
      <section aria-labelledby="readiness" className={styles.section}>
        <h2 id="readiness">Readiness</h2>
        {readiness.loaded.status === 'ready' ? <ReadinessFacts readiness={readiness.loaded.value} /> : <LoadedPending loaded={readiness.loaded} />}
        <button type="button" className="button button-secondary button-small" onClick={readiness.reload}>
          Check again
        </button>
      </section>
      <section aria-labelledby="providers" className={styles.section}>
        <h2 id="providers">Model providers</h2>
        {models.loaded.status === 'ready' ? <Providers models={models.loaded.value} /> : <LoadedPending loaded={models.loaded} />}
      </section>
    </div>
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

function Providers({ models }: { readonly models: ListWorkspaceModelsResponse }) {
  const byProvider = new Map<string, string[]>();
  for (const model of models.models) byProvider.set(model.providerId, [...(byProvider.get(model.providerId) ?? []), model.displayName]);
  if (byProvider.size === 0) return <p className="muted">No provider is configured, or the workspace allows none.</p>;
  return (
    <dl className={styles.facts}>
      {[...byProvider].map(([provider, names]) => (
        <div key={provider} className={styles.fact}>
          <dt>{provider}</dt>
          <dd>{names.join(', ')}</dd>
        </div>
      ))}
    </dl>
  );
}
