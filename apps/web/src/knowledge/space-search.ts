import type { Api } from '../api';
import { SEARCH_TOP_K, type FoundDocument } from './found-document';

/**
 * A space's search: each of its data source views searched as an agent given all of them would
 * (each view's parents filter applies), the documents merged best score first, the top few kept.
 */
export async function searchSpace(api: Api, wId: string, spaceId: string, query: string): Promise<readonly FoundDocument[]> {
  const { dataSourceViews } = await api.spaces.dataSourceViews(wId, spaceId);
  const perView = await Promise.all(
    dataSourceViews.map(async (view) => {
      const { documents } = await api.spaces.searchView(wId, spaceId, view.sId, query, SEARCH_TOP_K);
      return documents.map((document) => ({ document, spaceId, dsId: view.dataSource.sId, sourceName: view.dataSource.name }));
    }),
  );
  return perView
    .flat()
    .sort((a, b) => b.document.score - a.document.score)
    .slice(0, SEARCH_TOP_K);
}
