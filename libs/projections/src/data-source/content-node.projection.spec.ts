import type { RecordedEvent } from '@app/storage';
import { project } from '../../test/conversation-recorded.fixtures';
import { recordedOn } from '../../test/recorded-event.fixtures';
import { contentNodeProjection } from './content-node.projection';

const at = 1_700_000_000_000;
const ids = { workspaceId: 'W0rkspace1', spaceId: 'vlt_s', dataSourceId: 'dts_one' };
let position = 0;
const recorded = (type: string, data: object): RecordedEvent => recordedOn('data-source-nodes', { type, data }, ++position, at);

const folder = recorded('FolderUpserted', {
  ...ids,
  folderId: 'legal',
  title: 'Legal',
  mimeType: 'application/vnd.dust.folder',
  sourceUrl: null,
  providerVisibility: 'private',
  timestamp: at,
  parentId: null,
  parents: ['legal'],
  createdAt: at,
  at,
});
const document = recorded('DocumentUpserted', {
  ...ids,
  documentId: 'lease',
  title: 'Lease',
  mimeType: 'text/plain',
  sourceUrl: 'https://example.com/lease',
  tags: [],
  timestamp: at + 1,
  parentId: 'legal',
  parents: ['lease', 'legal'],
  section: { prefix: null, content: 'a long text the node read model does not keep', sections: [] },
  hash: 'h',
  textSize: 10,
  tokenCount: 2,
  tokenizer: 'o200k_base',
  createdAt: at,
  at: at + 1,
});
const table = recorded('TableUpserted', {
  ...ids,
  tableId: 'lease',
  name: 'leases',
  title: 'Leases',
  description: 'd',
  mimeType: 'text/csv',
  sourceUrl: null,
  tags: [],
  timestamp: at + 2,
  parentId: null,
  parents: ['lease'],
  generation: 0,
  createdAt: at,
  at: at + 2,
});
const moved = recorded('TableParentsChanged', { ...ids, tableId: 'lease', parentId: 'legal', parents: ['lease', 'legal'], at: at + 3 });
const rows = recorded('TableRowsUpserted', { ...ids, tableId: 'lease', generation: 0, firstOrdinal: 0, rows: [], schema: [], at: at + 4 });
const documentGone = recorded('DocumentDeleted', { ...ids, documentId: 'lease', at: at + 5 });
const folderGone = recorded('FolderDeleted', { ...ids, folderId: 'legal', at: at + 6 });

describe('content node projection', () => {
  it('keeps documents, tables and folders by kind and id, with their metadata only', () => {
    const nodes = project(contentNodeProjection, [folder, document, table, moved, rows]);
    expect([...nodes.keys()].sort()).toEqual(['dts_one:document:lease', 'dts_one:folder:legal', 'dts_one:table:lease']);
    expect(nodes.get('dts_one:document:lease')).toEqual({
      workspaceId: 'W0rkspace1',
      dataSourceId: 'dts_one',
      nodeId: 'lease',
      nodeType: 'document',
      title: 'Lease',
      mimeType: 'text/plain',
      sourceUrl: 'https://example.com/lease',
      providerVisibility: null,
      parentId: 'legal',
      parents: ['lease', 'legal'],
      timestamp: at + 1,
      updatedAt: at + 1,
    });
    expect(nodes.get('dts_one:table:lease')).toMatchObject({ nodeType: 'table', title: 'Leases', parentId: 'legal', parents: ['lease', 'legal'], updatedAt: at + 3 });
    expect(nodes.get('dts_one:folder:legal')).toMatchObject({ nodeType: 'folder', title: 'Legal', providerVisibility: 'private' });
  });

  it('drops deleted nodes, and ignores a parents change of a node it does not hold', () => {
    const nodes = project(contentNodeProjection, [folder, document, documentGone, folderGone, moved]);
    expect(nodes.size).toBe(0);
  });

  it('is idempotent: each event applied again changes nothing', () => {
    const events = [folder, document, table, moved, rows, documentGone, folderGone];
    for (let end = 1; end <= events.length; end += 1) {
      const once = project(contentNodeProjection, events.slice(0, end));
      expect(project(contentNodeProjection, [events[end - 1]!], once)).toEqual(once);
    }
  });
});
