import type { AgentMessage, Conversation, ConversationMessage, ConversationStreamEvent } from '@app/contracts/http/conversation.types';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import { ApiError, useApi } from '../api';
import { NotFoundPage } from '../not-found/not-found-page';
import { useSignedInSession } from '../session/session-context';
import { useDocumentTitle } from '../ui/document-title';
import { errorMessage } from '../ui/error-message';
import { FormError } from '../ui/form-error';
import { PageHeading } from '../ui/page-heading';
import { Composer, type ComposedMessage } from './composer';
import { ConversationHeader, type ConversationHeaderFields } from './conversation-header';
import { conversationTitle, listItemOf, useConversationList } from './conversation-list';
import styles from './conversations.module.css';
import { ForkLinks } from './history/fork-links';
import { HistoryBar } from './history/history-bar';
import { placed, withNewMessage } from './history/message-groups';
import { MessageHistoryProvider, type MessageHistory } from './history/message-history-context';
import { AT_PARAMETER, instantOf } from './history/past-view';
import { PastViewBanner } from './history/time-picker';
import { webMessageContext } from './message-context';
import { MessageGroupRow, type MessageGroup } from './message-rows';
import { settleFromServer, storedIfSettled } from './use-agent-message-stream';
import { useConversationEvents } from './use-conversation-events';
import { useFragmentPoster } from './attachments/use-fragment-poster';

/** Message ranks asked for at a time: a long conversation opens on its newest ones. */
export const MESSAGE_PAGE_SIZE = 50;

/** How often, and how far apart, a conversation without a title is asked again once an answer ended. */
const TITLE_CHECKS = 10;
const TITLE_CHECK_MS = 1_000;

/** How long an ended answer's own stream has to settle it before the page reads the stored answer. */
const ENDED_ANSWER_GRACE_MS = 1_000;
/** ... and a cancelled one's, to bring the text its run wrote before it stopped. */
const CANCELLED_ANSWER_GRACE_MS = 5_000;

type Header = ConversationHeaderFields;

type PageState =
  | { readonly status: 'loading' }
  | { readonly status: 'missing' }
  | { readonly status: 'failed'; readonly message: string }
  | { readonly status: 'ready'; readonly header: Header };

interface Messages {
  readonly groups: readonly MessageGroup[];
  readonly hasMore: boolean;
  /** Cursor of the next, older page. */
  readonly lastValue: string | null;
  /** The instant these messages stood at (a past view), or null for now. */
  readonly atMs: number | null;
  /** The conversation's last event they show: its event stream is followed from there. */
  readonly lastEventId: string | null;
}

/**
 * `/w/:wId/conversations/:cId`: the messages in order (the newest page first, older ones on
 * demand), answers streamed as they are written, the composer, rename and delete. Opening it marks
 * the conversation read. With `?at=<epoch ms>`, the conversation as it stood then, read-only.
 */
