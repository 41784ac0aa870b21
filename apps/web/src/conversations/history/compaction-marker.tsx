import type { CompactionMessage } from '@app/contracts/http/conversation.types';
import styles from './history.module.css';
import { useWrittenSummary } from './use-written-summary';

/**
 * Where the conversation was summarized: a line across it that says so, the summary folded below
 * (the model reads it instead of what came before; the earlier messages stay shown above).
 */
export function CompactionMarker({ wId, cId, message }: { readonly wId: string; readonly cId: string; readonly message: CompactionMessage }) {
  useWrittenSummary(wId, cId, message);
  const label = message.status === 'created' ? 'Summarizing earlier messages…' : message.status === 'failed' ? 'Earlier messages could not be summarized' : 'Earlier messages summarized';
  return (
    <article className={styles.compaction} aria-label={label} aria-busy={message.status === 'created'}>
      <p className={styles.compactionLine} role={message.status === 'created' ? 'status' : undefined}>
        <span className={styles.compactionLabel}>{label}</span>
      </p>
      {message.status === 'succeeded' && message.content ? (
        <details className={styles.summary}>
          <summary>Summary</summary>
          <p className={styles.summaryText}>{message.content}</p>
        </details>
      ) : null}
    </article>
  );
}
