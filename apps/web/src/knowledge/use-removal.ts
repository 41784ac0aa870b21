import { useCallback, useState } from 'react';
import { errorMessage } from '../ui/error-message';

/**
 * A deletion asked in place (a document, a table): runs it, then `after` (the list read again, or a
 * way out of the deleted thing's page); a refusal is kept in the api's words for the page to show.
 */
export function useRemoval(after: () => void): { readonly error: string | null; readonly remove: (deletion: () => Promise<unknown>) => Promise<void> } {
  const [error, setError] = useState<string | null>(null);
  const remove = useCallback(
    async (deletion: () => Promise<unknown>) => {
      setError(null);
      try {
        await deletion();
        after();
      } catch (failure) {
        setError(errorMessage(failure));
      }
    },
    [after],
  );
  return { error, remove };
}
