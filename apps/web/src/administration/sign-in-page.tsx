import { useApi } from '../api';
import { useDocumentTitle } from '../ui/document-title';
import { PageHeading } from '../ui/page-heading';
import styles from './administration.module.css';
import { LoadedPending, useLoaded } from './use-loaded';
import { VerifiedDomains } from './verified-domains';

/**
 * `/w/:wId/admin/sign-in`: how people sign in (a password always; single sign-on with the OpenID
 * Connect provider the deployment is configured with, if any) and the verified domains whose
 * addresses join the workspace when they sign on.
 */
export function SignInSettingsPage({ wId }: { readonly wId: string }) {
  useDocumentTitle('Sign-in');
  const { workspaceSettings } = useApi();
  const status = useLoaded((signal) => workspaceSettings.status(wId, { signal }));
  return (
    <div className={styles.page}>
      <PageHeading>Sign-in</PageHeading>
      <section aria-labelledby="single-sign-on" className={styles.section}>
        <h2 id="single-sign-on">Single sign-on</h2>
        {status.loaded.status !== 'ready' ? (
          <LoadedPending loaded={status.loaded} />
        ) : status.loaded.value.signIn.oidc === null ? (
          <p>Not configured: people sign in with a password. The operator configures an OpenID Connect provider (OIDC_ISSUER_URL, OIDC_CLIENT_ID).</p>
        ) : (
          <dl className={styles.facts}>
            <dt>Provider</dt>
            <dd>{status.loaded.value.signIn.oidc.label}</dd>
            <dt>Issuer</dt>
            <dd className={styles.code}>{status.loaded.value.signIn.oidc.issuer}</dd>
            <dt>Passwords</dt>
            <dd>Also accepted</dd>
          </dl>
        )}
      </section>
      <VerifiedDomains wId={wId} />
    </div>
  );
}
