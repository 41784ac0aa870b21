import type { BlockedAction } from '@app/contracts/http/tool-approval.types';
import type { WaitingActionsResponse, WaitingConversation } from '@app/contracts/http/waiting-actions.types';
import { Link } from 'wouter';
import { useApi } from '../api';
import styles from '../administration/administration.module.css';
import { LoadedPending, useLoaded } from '../administration/use-loaded';
import { ApprovalPrompt } from '../conversations/actions/approval-prompt';
import { pendingApprovalOf } from '../conversations/actions/pending-approval';
import { useDocumentTitle } from '../ui/document-title';
import { PageHeading } from '../ui/page-heading';

/**
 * `/w/:wId/tools`: the tool calls of agents waiting for the signed-in person, in every conversation
 * of the workspace, each under a link to its conversation and answered with the same prompt the
 * conversation shows (the run goes on at once). A question an agent asks is answered in its conversation.
 */
export function WaitingActionsPage({ wId }: { readonly wId: string }) {
  useDocumentTitle('Waiting for you');
  const { waitingActions } = useApi();
  const waiting = useLoaded((signal) => waitingActions.list(wId, { signal }));
  return (
    <div className={styles.page}>
      <PageHeading>Waiting for you</PageHeading>
      <p className="muted">Tool calls of agents that wait for your answer before their run goes on.</p>
      <button type="button" className="button button-secondary button-small" onClick={waiting.reload}>
        Refresh
      </button>
      {waiting.loaded.status === 'ready' ? <WaitingList wId={wId} waiting={waiting.loaded.value} /> : <LoadedPending loaded={waiting.loaded} />}
    </div>
  );
}

function WaitingList({ wId, waiting }: { readonly wId: string; readonly waiting: WaitingActionsResponse }) {
  if (waiting.blockedActions.length === 0) return <p className="muted">Nothing waits for you.</p>;
  return waiting.conversations.map((conversation) => (
    <ConversationActions key={conversation.sId} wId={wId} conversation={conversation} actions={waiting.blockedActions.filter((action) => action.conversationId === conversation.sId)} />
  ));
}

function ConversationActions({ wId, conversation, actions }: { readonly wId: string; readonly conversation: WaitingConversation; readonly actions: readonly BlockedAction[] }) {
  const title = conversation.title ?? 'Untitled conversation';
  const headingId = `waiting-${conversation.sId}`;
  const href = `~/w/${encodeURIComponent(wId)}/conversations/${encodeURIComponent(conversation.sId)}`;
  return (
    <section aria-labelledby={headingId} className={styles.section}>
      <h2 id={headingId}>
        <Link href={href}>{title}</Link>
      </h2>
      <ul className={styles.rows}>
        {actions.map((action) => (
          <li key={action.actionId} className={styles.row}>
            {action.status === 'blocked_validation_required' ? (
              <ApprovalPrompt approval={pendingApprovalOf(action)} wId={wId} cId={conversation.sId} mId={action.messageId} />
            ) : (
              <p>
                {action.metadata.agentName} asks you a question: answer it in <Link href={href}>{title}</Link>.
              </p>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
