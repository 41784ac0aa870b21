import type { CompactionMessage } from '@app/contracts/http/conversation.types';
import { useEffect } from 'react';
import { useApi } from '../../api';
import { useMessageHistory } from './message-history-context';

/** How often a summary being written is asked for again. */
const SUMMARY_CHECK_MS = 1_000;

/**
 * While a compaction message is `created`, asks the api for it every second and puts it on the page
 * once its summary is written or failed. The page follows answers through their event streams; a
 * summary is one short step of the model, which a poll follows with far less.
 */
export function useWrittenSummary(wId: string, cId: string, message: CompactionMessage): void {
  const { conversations } = useApi();
  const { pastView, place } = useMessageHistory();
  const writing = message.status === 'created' && !pastView;
  useEffect(() => {
    if (!writing) return;
    const controller = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const ask = () => {
      timer = setTimeout(() => {
        conversations.message(wId, cId, message.sId, { signal: controller.signal }).then(
          ({ message: stored }) => (stored.type === 'compaction_message' && stored.status === 'created' ? ask() : place(stored)),
          () => !controller.signal.aborted && ask(),
        );
      }, SUMMARY_CHECK_MS);
    };
    ask();
    return () => {
      controller.abort();
      clearTimeout(timer);
    };
  }, [conversations, wId, cId, message.sId, writing, place]);
}
