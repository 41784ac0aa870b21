import type { WorkspaceRole } from '@app/contracts/events/workspace.events';
import { Link, Route, Switch } from 'wouter';
import { NotFoundPage } from '../not-found/not-found-page';
import { SectionNav } from '../ui/section-nav';
import { useDocumentTitle } from '../ui/document-title';
import { PageHeading } from '../ui/page-heading';
import styles from './administration.module.css';
import { ApiKeysPage } from './api-keys-page';
import { MembersPage } from './members-page';
import { ProvidersPage } from './providers-page';
import { SignInSettingsPage } from './sign-in-page';
import { StatusPage } from './status-page';

const SECTIONS = [
  { path: '/', label: 'Members' },
  { path: '/keys', label: 'API keys' },
  { path: '/providers', label: 'Providers' },
  { path: '/sign-in', label: 'Sign-in' },
  { path: '/status', label: 'Status' },
] as const;

/**
 * The administration screens, relative to `/w/:wId/admin` (wouter's nest): `/` members and
 * invitations, `/keys` API keys, `/providers` the allowed model providers and the regional setting,
 * `/sign-in` single sign-on and verified domains, `/status` the service's status. For admins: the api refuses
 * everyone else's calls anyway, the page only tells them so instead of showing refusals.
 */
export function AdministrationScreens({ wId, role }: { readonly wId: string; readonly role: WorkspaceRole }) {
  if (role !== 'admin') return <AdminsOnly />;
  return (
    <div className={styles.area}>
      <SectionNav label="Administration" sections={SECTIONS} className={styles.sections} />
      <Switch>
        <Route path="/">
          <MembersPage wId={wId} />
        </Route>
        <Route path="/keys">
          <ApiKeysPage wId={wId} />
        </Route>
        <Route path="/providers">
          <ProvidersPage wId={wId} />
        </Route>
        <Route path="/sign-in">
          <SignInSettingsPage wId={wId} />
        </Route>
        <Route path="/status">
          <StatusPage wId={wId} />
        </Route>
        <Route>
          <NotFoundPage embedded />
        </Route>
      </Switch>
    </div>
  );
}

function AdminsOnly() {
  useDocumentTitle('Admins only');
  return (
    <div className={styles.page}>
      <PageHeading>Admins only</PageHeading>
      <p>Members, API keys, providers, sign-in and the server&apos;s status are managed by the workspace&apos;s admins. An admin can give you the admin role.</p>
      <Link href="~/">Back to conversations</Link>
    </div>
  );
}
