import type { DataSourceDocumentEvent } from '@app/contracts/events/data-source/data-source-document.events';
import type { DataSourceEvent } from '@app/contracts/events/data-source/data-source.events';
import { CURRENT_SCHEMA_VERSION } from '@app/contracts/events/upcast';
import type { RecordedEvent } from '@app/storage';
import { project } from '../../test/conversation-recorded.fixtures';
import { dataSourceDocumentProjection } from './data-source-document.projection';
import { dataSourceViewProjection } from './data-source-view.projection';
import { dataSourceProjection } from './data-source.projection';

const at = 1_700_000_000_000;

function recorded(event: DataSourceEvent | DataSourceDocumentEvent, position: number): RecordedEvent {
  return {
    id: `00000000-0000-4000-8000-${String(position).padStart(12, '0')}`,
    streamName: 'data-sources-W0rkspace1',
    revision: position,
    position,
    type: event.type,
    data: event.data as unknown as RecordedEvent['data'],
    metadata: { schemaVersion: CURRENT_SCHEMA_VERSION },
    recordedAt: at,
  };
}

const ids = { workspaceId: 'W0rkspace1', dataSourceId: 'dts_one' };
const created = recorded(
  { type: 'DataSourceCreated', data: { ...ids, spaceId: 'vlt_s', dataSourceViewId: 'dsv_one', name: 'Handbook', description: 'd', createdBy: null, at } },
  7,
);
const patched = recorded({ type: 'DataSourceViewParentsChanged', data: { ...ids, dataSourceViewId: 'dsv_one', parentsIn: ['a'], at: at + 1 } }, 8);
const deleted = recorded({ type: 'DataSourceDeleted', data: { ...ids, spaceId: 'vlt_s', dataSourceViewIds: ['dsv_one'], at: at + 2 } }, 9);

describe('data source projections', () => {
  it('keeps a data source with the position of its creation as id, and drops it on deletion', () => {
    expect(project(dataSourceProjection, [created, patched]).get('dts_one')).toEqual({
      id: 7,
      sId: 'dts_one',
      workspaceId: 'W0rkspace1',
      spaceId: 'vlt_s',
      name: 'Handbook',
      description: 'd',
      createdBy: null,
      createdAt: at,
    });
    expect(project(dataSourceProjection, [created, patched, deleted]).size).toBe(0);
  });

  it('keeps the default view with its parent filter, and drops it with its data source', () => {
    expect(project(dataSourceViewProjection, [created, patched]).get('dsv_one')).toEqual({
      id: 7,
      sId: 'dsv_one',
      workspaceId: 'W0rkspace1',
      spaceId: 'vlt_s',
      dataSourceId: 'dts_one',
      kind: 'default',
      parentsIn: ['a'],
      createdAt: at,
      updatedAt: at + 1,
    });
    expect(project(dataSourceViewProjection, [created, patched, deleted]).size).toBe(0);
  });
});

describe('data source document projection', () => {
  const address = { ...ids, spaceId: 'vlt_s', documentId: 'doc-1' };
  const section = { prefix: 'P:', content: 'body', sections: [{ prefix: null, content: ' child', sections: [] }] };
  const upserted = recorded(
    {
      type: 'DocumentUpserted',
      data: {
        ...address,
        title: 'T',
        mimeType: 'text/plain',
        sourceUrl: null,
        tags: ['title:T'],
        timestamp: 5,
        parentId: null,
        parents: ['doc-1'],
        section,
        hash: 'h',
        textSize: 12,
        tokenCount: 3,
        tokenizer: 'o200k_base',
        createdAt: at,
        at: at + 3,
      },
    },
    10,
  );

  it('keeps the document with the text of its sections, keyed by data source and document id', () => {
    const doc = project(dataSourceDocumentProjection, [upserted]).get('dts_one:doc-1');
    expect(doc).toMatchObject({ documentId: 'doc-1', dataSourceId: 'dts_one', text: 'P:body child', section, createdAt: at, updatedAt: at + 3, tokenCount: 3 });
    expect(doc).not.toHaveProperty('tokenizer');
  });

  it('changes parents, and drops a deleted document', () => {
    const moved = recorded({ type: 'DocumentParentsChanged', data: { ...address, parentId: 'p', parents: ['doc-1', 'p'], at: at + 4 } }, 11);
    expect(project(dataSourceDocumentProjection, [upserted, moved]).get('dts_one:doc-1')).toMatchObject({ parentId: 'p', parents: ['doc-1', 'p'], updatedAt: at + 4 });
    const gone = recorded({ type: 'DocumentDeleted', data: { ...address, at: at + 5 } }, 12);
    expect(project(dataSourceDocumentProjection, [upserted, gone]).size).toBe(0);
    expect(project(dataSourceDocumentProjection, [moved]).size).toBe(0);
  });
});
