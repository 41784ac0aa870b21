import { useEffect, useState } from 'react';
import { useApi, type Api } from '../api';

/** A hook over a workspace's list, and how to have it asked again. */
export type WorkspaceListHook<T> = ((wId: string) => readonly T[]) & {
  /** Drops what was read for the workspace: the next composer asks again (after the list changed, an agent saved). */
  readonly forget: (wId: string) => void;
};

/**
 * A hook that gives a list every composer of a workspace shows the same (its agents, its models):
 * asked once per workspace and page, empty until it comes and when it cannot be read. A failure
 * is not kept: the next composer asks again.
 */
export function workspaceList<T>(load: (api: Api, wId: string) => Promise<readonly T[]>): WorkspaceListHook<T> {
  const byWorkspace = new Map<string, Promise<readonly T[]>>();
  const loaded = (api: Api, wId: string): Promise<readonly T[]> => {
    let list = byWorkspace.get(wId);
    if (list === undefined) {
      list = load(api, wId);
      list.catch(() => byWorkspace.delete(wId));
      byWorkspace.set(wId, list);
    }
    return list;
  };

  function useWorkspaceList(wId: string): readonly T[] {
    const api = useApi();
    const [list, setList] = useState<readonly T[]>([]);
    useEffect(() => {
      let current = true;
      loaded(api, wId).then(
        (answer) => current && setList(answer),
        () => undefined,
      );
      return () => {
        current = false;
      };
    }, [api, wId]);
    return list;
  }
  function forget(wId: string): void {
    byWorkspace.delete(wId);
  }
  return Object.assign(useWorkspaceList, { forget });
}
