import { useLocation } from 'wouter';
import { useApi } from '../api';
import { useSignedInSession } from '../session/session-context';
import { useDocumentTitle } from '../ui/document-title';
import { PageHeading } from '../ui/page-heading';
import { Composer, type ComposedMessage } from './composer';
import { listItemOf, useConversationList } from './conversation-list';
import styles from './conversations.module.css';
import { webMessageContext } from './message-context';

/** `/w/:wId/new`: the first message makes the conversation, which then opens with its answers streaming. */
export function NewConversationPage({ wId }: { readonly wId: string }) {
  const { conversations } = useApi();
  const { user } = useSignedInSession();
  const list = useConversationList();
  const [, navigate] = useLocation();
  useDocumentTitle('New conversation');

  async function start({ content, mentions, attachments, modelSelection }: ComposedMessage) {
    const created = await conversations.create(wId, {
      title: null,
      visibility: 'unlisted',
      message: { content, mentions, context: webMessageContext(user), ...(modelSelection ? { modelSelection } : {}) },
      ...(attachments.length > 0 ? { contentFragments: attachments.map(({ title, fileId }) => ({ title, fileId })) } : {}),
    });
    list.upsert(listItemOf(created.conversation));
    navigate(`/conversations/${encodeURIComponent(created.conversation.sId)}`);
  }

  return (
    <div className={styles.conversationPage}>
      <PageHeading>New conversation</PageHeading>
      <p className="muted">Write to an agent: type @ and pick one. Its answer appears as it is written.</p>
      <Composer wId={wId} onSend={start} />
    </div>
  );
}
