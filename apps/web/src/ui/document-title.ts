import { useEffect } from 'react';

export const APP_NAME = 'Workspace';

/** Sets the tab's title to `page · Workspace` while the page shows. */
export function useDocumentTitle(page: string): void {
  useEffect(() => {
    document.title = `${page} · ${APP_NAME}`;
  }, [page]);
}
