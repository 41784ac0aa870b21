import { useState } from 'react';
import { useApi } from '../api';
import { useDocumentTitle } from '../ui/document-title';
import { PageHeading } from '../ui/page-heading';
import styles from './administration.module.css';
import { InviteMember } from './invite-member';
import { MemberRow } from './member-row';
import { OpenInvitations } from './open-invitations';
import { LoadedPending, useLoaded } from './use-loaded';

/** `/w/:wId/admin`: the members with their roles, inviting people, and the invitations still open. */
export function MembersPage({ wId }: { readonly wId: string }) {
  useDocumentTitle('Members');
  const api = useApi();
  const members = useLoaded((signal) => api.members.list(wId, { signal }));
  const invitations = useLoaded((signal) => api.members.invitations(wId, { signal }));
  const [refusal, setRefusal] = useState<string | null>(null);

  return (
    <div className={styles.page}>
      <PageHeading>Members</PageHeading>
      {refusal ? (
        <p role="alert" className="alert">
          {refusal}
        </p>
      ) : null}
      {members.loaded.status === 'ready' ? (
        <ul className={styles.rows} aria-label="Members">
          {members.loaded.value.members.map((member) => (
            <MemberRow key={member.sId} wId={wId} member={member} onChanged={members.reload} onRefused={setRefusal} />
          ))}
        </ul>
      ) : (
        <LoadedPending loaded={members.loaded} />
      )}
      <InviteMember wId={wId} onInvited={invitations.reload} />
      <OpenInvitations wId={wId} loaded={invitations.loaded} onChanged={invitations.reload} onRefused={setRefusal} />
    </div>
  );
}
