import type { CompactionMessage } from '@app/contracts/http/conversation.types';
import { CompactButton } from './compact-button';
import styles from './history.module.css';
import { PastViewBanner, TimePicker } from './time-picker';

interface HistoryBarProps {
  readonly wId: string;
  readonly cId: string;
  /** The instant shown, or null for the conversation as it is now. */
  readonly atMs: number | null;
  /** When the conversation was created, the earliest instant to show. */
  readonly createdMs: number;
  /** Shows the conversation at an instant (epoch ms), or as it is now (null). */
  readonly onTravel: (atMs: number | null) => void;
  /** A compaction asked for here has started: its message, to show until its summary is written. */
  readonly onCompacted: (message: CompactionMessage) => void;
}

/** Above a conversation's messages: View as it was and, as it is now, Summarize earlier messages; in a past view, its banner. */
export function HistoryBar({ wId, cId, atMs, createdMs, onTravel, onCompacted }: HistoryBarProps) {
  return (
    <div className={styles.historyBar}>
      <div className={styles.historyTools}>
        <TimePicker key={atMs ?? 'now'} atMs={atMs} createdMs={createdMs} onTravel={onTravel} />
        {atMs === null ? <CompactButton wId={wId} cId={cId} onCompacted={onCompacted} /> : null}
      </div>
      {atMs !== null ? <PastViewBanner atMs={atMs} onBackToNow={() => onTravel(null)} /> : null}
    </div>
  );
}
