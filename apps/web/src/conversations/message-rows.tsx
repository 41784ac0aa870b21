import type { AgentMessage, ContentFragment, ConversationMessage, UserMessage } from '@app/contracts/http/conversation.types';
import { memo, useMemo, useState, type ReactNode } from 'react';
import { useApi } from '../api';
import { errorMessage } from '../ui/error-message';
import { FormError } from '../ui/form-error';
import { stepOf } from './actions/agent-step';
import { AgentSteps } from './actions/agent-steps';
import { WaitingPrompt } from './actions/waiting-prompt';
import { citationSourcesOf, withoutUnfinishedMarker } from './actions/citations';
import { AgentAvatar } from './agent-avatar';
import styles from './conversations.module.css';
import { CompactionMarker } from './history/compaction-marker';
import { MessageActions } from './history/message-actions';
import { useMessageHistory } from './history/message-history-context';
import { Markdown } from './markdown';
import { mentionPattern } from './mentions';
import { useAgentMessageStream } from './use-agent-message-stream';

/** One rank of a conversation: the versions of one message, oldest first. */
export type MessageGroup = readonly ConversationMessage[];

interface RowProps {
  readonly group: MessageGroup;
  readonly wId: string;
  readonly cId: string;
  /** An answer being written has ended: the message as stored replaces it. */
  readonly onSettled: (message: AgentMessage) => void;
}

/**
 * One rank of the conversation, its latest version shown (older ones a click away). Drawn again
 * only when its own versions change: an answer being written redraws its row alone, token by token.
 */
export const MessageGroupRow = memo(function MessageGroupRow({ group, wId, cId, onSettled }: RowProps) {
  const [chosen, setChosen] = useState<number | null>(null);
  const index = chosen === null || chosen >= group.length ? group.length - 1 : chosen;
  const message = group[index]!;
  return (
    <li className={styles.messageRow}>
      <MessageActions
        wId={wId}
        cId={cId}
        message={message}
        latest={index === group.length - 1}
        versions={group.length > 1 ? <VersionSwitch index={index} count={group.length} onChoose={(next) => setChosen(next === group.length - 1 ? null : next)} /> : null}
      >
        <MessageView message={message} wId={wId} cId={cId} onSettled={onSettled} />
      </MessageActions>
    </li>
  );
});

function MessageView({ message, wId, cId, onSettled }: { readonly message: ConversationMessage; readonly wId: string; readonly cId: string; readonly onSettled: RowProps['onSettled'] }) {
  // A past view shows an answer as far as it was written then; it does not follow it.
  const { pastView } = useMessageHistory();
  switch (message.type) {
    case 'user_message':
      return <UserMessageView message={message} />;
    case 'agent_message':
      return message.status === 'created' && !pastView ? <AgentMessageWriting message={message} wId={wId} cId={cId} onSettled={onSettled} /> : <AgentMessageView message={message} />;
    case 'content_fragment':
      return <FragmentView fragment={message} />;
    case 'compaction_message':
      return <CompactionMarker wId={wId} cId={cId} message={message} />;
  }
}

function VersionSwitch({ index, count, onChoose }: { readonly index: number; readonly count: number; readonly onChoose: (index: number) => void }) {
  return (
    <div role="group" aria-label="Versions" className={styles.versions}>
      <button type="button" className="button button-secondary button-small" disabled={index === 0} onClick={() => onChoose(index - 1)}>
        Previous version
      </button>
      <span>
        Version {index + 1} of {count}
      </span>
      <button type="button" className="button button-secondary button-small" disabled={index === count - 1} onClick={() => onChoose(index + 1)}>
        Next version
      </button>
    </div>
  );
}

function UserMessageView({ message }: { readonly message: UserMessage }) {
  const author = message.user?.fullName || message.context.fullName || message.context.username || 'Someone';
  const names = message.richMentions.filter((mention) => mention.type === 'agent').map((mention) => mention.label);
  return (
    <article className={styles.userMessage} aria-label={`Message from ${author}`}>
      <header className={styles.messageHeader}>
        <span className={styles.author}>{author}</span>
      </header>
      <p className={styles.userText}>{withMentions(message.content, names)}</p>
    </article>
  );
}

/** The text with each `@name` of a mentioned agent marked. */
function withMentions(text: string, names: readonly string[]): ReactNode[] {
  let parts: ReactNode[] = [text];
  for (const name of names) {
    parts = parts.flatMap((part) => {
      if (typeof part !== 'string') return [part];
      const pieces: ReactNode[] = [];
      let rest = part;
      for (let found = mentionPattern(name).exec(rest); found !== null; found = mentionPattern(name).exec(rest)) {
        const at = found.index + found[1]!.length;
        pieces.push(rest.slice(0, at), <span key={`${name}-${pieces.length}-${rest.length}`} className={styles.mention}>{`@${name}`}</span>);
        rest = rest.slice(at + name.length + 1);
      }
      pieces.push(rest);
      return pieces;
    });
  }
  return parts;
}

