import type { ConversationMessage } from '@app/contracts/http/conversation.types';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useApi } from '../../api';
import { useSignedInSession } from '../../session/session-context';
import { errorMessage } from '../../ui/error-message';
import { FormError } from '../../ui/form-error';
import { EditMessageForm } from './edit-message-form';
import styles from './history.module.css';
import { useMessageHistory } from './message-history-context';
import { offeredActions } from './offered-actions';

interface MessageActionsProps {
  readonly wId: string;
  readonly cId: string;
  /** The version shown. */
  readonly message: ConversationMessage;
  /** Whether it is its rank's newest version. */
  readonly latest: boolean;
  /** The switch between the rank's versions, when it has several: shown beside the actions. */
  readonly versions: ReactNode;
  /** The message as the row shows it; the edit form takes its place while editing. */
  readonly children: ReactNode;
}

/**
 * A message with what can be done to the conversation's history from it: Retry a finished answer
 * (the new version is written in its place), Edit one's own message (a form in place), Fork from
 * here (opens the new conversation). Only on the newest version of a rank, never in a past view.
 */
export function MessageActions({ wId, cId, message, latest, versions, children }: MessageActionsProps) {
  const { history } = useApi();
  const { pastView, place, forked } = useMessageHistory();
  const { user } = useSignedInSession();
  const [editing, setEditing] = useState(false);
  const [busy, setBusy] = useState<'retry' | 'fork' | null>(null);
  const [error, setError] = useState<string | null>(null);
  const editButton = useRef<HTMLButtonElement>(null);
  const footer = useRef<HTMLDivElement>(null);
  const offered = offeredActions(message, { latest, pastView, userSId: user.sId });

  async function run(action: 'retry' | 'fork', call: () => Promise<void>) {
    setBusy(action);
    setError(null);
    try {
      await call();
    } catch (failure) {
      setError(errorMessage(failure));
    } finally {
      setBusy(null);
    }
  }

  // Retry leaves with the version it retried: the focus goes to the switch between versions, not to
  // the top of the page, once the row shows the new version and its buttons are enabled again.
  const focusAfterRetry = useRef(false);
  useEffect(() => {
    if (!focusAfterRetry.current || busy !== null) return;
    const target = footer.current?.querySelector<HTMLButtonElement>('button:enabled');
    if (!target) return;
    focusAfterRetry.current = false;
    target.focus();
  });
  const retry = () =>
    run('retry', async () => {
      place((await history.retry(wId, cId, message.sId)).message);
      focusAfterRetry.current = true;
    });
  const fork = () => run('fork', async () => forked((await history.fork(wId, cId, message.sId)).conversation));

  function closeEditor() {
    setEditing(false);
    // Back to where the person was, not to the top of the page.
    requestAnimationFrame(() => editButton.current?.focus());
  }

  const anything = offered.retry || offered.edit || offered.fork;
  return (
    <>
      {editing && message.type === 'user_message' ? <EditMessageForm wId={wId} cId={cId} message={message} onClose={closeEditor} /> : children}
      {versions || (anything && !editing) ? (
        <div ref={footer} className={styles.rowFooter}>
          {versions}
          {anything && !editing ? (
            <div role="group" aria-label="Message actions" className={styles.actions}>
              {offered.retry ? (
                <button type="button" className="button button-secondary button-small" onClick={retry} disabled={busy !== null}>
                  Retry
                </button>
              ) : null}
              {offered.edit ? (
                <button ref={editButton} type="button" className="button button-secondary button-small" onClick={() => setEditing(true)} disabled={busy !== null}>
                  Edit
                </button>
              ) : null}
              {offered.fork ? (
                <button type="button" className="button button-secondary button-small" onClick={fork} disabled={busy !== null}>
                  Fork from here
                </button>
              ) : null}
            </div>
          ) : null}
        </div>
      ) : null}
      <FormError message={error} />
    </>
  );
}
