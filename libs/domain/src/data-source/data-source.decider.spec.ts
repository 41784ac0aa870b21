import type { DataSourceEvent } from '@app/contracts/events/data-source/data-source.events';
import { deciderSpec } from '../../test/decider-spec.helper';
import type { DataSourceCommand } from './data-source.commands';
import { dataSourceCatalogDecider, patchedParents } from './data-source.decider';

const now = 1_700_000_000_000;
const spec = deciderSpec(dataSourceCatalogDecider('W0rkspace1'));
const create: DataSourceCommand = {
  type: 'CreateDataSource',
  spaceId: 'vlt_space',
  dataSourceId: 'dts_one',
  dataSourceViewId: 'dsv_one',
  name: ' Handbook ',
  description: null,
  createdBy: 'Us3r000001',
  now,
};
const created: DataSourceEvent = {
  type: 'DataSourceCreated',
  data: {
    workspaceId: 'W0rkspace1',
    spaceId: 'vlt_space',
    dataSourceId: 'dts_one',
    dataSourceViewId: 'dsv_one',
    name: 'Handbook',
    description: null,
    createdBy: 'Us3r000001',
    at: now,
  },
};

describe('data source catalog decider', () => {
  it('creates a data source with its default view, once', () => {
    spec.given([]).when(create).then([created]);
    spec.given([created]).when(create).thenNothing();
  });

  it('refuses a second data source of the same name in the workspace', () => {
    spec.given([created]).when({ ...create, dataSourceId: 'dts_two', dataSourceViewId: 'dsv_two', name: 'Handbook' }).thenThrows('invalid_request_error', 'Handbook');
  });

  it('patches a view and records nothing when its filter does not change', () => {
    const patch = (p: { parentsIn: string[] } | { parentsToAdd?: string[]; parentsToRemove?: string[] }): Extract<DataSourceCommand, { type: 'PatchDataSourceView' }> => ({
      type: 'PatchDataSourceView',
      dataSourceViewId: 'dsv_one',
      patch: p,
      now,
    });
    const changed: DataSourceEvent = {
      type: 'DataSourceViewParentsChanged',
      data: { workspaceId: 'W0rkspace1', dataSourceId: 'dts_one', dataSourceViewId: 'dsv_one', parentsIn: ['a'], at: now },
    };
    spec.given([created]).when(patch({ parentsToAdd: ['a'] })).then([changed]);
    spec.given([created, changed]).when(patch({ parentsIn: ['a'] })).thenNothing();
    spec.given([created]).when(patch({ parentsToRemove: ['a'] })).thenNothing();
    spec.given([created]).when({ ...patch({ parentsIn: [] }), dataSourceViewId: 'dsv_missing' }).thenThrows('data_source_view_not_found');
  });

  it('deletes a data source with its views; its view and itself are then unknown', () => {
    const deleted: DataSourceEvent = {
      type: 'DataSourceDeleted',
      data: { workspaceId: 'W0rkspace1', spaceId: 'vlt_space', dataSourceId: 'dts_one', dataSourceViewIds: ['dsv_one'], at: now },
    };
    spec.given([created]).when({ type: 'DeleteDataSource', dataSourceId: 'dts_one', now }).then([deleted]);
    spec.given([created, deleted]).when({ type: 'DeleteDataSource', dataSourceId: 'dts_one', now }).thenThrows('data_source_not_found');
    spec.given([created, deleted]).when({ type: 'PatchDataSourceView', dataSourceViewId: 'dsv_one', patch: { parentsIn: [] }, now }).thenThrows('data_source_view_not_found');
    // The name is free again.
    spec.given([created, deleted]).when({ ...create, dataSourceId: 'dts_two', dataSourceViewId: 'dsv_two' }).events();
  });
});

describe('patchedParents', () => {
  it('replaces, adds without duplicates, removes, and keeps a whole-data-source view whole', () => {
    expect(patchedParents(['a'], { parentsIn: ['b', 'b'] })).toEqual(['b']);
    expect(patchedParents(['a'], { parentsToAdd: ['a', 'c'], parentsToRemove: [] })).toEqual(['a', 'c']);
    expect(patchedParents(['a', 'b'], { parentsToRemove: ['a'] })).toEqual(['b']);
    expect(patchedParents(null, { parentsToRemove: ['a'] })).toBeNull();
    expect(patchedParents(null, { parentsToAdd: ['x'] })).toEqual(['x']);
    expect(patchedParents(['a'], { parentsToRemove: ['a'] })).toEqual([]);
  });
});
