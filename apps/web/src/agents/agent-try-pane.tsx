import type { AgentMessage, ConversationMessage } from '@app/contracts/http/conversation.types';
import { useCallback, useId, useMemo, useState, type FormEvent } from 'react';
import { useApi } from '../api';
import conversationStyles from '../conversations/conversations.module.css';
import { placed } from '../conversations/history/message-groups';
import { MessageHistoryProvider, type MessageHistory } from '../conversations/history/message-history-context';
import { webMessageContext } from '../conversations/message-context';
import { MessageGroupRow, type MessageGroup } from '../conversations/message-rows';
import { useSignedInSession } from '../session/session-context';
import { errorMessage } from '../ui/error-message';
import { FormError } from '../ui/form-error';
import type { AgentAssistantBody } from '../api';
import styles from './agents.module.css';

interface TryPaneProps {
  readonly wId: string;
  /** The `assistant` object of the form as it stands, saved or not. */
  readonly assistant: () => AgentAssistantBody;
}

/** The draft tried last, and the fields it was saved from, so an unchanged form is not saved again. */
interface Trial {
  readonly agentId: string;
  readonly fields: string;
}

/**
 * Runs a conversation with the form as it stands, saved or not: each message is sent to a draft
 * of the agent (status `draft`, as the real service's preview saves one), created on the first try
 * and given a new version only when the form changed since, in a test conversation of its own. The answer streams in the rows of the
 * conversation page.
 */
export function AgentTryPane({ wId, assistant }: TryPaneProps) {
  const { agents, conversations } = useApi();
  const { user } = useSignedInSession();
  const headingId = useId();
  const messageId = useId();
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [trial, setTrial] = useState<Trial | null>(null);
  const [conversationId, setConversationId] = useState<string | null>(null);
  const [groups, setGroups] = useState<readonly MessageGroup[]>([]);

  const place = useCallback((message: ConversationMessage) => setGroups((now) => placed(now, message)), []);
  const settled = useCallback((message: AgentMessage) => place(message), [place]);
  const history = useMemo<MessageHistory>(() => ({ pastView: false, place, forked: () => undefined }), [place]);

  async function draftAgent(): Promise<string> {
    const body = { ...assistant(), status: 'draft' as const };
    const fields = JSON.stringify(body);
    if (trial !== null && trial.fields === fields) return trial.agentId;
    // One draft per editor: a changed form is its next version, so trying leaves no trail of drafts.
    const saved = trial === null ? await agents.create(wId, body) : await agents.saveVersion(wId, trial.agentId, body);
    setTrial({ agentId: saved.sId, fields });
    return saved.sId;
  }

  async function send(event: FormEvent) {
    event.preventDefault();
    const content = text.trim();
    if (content === '' || busy) return;
    setBusy(true);
    setError(null);
    try {
      const agentId = await draftAgent();
      const message = { content, mentions: [{ configurationId: agentId }], context: webMessageContext(user) };
      if (conversationId === null) {
        const created = await conversations.create(wId, { title: 'Trying an agent', visibility: 'test', message });
        setConversationId(created.conversation.sId);
        setGroups(created.conversation.content);
      } else {
        const posted = await conversations.postMessage(wId, conversationId, message);
        for (const sent of [posted.message, ...posted.agentMessages]) place(sent);
      }
      setText('');
    } catch (failure) {
      setError(errorMessage(failure));
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className={styles.section} aria-labelledby={headingId}>
      <h2 id={headingId}>Try it</h2>
      <p className="muted">Talk with the agent as the form stands, saved or not. These conversations stay out of your list.</p>
      {conversationId !== null ? (
        <MessageHistoryProvider value={history}>
          <ol className={`${conversationStyles.messages} ${styles.trial}`} aria-label="Trial conversation">
            {groups.map((group) => (
              <MessageGroupRow key={group[0]!.sId} group={group} wId={wId} cId={conversationId} onSettled={settled} />
            ))}
          </ol>
        </MessageHistoryProvider>
      ) : null}
      <form className={styles.trialForm} onSubmit={(event) => void send(event)} aria-busy={busy}>
        <div className="field">
          <label htmlFor={messageId}>Message to try</label>
          <textarea id={messageId} rows={3} value={text} onChange={(event) => setText(event.target.value)} />
        </div>
        <FormError message={error} />
        <div className={styles.formActions}>
          <button type="submit" className="button" disabled={busy || text.trim() === ''}>
            Try
          </button>
        </div>
      </form>
    </section>
  );
}
