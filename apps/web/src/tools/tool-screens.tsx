import type { WorkspaceRole } from '@app/contracts/events/workspace.events';
import { Route, Switch } from 'wouter';
import styles from '../administration/administration.module.css';
import { NotFoundPage } from '../not-found/not-found-page';
import { SectionNav } from '../ui/section-nav';
import { ConnectedServersPage } from './connected-servers-page';
import { RemoteServersPage } from './remote-servers-page';
import { ServersForBuilders } from './servers-for-builders';
import { ServerViewsPage } from './server-views-page';
import { WaitingActionsPage } from './waiting-actions-page';

const SECTIONS = [
  { path: '/', label: 'Waiting for you' },
  { path: '/servers', label: 'Remote servers' },
  { path: '/spaces', label: 'In spaces' },
  { path: '/connected', label: 'Connected servers' },
] as const;

/**
 * The tool screens, relative to `/w/:wId/tools` (wouter's nest): `/` the tool calls waiting for the
 * signed-in person, `/servers` the remote MCP servers, `/spaces` their views per space,
 * `/connected` the person's client-side servers. Admins change servers and views; builders read the
 * servers, and members with the user role are told the servers are not theirs to see (the api refuses them).
 */
export function ToolScreens({ wId, role }: { readonly wId: string; readonly role: WorkspaceRole }) {
  const admin = role === 'admin';
  return (
    <div className={styles.area}>
      <SectionNav label="Tools" sections={SECTIONS} className={styles.sections} />
      <Switch>
        <Route path="/">
          <WaitingActionsPage wId={wId} />
        </Route>
        <Route path="/servers">{role === 'user' ? <ServersForBuilders /> : <RemoteServersPage wId={wId} admin={admin} />}</Route>
        <Route path="/spaces">
          <ServerViewsPage wId={wId} admin={admin} />
        </Route>
        <Route path="/connected">
          <ConnectedServersPage wId={wId} />
        </Route>
        <Route>
          <NotFoundPage embedded />
        </Route>
      </Switch>
    </div>
  );
}
