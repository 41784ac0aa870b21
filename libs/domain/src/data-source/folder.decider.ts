import type { DataSourceFolderEvent, FolderContent } from '@app/contracts/events/data-source/data-source-folder.events';
import { assertNever } from '@app/contracts/assert-never';
import type { Aggregate, Decider } from '../shared/decider';
import type { FolderCommand, UpsertFolder } from './folder.commands';
import { toFolderStreamName } from './folder.stream';

export type FolderState =
  | { readonly status: 'absent' }
  | { readonly status: 'live'; readonly createdAt: number; readonly content: FolderContent };

function decide(command: FolderCommand, state: FolderState): DataSourceFolderEvent[] {
  const { address, now: at } = command;
  switch (command.type) {
    case 'UpsertFolder': {
      if (state.status === 'live' && unchanged(state.content, command)) return [];
      const createdAt = state.status === 'live' ? state.createdAt : at;
      return [{ type: 'FolderUpserted', data: { ...address, ...command.content, createdAt, at } }];
    }
    case 'DeleteFolder':
      if (state.status === 'absent') return [];
      return [{ type: 'FolderDeleted', data: { ...address, at } }];
    default:
      return assertNever(command);
  }
}

/** An upsert of the same metadata is a no-op (the timestamp counts only when given). */
function unchanged(current: FolderContent, command: UpsertFolder): boolean {
  const next = command.content;
  if (command.timestampGiven && current.timestamp !== next.timestamp) return false;
  const metadata = (content: FolderContent) =>
    JSON.stringify([content.title, content.mimeType, content.sourceUrl, content.providerVisibility, content.parentId, content.parents]);
  return metadata(current) === metadata(next);
}

function evolve(_state: FolderState, event: DataSourceFolderEvent): FolderState {
  switch (event.type) {
    case 'FolderUpserted': {
      const { workspaceId: _w, spaceId: _s, dataSourceId: _d, folderId: _i, createdAt, at: _at, ...content } = event.data;
      return { status: 'live', createdAt, content };
    }
    case 'FolderDeleted':
      return { status: 'absent' };
    default:
      return assertNever(event);
  }
}

/** One folder of a data source: upserts (no-op when nothing changed) and deletion. */
export const folderDecider: Decider<FolderCommand, DataSourceFolderEvent, FolderState> = {
  decide,
  evolve,
  initialState: () => ({ status: 'absent' }),
};

/** A folder, by `{dataSourceId, folderId}` encoded as the executor's string id. */
export const folderAggregate: Aggregate<FolderCommand, DataSourceFolderEvent, FolderState> = {
  decider: folderDecider,
  streamName: (id) => toFolderStreamName(JSON.parse(id) as { dataSourceId: string; folderId: string }),
};

/** The executor id of a folder. */
export function folderAggregateId(dataSourceId: string, folderId: string): string {
  return JSON.stringify({ dataSourceId, folderId });
}
