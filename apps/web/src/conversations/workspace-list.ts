import { useEffect, useState } from 'react';
import { useApi, type Api } from '../api';

/**
 * A hook that gives a list every composer of a workspace shows the same (its agents, its models):
 * asked once per workspace and page, empty until it comes and when it cannot be read. A failure
 * is not kept: the next composer asks again.
 */
export function workspaceList<T>(load: (api: Api, wId: string) => Promise<readonly T[]>): (wId: string) => readonly T[] {
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

  return function useWorkspaceList(wId: string): readonly T[] {
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
  };
}
