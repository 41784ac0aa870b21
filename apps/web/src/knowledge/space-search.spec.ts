import { describe, expect, it } from '@jest/globals';
import type { SearchResultDocument } from '@app/contracts/http/search-result.types';
import type { Api } from '../api';
import { searchSpace } from './space-search';

const found = (document_id: string, score: number) => ({ document_id, title: document_id, score, chunks: [] }) as unknown as SearchResultDocument;

describe("a space's search", () => {
  it('searches every view of the space and merges what they find, best score first, at most eight', async () => {
    const asked: string[] = [];
    const api = {
      spaces: {
        dataSourceViews: async () => ({
          dataSourceViews: [
            { sId: 'dsv_a', dataSource: { sId: 'dts_a', name: 'Handbook' } },
            { sId: 'dsv_b', dataSource: { sId: 'dts_b', name: 'Minutes' } },
          ],
        }),
        searchView: async (_wId: string, _spaceId: string, dsvId: string, query: string, topK: number) => {
          asked.push(`${dsvId}:${query}:${topK}`);
          return dsvId === 'dsv_a'
            ? { documents: [found('a1', 0.9), found('a2', 0.2), found('a3', 0.1), found('a4', 0.05), found('a5', 0.04)] }
            : { documents: [found('b1', 0.5), found('b2', 0.3), found('b3', 0.15), found('b4', 0.01)] };
        },
      },
    } as unknown as Api;

    const documents = await searchSpace(api, 'w', 'vlt_1', 'tides');
    expect(asked.sort()).toEqual(['dsv_a:tides:8', 'dsv_b:tides:8']);
    expect(documents.map((each) => each.document.document_id)).toEqual(['a1', 'b1', 'b2', 'a2', 'b3', 'a3', 'a4', 'a5']);
    expect(documents[1]).toMatchObject({ spaceId: 'vlt_1', dsId: 'dts_b', sourceName: 'Minutes' });
  });
});
