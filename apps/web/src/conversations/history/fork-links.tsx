import type { ForkingData } from '@app/contracts/http/conversation.types';
import { useId } from 'react';
import { Link } from 'wouter';
import { conversationTitle } from '../conversation-list';
import styles from './history.module.css';
import { readableInstant } from './past-view';

/**
 * Where a conversation comes from and where it went: a fork links back to its parent; a
 * conversation with forks lists them, each with when it was made (a fork starts with its parent's
 * title, so the time tells them apart).
 */
export function ForkLinks({ forkingData }: { readonly forkingData: ForkingData | undefined }) {
  const headingId = useId();
  if (forkingData === undefined) return null;
  const { forkedFrom, forkedChildren } = forkingData;
  return (
    <>
      {forkedFrom ? (
        <p className={styles.forkedFrom}>
          Forked from{' '}
          <Link href={`/conversations/${encodeURIComponent(forkedFrom.parentConversationId)}`}>{conversationTitle({ title: forkedFrom.parentConversationTitle })}</Link>
          <span className="muted"> on {readableInstant(forkedFrom.branchedAt)}</span>
        </p>
      ) : null}
      {forkedChildren.length > 0 ? (
        <section className={styles.forks} aria-labelledby={headingId}>
          <h2 id={headingId} className={styles.forksTitle}>
            Forks
          </h2>
          <ul className={styles.forkList}>
            {forkedChildren.map((child) => (
              <li key={child.childConversationId}>
                <Link href={`/conversations/${encodeURIComponent(child.childConversationId)}`}>
                  {conversationTitle({ title: child.childConversationTitle })}, forked {readableInstant(child.branchedAt)}
                </Link>
                <span className="muted"> by {child.user.fullName || child.user.username}</span>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </>
  );
}
