import type { Conversation } from '@app/contracts/http/conversation.types';
import { useRef, useState, type FormEvent } from 'react';
import { useLocation } from 'wouter';
import { useApi } from '../api';
import { errorMessage } from '../ui/error-message';
import { FormError } from '../ui/form-error';
import { PageHeading } from '../ui/page-heading';
import { conversationTitle, useConversationList } from './conversation-list';
import styles from './conversations.module.css';

/** A conversation without its messages: what its header shows. */
export type ConversationHeaderFields = Omit<Conversation, 'content'>;
type Header = ConversationHeaderFields;

/** The title, with Rename (a form in place) and Delete (asked twice); neither in a past view, which is read-only. */
export function ConversationHeader({ wId, header, readOnly, onRenamed }: { readonly wId: string; readonly header: Header; readonly readOnly: boolean; readonly onRenamed: (header: Header) => void }) {
  const { conversations } = useApi();
  const list = useConversationList();
  const [, navigate] = useLocation();
  const [mode, setMode] = useState<'view' | 'rename' | 'delete'>('view');
  const [draft, setDraft] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const renameButton = useRef<HTMLButtonElement>(null);

  function close() {
    setMode('view');
    setError(null);
    // Back to where the person was, not to the top of the page.
    requestAnimationFrame(() => renameButton.current?.focus());
  }

  async function rename(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    const title = draft.trim() === '' ? null : draft.trim();
    try {
      await conversations.rename(wId, header.sId, title);
      onRenamed({ ...header, title });
      close();
    } catch (failure) {
      setError(errorMessage(failure));
    } finally {
      setBusy(false);
    }
  }

  async function remove() {
    setBusy(true);
    setError(null);
    try {
      await conversations.delete(wId, header.sId);
      list.remove(header.sId);
      navigate('/');
    } catch (failure) {
      setError(errorMessage(failure));
      setBusy(false);
    }
  }

  return (
    <header className={styles.conversationHeader}>
      <div className={styles.titleRow}>
        <PageHeading className={styles.conversationTitle}>{conversationTitle(header)}</PageHeading>
        <div className={styles.headerActions} hidden={readOnly}>
          <button
            ref={renameButton}
            type="button"
            className="button button-secondary button-small"
            onClick={() => {
              setDraft(header.title ?? '');
              setMode('rename');
            }}
          >
            Rename
          </button>
          <button type="button" className="button button-secondary button-small" onClick={() => setMode('delete')}>
            Delete
          </button>
        </div>
      </div>
      {mode === 'rename' ? (
        <form className={styles.inlineForm} onSubmit={rename} aria-label="Rename the conversation">
          <div className="field">
            <label htmlFor="conversation-title">Title</label>
            <input id="conversation-title" value={draft} maxLength={512} autoFocus onChange={(event) => setDraft(event.target.value)} onKeyDown={(event) => event.key === 'Escape' && close()} />
          </div>
          <button type="submit" className="button button-small" disabled={busy}>
            Save
          </button>
          <button type="button" className="button button-secondary button-small" onClick={close}>
            Discard
          </button>
        </form>
      ) : null}
      {mode === 'delete' ? (
        <div role="group" aria-label="Delete the conversation" className={styles.inlineForm}>
          <p className={styles.confirmText}>Delete this conversation for good? Its messages go with it.</p>
          <button type="button" className={`button button-small ${styles.dangerButton}`} onClick={remove} disabled={busy} autoFocus>
            Delete conversation
          </button>
          <button type="button" className="button button-secondary button-small" onClick={close}>
            Keep it
          </button>
        </div>
      ) : null}
      <FormError message={error} />
    </header>
  );
}
