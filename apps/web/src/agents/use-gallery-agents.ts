import type { AgentConfigurationListItem } from '@app/contracts/http/agent-configuration.types';
import { useCallback, useEffect, useState } from 'react';
import { useApi, type AgentGalleryView } from '../api';
import { errorMessage } from '../ui/error-message';

/** The gallery's list as the api answered it, or why it could not. */
export type GalleryList =
  | { readonly status: 'loading' }
  | { readonly status: 'failed'; readonly message: string }
  | { readonly status: 'ready'; readonly agents: readonly AgentConfigurationListItem[] };

/**
 * The agents of a view, asked again when the view changes; `replace` and `remove` change one
 * agent in place after a write (a favourite, a restore), so the list does not blink for a reload.
 */
export function useGalleryAgents(wId: string, view: AgentGalleryView) {
  const { agents } = useApi();
  // Kept with the view it lists: another view reads as loading until its answer comes.
  const [answered, setAnswered] = useState<{ readonly view: AgentGalleryView; readonly list: GalleryList } | null>(null);
  const setList = useCallback((change: (now: GalleryList) => GalleryList) => setAnswered((now) => now && { ...now, list: change(now.list) }), []);

  useEffect(() => {
    const controller = new AbortController();
    agents.list(wId, view, { signal: controller.signal }).then(
      (answer) => setAnswered({ view, list: { status: 'ready', agents: answer.agentConfigurations } }),
      (error: unknown) => {
        if (!controller.signal.aborted) setAnswered({ view, list: { status: 'failed', message: errorMessage(error) } });
      },
    );
    return () => controller.abort();
  }, [agents, wId, view]);

  const replace = useCallback(
    (agent: AgentConfigurationListItem) => setList((now) => (now.status === 'ready' ? { ...now, agents: now.agents.map((each) => (each.sId === agent.sId ? agent : each)) } : now)),
    [setList],
  );
  const remove = useCallback((sId: string) => setList((now) => (now.status === 'ready' ? { ...now, agents: now.agents.filter((each) => each.sId !== sId) } : now)), [setList]);
  const list: GalleryList = answered?.view === view ? answered.list : { status: 'loading' };
  return { list, replace, remove };
}
