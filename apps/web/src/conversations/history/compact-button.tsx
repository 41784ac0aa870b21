import type { CompactionMessage } from '@app/contracts/http/conversation.types';
import { useState } from 'react';
import { useApi } from '../../api';
import { errorMessage } from '../../ui/error-message';
import { FormError } from '../../ui/form-error';

/** Summarize earlier messages: the compaction message comes at once, its summary once the model wrote it. */
export function CompactButton({ wId, cId, onCompacted }: { readonly wId: string; readonly cId: string; readonly onCompacted: (message: CompactionMessage) => void }) {
  const { history } = useApi();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function compact() {
    setBusy(true);
    setError(null);
    try {
      onCompacted((await history.compact(wId, cId)).compactionMessage);
    } catch (failure) {
      setError(errorMessage(failure));
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <button type="button" className="button button-secondary button-small" onClick={compact} disabled={busy}>
        Summarize earlier messages
      </button>
      <FormError message={error} />
    </>
  );
}
