import type { AgentMention } from '@app/contracts/http/conversation.types';
import type { ModelSelection } from '@app/contracts/language-models/model.types';
import { useId, useLayoutEffect, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { errorMessage } from '../ui/error-message';
import { FormError } from '../ui/form-error';
import { AgentAvatar } from './agent-avatar';
import { AttachButton } from './attachments/attach-button';
import { attachedFiles, isUploading, type AttachedFile } from './attachments/attachment-list';
import { AttachmentChips } from './attachments/attachment-chips';
import attachmentStyles from './attachments/attachments.module.css';
import { useAttachments } from './attachments/use-attachments';
import { useFileDrop } from './attachments/use-file-drop';
import styles from './conversations.module.css';
import { matchingAgents, mentionQueryAt, mentionsIn, type MentionableAgent } from './mentions';
import { AGENTS_MODEL, offersChoice, selectionOf } from './model-choice/model-choice';
import { ModelSelect } from './model-choice/model-select';
import { useWorkspaceModels } from './model-choice/use-workspace-models';
import { useAgents } from './use-agents';

/** What the composer hands over: the text as typed, the agents it mentions, the files it carries and the model chosen for it. */
export interface ComposedMessage {
  readonly content: string;
  readonly mentions: AgentMention[];
  /** Uploaded and ready: each goes as a content fragment before the message. */
  readonly attachments: readonly AttachedFile[];
  /** Absent: each agent runs its own model. */
  readonly modelSelection?: ModelSelection;
}

/**
 * The message box (a textbox named Message) and Send. Enter sends, Shift+Enter starts a new line.
 * Typing `@` offers the workspace's agents below the box: arrows move, Enter or Tab picks, Escape
 * closes; the box keeps the focus (the option is its active descendant), and a click picks too.
 * The agents a sent text names with `@` are its mentions. Files come by "Attach files" or a drop on
 * the composer and upload at once; Send waits until none is on its way. Where the workspace allows
 * more than one model, Model picks one for the message.
 */
export function Composer({ wId, cId, onSend }: { readonly wId: string; readonly cId?: string; readonly onSend: (message: ComposedMessage) => Promise<void> }) {
  const agents = useAgents(wId);
  const models = useWorkspaceModels(wId);
  const attachments = useAttachments(wId, cId);
  const drop = useFileDrop(attachments.add);
  const [modelChoice, setModelChoice] = useState(AGENTS_MODEL);
  const uploading = isUploading(attachments.list);
  const [text, setText] = useState('');
  const [caret, setCaret] = useState(0);
  const [dismissed, setDismissed] = useState<number | null>(null);
  const [active, setActive] = useState(0);
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const box = useRef<HTMLTextAreaElement>(null);
  const pendingCaret = useRef<number | null>(null);
  const ids = useId();
  const listId = `${ids}-agents`;
  const hintId = `${ids}-hint`;

  const mention = mentionQueryAt(text, caret);
  const options = mention === null || mention.start === dismissed ? [] : matchingAgents(agents, mention.query);
  const open = options.length > 0;
  const activeIndex = Math.min(active, options.length - 1);

  useLayoutEffect(() => {
    if (pendingCaret.current === null || box.current === null) return;
    box.current.setSelectionRange(pendingCaret.current, pendingCaret.current);
    pendingCaret.current = null;
  });

  function pick(agent: MentionableAgent) {
    if (mention === null) return;
    const before = `${text.slice(0, mention.start)}@${agent.name} `;
    const after = text.slice(caret).replace(/^\S*\s?/, '');
    setText(before + after);
    setCaret(before.length);
    pendingCaret.current = before.length;
    setActive(0);
  }

  async function send(event?: FormEvent) {
    event?.preventDefault();
    if (text.trim() === '' || sending || uploading) return;
    setSending(true);
    setError(null);
    try {
      const modelSelection = selectionOf(modelChoice, models);
      await onSend({ content: text, mentions: mentionsIn(text, agents), attachments: attachedFiles(attachments.list), ...(modelSelection ? { modelSelection } : {}) });
      setText('');
      setCaret(0);
      setDismissed(null);
      attachments.sent();
    } catch (failure) {
      setError(errorMessage(failure));
    } finally {
      setSending(false);
      box.current?.focus();
    }
  }

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (event.nativeEvent.isComposing) return;
    if (open) {
      if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
        event.preventDefault();
        const step = event.key === 'ArrowDown' ? 1 : -1;
        setActive((activeIndex + step + options.length) % options.length);
        return;
      }
      if ((event.key === 'Enter' && !event.shiftKey) || event.key === 'Tab') {
        event.preventDefault();
        pick(options[activeIndex]!);
        return;
      }
      if (event.key === 'Escape') {
        event.preventDefault();
        setDismissed(mention!.start);
        return;
      }
    }
    if (event.key === 'Enter' && !event.shiftKey) {
      event.preventDefault();
      void send();
    }
  }

  return (
    <form className={styles.composer} onSubmit={send} aria-label="Write a message" {...drop.handlers}>
      <FormError message={error} />
      <div className={drop.dragging ? `${styles.composerBox} ${attachmentStyles.dropTarget}` : styles.composerBox}>
        <textarea
          ref={box}
          className={`text-input ${styles.messageBox}`}
          aria-label="Message"
          aria-describedby={hintId}
          aria-autocomplete="list"
          aria-controls={open ? listId : undefined}
          aria-activedescendant={open ? `${listId}-${activeIndex}` : undefined}
          rows={3}
          value={text}
          placeholder="Ask an agent: type @ to mention one"
          onChange={(event) => {
            setText(event.target.value);
            setCaret(event.target.selectionStart);
            setActive(0);
          }}
          onSelect={(event) => setCaret(event.currentTarget.selectionStart)}
          onKeyDown={onKeyDown}
          onBlur={() => mention !== null && setDismissed(mention.start)}
          onFocus={() => setDismissed(null)}
        />
        {open ? (
          <ul id={listId} role="listbox" aria-label="Agents to mention" className={styles.mentionList}>
            {options.map((agent, index) => (
              <li
                key={agent.sId}
                id={`${listId}-${index}`}
                role="option"
                aria-selected={index === activeIndex}
                className={styles.mentionOption}
                // Before the box's blur: the click picks, and the box keeps the focus.
                onMouseDown={(event) => {
                  event.preventDefault();
                  pick(agent);
                }}
              >
                <AgentAvatar name={agent.name} pictureUrl={agent.pictureUrl} />
                <span className={styles.mentionText}>
                  <span className={styles.mentionName}>@{agent.name}</span>
                  <span className={styles.mentionDescription}>{agent.description}</span>
                </span>
              </li>
            ))}
          </ul>
        ) : null}
      </div>
      <AttachmentChips attachments={attachments.list} onRemove={attachments.remove} />
      <div className={styles.composerFooter}>
        <p id={hintId} className={styles.hint}>
          Type @ to mention an agent. Enter sends, Shift+Enter starts a new line.{uploading ? ' Send waits for the files to upload.' : ''}
        </p>
        <div className={styles.composerActions}>
          <AttachButton onFiles={attachments.add} />
          {offersChoice(models) ? <ModelSelect models={models} value={modelChoice} onChange={setModelChoice} /> : null}
          <button type="submit" className="button" disabled={sending || uploading} aria-busy={sending || uploading}>
            Send
          </button>
        </div>
      </div>
    </form>
  );
}
