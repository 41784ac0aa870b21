import type { DataSourceFolderEvent } from '@app/contracts/events/data-source/data-source-folder.events';
import type { RecordedEvent } from '@app/storage';
import { project } from '../../test/conversation-recorded.fixtures';
import { recordedOn } from '../../test/recorded-event.fixtures';
import { dataSourceFolderProjection } from './data-source-folder.projection';

const at = 1_700_000_000_000;

function recorded(event: DataSourceFolderEvent, position: number): RecordedEvent {
  return recordedOn('data-source-folder-dts_one-abc', event, position, at);
}

const address = { workspaceId: 'W0rkspace1', spaceId: 'vlt_s', dataSourceId: 'dts_one', folderId: 'f1' };
const content = { title: 'Contracts', mimeType: 'application/vnd.dust.folder', sourceUrl: null, providerVisibility: null, timestamp: at, parentId: null, parents: ['f1'] };
const upserted = recorded({ type: 'FolderUpserted', data: { ...address, ...content, createdAt: at, at } }, 3);
const moved = recorded({ type: 'FolderUpserted', data: { ...address, ...content, parentId: 'root', parents: ['f1', 'root'], createdAt: at, at: at + 5 } }, 4);
const deleted = recorded({ type: 'FolderDeleted', data: { ...address, at: at + 9 } }, 5);

describe('data source folder projection', () => {
  it('keeps the last upsert of a folder, by data source and folder id', () => {
    expect(project(dataSourceFolderProjection, [upserted, moved]).get('dts_one:f1')).toEqual({
      workspaceId: 'W0rkspace1',
      dataSourceId: 'dts_one',
      folderId: 'f1',
      ...content,
      parentId: 'root',
      parents: ['f1', 'root'],
      createdAt: at,
      updatedAt: at + 5,
    });
  });

  it('drops a deleted folder', () => {
    expect(project(dataSourceFolderProjection, [upserted, deleted]).size).toBe(0);
  });

  it('is idempotent: the same event again changes nothing', () => {
    const once = project(dataSourceFolderProjection, [upserted, moved]);
    expect(project(dataSourceFolderProjection, [moved], once)).toEqual(once);
    const gone = project(dataSourceFolderProjection, [upserted, deleted]);
    expect(project(dataSourceFolderProjection, [deleted], gone)).toEqual(gone);
  });
});
