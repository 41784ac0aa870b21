import type { UserMessage } from '@app/contracts/http/conversation.types';
import { useId, useLayoutEffect, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useApi } from '../../api';
import { errorMessage } from '../../ui/error-message';
import { FormError } from '../../ui/form-error';
import conversationStyles from '../conversations.module.css';
import { mentionsIn } from '../mentions';
import { useAgents } from '../use-agents';
import styles from './history.module.css';
import { useMessageHistory } from './message-history-context';

interface EditMessageFormProps {
  readonly wId: string;
  readonly cId: string;
  readonly message: UserMessage;
  /** Saved (the new version is on the page) or discarded. */
  readonly onClose: () => void;
}

/**
 * A user message's text in a box (named Edit message) with Save and Discard. Saving posts a new
 * version with the agents its text names as the composer reads them; they answer it anew, at the
 * end of the conversation. Enter saves, Shift+Enter starts a new line, Escape discards.
 */
export function EditMessageForm({ wId, cId, message, onClose }: EditMessageFormProps) {
  const { history } = useApi();
  const { place } = useMessageHistory();
  const agents = useAgents(wId);
  const [text, setText] = useState(message.content);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const boxId = useId();
  const box = useRef<HTMLTextAreaElement>(null);

  // The caret at the end of the text, where a person goes on writing.
  useLayoutEffect(() => {
    box.current?.setSelectionRange(message.content.length, message.content.length);
  }, [message.content]);

  async function save(event?: FormEvent) {
    event?.preventDefault();
    if (text.trim() === '' || saving) return;
    setSaving(true);
    setError(null);
    try {
      const edited = await history.edit(wId, cId, message.sId, { content: text, mentions: mentionsIn(text, agents) });
      place(edited.message);
      edited.agentMessages.forEach(place);
      onClose();
    } catch (failure) {
      setError(errorMessage(failure));
      setSaving(false);
    }
  }

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (event.key === 'Escape') {
      event.preventDefault();
      onClose();
    } else if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      void save();
    }
  }

  return (
    <form className={styles.editForm} onSubmit={save} aria-label="Edit the message">
      <label htmlFor={boxId} className={conversationStyles.visuallyHidden}>
        Edit message
      </label>
      <textarea
        id={boxId}
        ref={box}
        className={`text-input ${styles.editBox}`}
        value={text}
        rows={3}
        autoFocus
        onChange={(event) => setText(event.target.value)}
        onKeyDown={onKeyDown}
      />
      <div className={styles.editButtons}>
        <button type="submit" className="button button-small" disabled={saving || text.trim() === ''}>
          Save
        </button>
        <button type="button" className="button button-secondary button-small" onClick={onClose}>
          Discard
        </button>
      </div>
      <FormError message={error} />
    </form>
  );
}
