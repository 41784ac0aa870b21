import { Link, Redirect } from 'wouter';
import { AppShell } from '../layout/app-shell';
import { useSignedInSession } from '../session/session-context';
import { useDocumentTitle } from '../ui/document-title';
import { PageHeading } from '../ui/page-heading';

/** `/`: straight into the person's workspace when they have one, a choice when they have several. */
export function HomePage() {
  const { workspaces } = useSignedInSession();
  const only = workspaces.length === 1 ? workspaces[0] : undefined;
  if (only) return <Redirect to={`/w/${encodeURIComponent(only.sId)}`} replace />;
  return workspaces.length === 0 ? <NoWorkspace /> : <WorkspacePicker />;
}

function WorkspacePicker() {
  const { workspaces } = useSignedInSession();
  useDocumentTitle('Choose a workspace');
  return (
    <AppShell>
      <div className="page">
        <PageHeading>Choose a workspace</PageHeading>
        <ul className="choice-list">
          {workspaces.map((workspace) => (
            <li key={workspace.sId}>
              <Link href={`/w/${encodeURIComponent(workspace.sId)}`} className="choice">
                <span className="choice-title">{workspace.name}</span>
                <span className="muted">{workspace.role}</span>
              </Link>
            </li>
          ))}
        </ul>
      </div>
    </AppShell>
  );
}

function NoWorkspace() {
  useDocumentTitle('No workspace');
  return (
    <AppShell>
      <div className="page">
        <PageHeading>No workspace yet</PageHeading>
        <p>You are not a member of any workspace. An administrator can invite you to theirs.</p>
      </div>
    </AppShell>
  );
}