/** Shell of an agent's answer: who answers, then the body. */
function AgentArticle({ message, busy, status, children }: { readonly message: AgentMessage; readonly busy: boolean; readonly status: ReactNode; readonly children: ReactNode }) {
  const { name, pictureUrl } = message.configuration;
  return (
    <article className={styles.agentMessage} aria-label={`Answer from ${name}`} aria-busy={busy}>
      <header className={styles.messageHeader}>
        <AgentAvatar name={name} pictureUrl={pictureUrl} />
        <span className={styles.author}>{name}</span>
        {status}
      </header>
      {children}
    </article>
  );
}

function ChainOfThought({ text }: { readonly text: string }) {
  if (text.trim() === '') return null;
  return (
    <details className={styles.chainOfThought}>
      <summary>Chain of thought</summary>
      <p className={styles.chainOfThoughtText}>{text}</p>
    </details>
  );
}

const AgentMessageView = memo(function AgentMessageView({ message }: { readonly message: AgentMessage }) {
  const steps = useMemo(() => message.actions.map(stepOf), [message.actions]);
  const sources = useMemo(() => citationSourcesOf(steps), [steps]);
  const status =
    message.status === 'cancelled' ? (
      <span className={styles.messageStatus}>Stopped</span>
    ) : message.status === 'failed' ? (
      <span className={styles.messageStatus}>Failed</span>
    ) : null;
  return (
    <AgentArticle message={message} busy={false} status={status}>
      <ChainOfThought text={message.chainOfThought ?? ''} />
      <AgentSteps steps={steps} />
      {message.content ? <Markdown text={message.content} sources={sources} /> : null}
      {message.status === 'failed' && message.error ? <p className="alert">{message.error.message}</p> : null}
      {message.status === 'cancelled' && !message.content ? <p className="muted">Stopped before writing anything.</p> : null}
    </AgentArticle>
  );
});

/** An answer being written: its own stream, its own redraws, and Cancel. */
function AgentMessageWriting({ message, wId, cId, onSettled }: { readonly message: AgentMessage; readonly wId: string; readonly cId: string; readonly onSettled: RowProps['onSettled'] }) {
  const { conversations } = useApi();
  const { progress, stream } = useAgentMessageStream(wId, cId, message, onSettled);
  const [cancelling, setCancelling] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const sources = useMemo(() => citationSourcesOf(progress.steps), [progress.steps]);
  const awaiting = useMemo(
    () => new Map(progress.approvals.map((approval) => [approval.actionId, approval.question ? 'Waiting for your answer' : 'Waiting for approval'])),
    [progress.approvals],
  );

  async function cancel() {
    setCancelling(true);
    setError(null);
    try {
      await conversations.cancel(wId, cId, [message.sId]);
    } catch (failure) {
      setError(errorMessage(failure));
      setCancelling(false);
    }
  }

  const state =
    stream.connection === 'failed'
      ? stream.message
      : stream.connection === 'reconnecting'
        ? 'Reconnecting…'
        : progress.approvals.some((approval) => approval.question === undefined)
          ? 'Waiting for approval…'
          : progress.approvals.length > 0
            ? 'Waiting for your answer…'
          : cancelling
            ? 'Stopping…'
            : 'Writing…';
  return (
    <AgentArticle
      message={message}
      busy
      status={
        <>
          <span className={styles.messageStatus} role="status">
            {state}
          </span>
          <button type="button" className="button button-secondary button-small" onClick={cancel} disabled={cancelling}>
            Cancel
          </button>
        </>
      }
    >
      <ChainOfThought text={progress.chainOfThought} />
      <AgentSteps steps={progress.steps} awaiting={awaiting} />
      {progress.approvals.map((approval) => (
        <WaitingPrompt key={approval.actionId} approval={approval} wId={wId} cId={cId} mId={message.sId} />
      ))}
      <Markdown text={withoutUnfinishedMarker(progress.text)} sources={sources} />
      <FormError message={error} />
    </AgentArticle>
  );
}

function FragmentView({ fragment }: { readonly fragment: ContentFragment }) {
  return (
    <article className={styles.fragment} aria-label={`Attachment: ${fragment.title}`}>
      <span className="muted">Attached</span> <span className={styles.fragmentTitle}>{fragment.title}</span>
      {fragment.expiredReason !== null ? <span className="muted"> (no longer available)</span> : null}
    </article>
  );
}