export function ConversationPage({ wId, cId }: { readonly wId: string; readonly cId: string }) {
  const { conversations, history } = useApi();
  const list = useConversationList();
  const { user } = useSignedInSession();
  const [, navigate] = useLocation();
  const atMs = instantOf(useSearch());
  const [state, setState] = useState<PageState>({ status: 'loading' });
  const [messages, setMessages] = useState<Messages>({ groups: [], hasMore: false, lastValue: null, atMs: null, lastEventId: null });
  const [loadingEarlier, setLoadingEarlier] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const { update: updateListItem, refresh: refreshList, upsert: upsertListItem } = list;
  const attachFragments = useFragmentPoster(wId, cId);

  // Once an answer ends: read here (the person saw it come), the list's order, and the title the api
  // writes just after the first answer ends (asked again a few times while there is none).
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);
  const refreshHeader = useCallback(() => {
    const ask = (attempt: number) =>
      conversations.get(wId, cId, { limit: 1 }).then(
        async ({ conversation }) => {
          if (!mounted.current) return;
          const { content: _content, ...header } = conversation;
          setState((current) => (current.status === 'ready' ? { status: 'ready', header } : current));
          if (conversation.unread) await conversations.markRead(wId, cId).catch(() => undefined);
          refreshList();
          if (conversation.title === null && attempt < TITLE_CHECKS) setTimeout(() => void ask(attempt + 1), TITLE_CHECK_MS);
        },
        () => undefined,
      );
    void ask(1);
  }, [conversations, wId, cId, refreshList]);

  useEffect(() => {
    const controller = new AbortController();
    const page = { limit: MESSAGE_PAGE_SIZE };
    const reading = atMs === null ? conversations.get(wId, cId, page, { signal: controller.signal }) : history.getAt(wId, cId, atMs, page, { signal: controller.signal });
    reading.then(
      ({ conversation, hasMore, lastValue }) => {
        const { content, ...header } = conversation;
        setState({ status: 'ready', header });
        setMessages({ groups: content, hasMore: hasMore ?? false, lastValue: lastValue ?? null, atMs, lastEventId: conversation.lastEventId ?? null });
        // Opened after its first answer ended but before the api wrote the title: asked for as when an answer ends here.
        if (atMs === null && conversation.title === null && answeredAndIdle(content)) refreshHeader();
        if (conversation.unread && atMs === null) {
          conversations.markRead(wId, cId).then(
            () => updateListItem(cId, { unread: false }),
            () => undefined,
          );
        }
      },
      (failure: unknown) => {
        if (controller.signal.aborted) return;
        // The conversation is there now (the api checks first): at that instant it was not yet.
        if (failure instanceof ApiError && failure.status === 404 && atMs !== null) setState({ status: 'failed', message: 'The conversation did not exist yet at that time.' });
        else if (failure instanceof ApiError && failure.status === 404) setState({ status: 'missing' });
        else setState({ status: 'failed', message: errorMessage(failure) });
      },
    );
    return () => controller.abort();
  }, [conversations, history, wId, cId, atMs, updateListItem, refreshHeader]);

  const onSettled = useCallback(
    (message: AgentMessage) => {
      setMessages((current) => ({
        ...current,
        groups: current.groups.map((group) => (group.some((version) => version.sId === message.sId) ? group.map((version) => (version.sId === message.sId ? message : version)) : group)),
      }));
      refreshHeader();
    },
    [refreshHeader],
  );

  const place = useCallback((message: ConversationMessage) => setMessages((current) => ({ ...current, groups: placed(current.groups, message) })), []);
  // The messages as last drawn, for the stream's handler (which must not redraw to read them).
  const shown = useRef(messages.groups);
  useEffect(() => {
    shown.current = messages.groups;
  }, [messages.groups]);
  const pastView = atMs !== null;
  // Between two instants, the messages of the one before are not shown as the next one's.
  const loaded = messages.atMs === atMs;

  // What others do meanwhile: their messages, the answers they start, the title once written.
  const onConversationEvent = useCallback(
    (event: ConversationStreamEvent) => {
      switch (event.type) {
        case 'user_message_new':
        case 'agent_message_new':
        case 'compaction_message_new':
          setMessages((current) => ({ ...current, groups: withNewMessage(current.groups, event.message) }));
          return;
        case 'conversation_title':
          setState((current) => (current.status === 'ready' ? { status: 'ready', header: { ...current.header, title: event.title } } : current));
          updateListItem(cId, { title: event.title });
          return;
        case 'agent_message_done':
        case 'agent_generation_cancelled': {
          // An answer follows its own stream, which settles it; should that stream miss the end,
          // the conversation's says it too, and the answer as stored replaces the one being written.
          // The page steps in only once the answer's stream had its time: the answer may not even
          // be drawn yet (its start can come in the same read), and a cancel is settled before the
          // run has stopped and its text is recorded, which the answer's own stream waits for.
          const settle = () => {
            if (isWriting(shown.current, event.messageId)) void settleFromServer(() => storedIfSettled(conversations, wId, cId, event.messageId), onSettled);
          };
          setTimeout(settle, event.type === 'agent_message_done' ? ENDED_ANSWER_GRACE_MS : CANCELLED_ANSWER_GRACE_MS);
          return;
        }
        default:
          // A summary's end is read by its marker.
          return;
      }
    },
    [conversations, wId, cId, updateListItem, onSettled],
  );
  useConversationEvents(wId, cId, loaded && !pastView ? messages.lastEventId : null, onConversationEvent);
  const forked = useCallback(
    (fork: Conversation) => {
      upsertListItem(listItemOf(fork));
      navigate(`/conversations/${encodeURIComponent(fork.sId)}`);
    },
    [upsertListItem, navigate],
  );
  const messageHistory = useMemo<MessageHistory>(() => ({ pastView, place, forked }), [pastView, place, forked]);

  function travel(instant: number | null) {
    navigate(`/conversations/${encodeURIComponent(cId)}${instant === null ? '' : `?${AT_PARAMETER}=${instant}`}`);
  }

  async function loadEarlier() {
    setLoadingEarlier(true);
    setError(null);
    try {
      const earlier = { limit: MESSAGE_PAGE_SIZE, lastValue: messages.lastValue };
      const page = messages.atMs === null ? await conversations.get(wId, cId, earlier) : await history.getAt(wId, cId, messages.atMs, earlier);
      setMessages((current) => ({ ...current, groups: [...page.conversation.content, ...current.groups], hasMore: page.hasMore ?? false, lastValue: page.lastValue ?? null }));
    } catch (failure) {
      setError(errorMessage(failure));
    } finally {
      setLoadingEarlier(false);
    }
  }

  async function send({ content, mentions, attachments, modelSelection }: ComposedMessage) {
    const fragments = await attachFragments(attachments);
    if (fragments.length > 0) setMessages((current) => ({ ...current, groups: [...current.groups, ...fragments.map((fragment) => [fragment])] }));
    const posted = await conversations.postMessage(wId, cId, { content, mentions, context: webMessageContext(user), ...(modelSelection ? { modelSelection } : {}) });
    // The stream may have brought them first: each is shown once.
    setMessages((current) => ({ ...current, groups: [posted.message, ...posted.agentMessages].reduce<readonly MessageGroup[]>(withNewMessage, current.groups) }));
    refreshList();
  }

  const title = state.status === 'ready' ? conversationTitle(state.header) : 'Conversation';
  useDocumentTitle(title);

  if (state.status === 'missing') return <NotFoundPage embedded />;
  if (state.status === 'loading') {
    return (
      <div className="page" aria-busy="true">
        <p role="status" className="muted">
          Loading the conversation…
        </p>
      </div>
    );
  }
  if (state.status === 'failed') {
    return (
      <div className="page">
        <PageHeading>Conversation</PageHeading>
        <FormError message={state.message} />
        {atMs !== null ? <PastViewBanner atMs={atMs} onBackToNow={() => travel(null)} /> : null}
      </div>
    );
  }

  return (
    <div className={styles.conversationPage}>
      <ConversationHeader
        wId={wId}
        header={state.header}
        readOnly={pastView}
        onRenamed={(header) => {
          setState({ status: 'ready', header });
          updateListItem(cId, { title: header.title });
        }}
      />
      <ForkLinks forkingData={state.header.forkingData} />
      <HistoryBar wId={wId} cId={cId} atMs={atMs} createdMs={state.header.created} onTravel={travel} onCompacted={place} />
      <FormError message={error} />
      {messages.hasMore && loaded ? (
        <button type="button" className="button button-secondary button-small" onClick={loadEarlier} disabled={loadingEarlier}>
          Load earlier messages
        </button>
      ) : null}
      <MessageHistoryProvider value={messageHistory}>
        <ol className={styles.messages} aria-label="Messages">
          {(loaded ? messages.groups : []).map((group) => (
            <MessageGroupRow key={group[0]!.rank} group={group} wId={wId} cId={cId} onSettled={onSettled} />
          ))}
        </ol>
      </MessageHistoryProvider>
      {!loaded ? (
        <p role="status" className="muted">
          Loading the conversation…
        </p>
      ) : messages.groups.length === 0 ? (
        <p className="muted">No messages yet.</p>
      ) : null}
      {pastView ? null : <Composer wId={wId} cId={cId} onSend={send} />}
    </div>
  );
}

/** Whether the page shows the agent message `mId` as being written. */
function isWriting(groups: readonly MessageGroup[], mId: string): boolean {
  return groups.some((group) => group.some((message) => message.sId === mId && message.type === 'agent_message' && message.status === 'created'));
}

/** Whether an agent has answered in these messages and none is still writing. */
function answeredAndIdle(groups: readonly MessageGroup[]): boolean {
  const answers = groups.flatMap((group) => group.filter((message) => message.type === 'agent_message'));
  return answers.length > 0 && answers.every((answer) => answer.status !== 'created');
}
