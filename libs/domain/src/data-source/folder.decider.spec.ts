import type { DataSourceFolderEvent, FolderContent } from '@app/contracts/events/data-source/data-source-folder.events';
import { deciderSpec } from '../../test/decider-spec.helper';
import type { FolderCommand } from './folder.commands';
import { folderDecider } from './folder.decider';
import { toFolderStreamName } from './folder.stream';

const now = 1_700_000_000_000;
const address = { workspaceId: 'W0rkspace1', spaceId: 'vlt_space', dataSourceId: 'dts_one', folderId: 'folder/1' };
const content: FolderContent = {
  title: 'Contracts',
  mimeType: 'application/vnd.dust.folder',
  sourceUrl: null,
  providerVisibility: null,
  timestamp: now,
  parentId: null,
  parents: ['folder/1'],
};
const upsert = (changes: Partial<FolderContent> = {}, timestampGiven = false, at = now): FolderCommand => ({
  type: 'UpsertFolder',
  address,
  content: { ...content, ...changes },
  timestampGiven,
  now: at,
});
const upserted: DataSourceFolderEvent = { type: 'FolderUpserted', data: { ...address, ...content, createdAt: now, at: now } };
const spec = deciderSpec(folderDecider);

describe('folder decider', () => {
  it('records an upsert with the whole folder, and keeps the creation time across upserts', () => {
    spec.given([]).when(upsert()).then([upserted]);
    const later = spec.given([upserted]).when(upsert({ title: 'Renamed' }, false, now + 5)).events();
    expect(later).toEqual([{ type: 'FolderUpserted', data: { ...address, ...content, title: 'Renamed', createdAt: now, at: now + 5 } }]);
  });

  it('an identical upsert is a no-op; the upsert time alone is no change, a given timestamp is', () => {
    spec.given([upserted]).when(upsert({ timestamp: now + 1000 }, false)).thenNothing();
    spec.given([upserted]).when(upsert({ timestamp: now }, true)).thenNothing();
    expect(spec.given([upserted]).when(upsert({ timestamp: now + 1000 }, true)).events()).toHaveLength(1);
    expect(spec.given([upserted]).when(upsert({ parentId: 'p', parents: ['folder/1', 'p'] })).events()).toHaveLength(1);
    expect(spec.given([upserted]).when(upsert({ providerVisibility: 'private' })).events()).toHaveLength(1);
  });

  it('deletes a live folder once; an upsert after it creates it anew', () => {
    const deleted: DataSourceFolderEvent = { type: 'FolderDeleted', data: { ...address, at: now } };
    spec.given([upserted]).when({ type: 'DeleteFolder', address, now }).then([deleted]);
    spec.given([upserted, deleted]).when({ type: 'DeleteFolder', address, now }).thenNothing();
    spec.given([]).when({ type: 'DeleteFolder', address, now }).thenNothing();
    spec.given([upserted, deleted]).when(upsert()).then([upserted]);
  });

  it('names the stream by the data source and a hash of the folder id', () => {
    const name = toFolderStreamName(address);
    expect(name).toMatch(/^data-source-folder-dts_one-[0-9a-f]{40}$/);
    expect(toFolderStreamName({ ...address, folderId: 'other' })).not.toBe(name);
  });
});
