import type { DataSourceEvent } from '@app/contracts/events/data-source/data-source.events';
import { assertNever } from '@app/contracts/assert-never';
import type { Aggregate, Decider } from '../shared/decider';
import { DomainError } from '../shared/domain-error';
import type { DataSourceCommand, PatchDataSourceView } from './data-source.commands';
import type { DataSourceCatalogState } from './data-source.state';
import { toDataSourceCatalogStreamName } from './data-source.stream';

/** The data source catalog of one workspace; the command's workspace comes with the stream id. */
function decideFor(workspaceId: string) {
  return (command: DataSourceCommand, state: DataSourceCatalogState): DataSourceEvent[] => {
    switch (command.type) {
      case 'CreateDataSource': {
        if (state.dataSources.has(command.dataSourceId)) return [];
        const name = command.name.trim();
        for (const existing of state.dataSources.values()) {
          if (existing.name === name) throw new DomainError('invalid_request_error', `A data source named "${name}" already exists in this workspace.`);
        }
        return [
          {
            type: 'DataSourceCreated',
            data: {
              workspaceId,
              spaceId: command.spaceId,
              dataSourceId: command.dataSourceId,
              dataSourceViewId: command.dataSourceViewId,
              name,
              description: command.description,
              createdBy: command.createdBy,
              at: command.now,
            },
          },
        ];
      }
      case 'PatchDataSourceView': {
        const view = state.views.get(command.dataSourceViewId);
        if (!view) throw new DomainError('data_source_view_not_found', 'The data source view was not found.');
        const parentsIn = patchedParents(view.parentsIn, command.patch);
        if (JSON.stringify(parentsIn) === JSON.stringify(view.parentsIn)) return [];
        return [
          {
            type: 'DataSourceViewParentsChanged',
            data: { workspaceId, dataSourceId: view.dataSourceId, dataSourceViewId: command.dataSourceViewId, parentsIn, at: command.now },
          },
        ];
      }
      case 'DeleteDataSource': {
        const dataSource = state.dataSources.get(command.dataSourceId);
        if (!dataSource) throw new DomainError('data_source_not_found', 'The data source was not found.');
        return [
          {
            type: 'DataSourceDeleted',
            data: {
              workspaceId,
              spaceId: dataSource.spaceId,
              dataSourceId: command.dataSourceId,
              dataSourceViewIds: [...dataSource.viewIds],
              at: command.now,
            },
          },
        ];
      }
      default:
        return assertNever(command);
    }
  };
}

/**
 * `{parentsIn}` replaces the filter; `{parentsToAdd, parentsToRemove}` edits it (adding to a view
 * of the whole data source starts a filter; removing the last parent leaves an empty one).
 */
export function patchedParents(current: readonly string[] | null, patch: PatchDataSourceView['patch']): string[] | null {
  if ('parentsIn' in patch) return [...new Set(patch.parentsIn)];
  const { parentsToAdd = [], parentsToRemove = [] } = patch;
  if (current === null && parentsToAdd.length === 0) return null;
  const removed = new Set(parentsToRemove);
  return [...new Set([...(current ?? []), ...parentsToAdd])].filter((parent) => !removed.has(parent));
}

function evolve(state: DataSourceCatalogState, event: DataSourceEvent): DataSourceCatalogState {
  switch (event.type) {
    case 'DataSourceCreated': {
      const { dataSourceId, dataSourceViewId, name, spaceId } = event.data;
      return {
        workspaceId: event.data.workspaceId,
        dataSources: new Map(state.dataSources).set(dataSourceId, { name, spaceId, viewIds: [dataSourceViewId] }),
        views: new Map(state.views).set(dataSourceViewId, { dataSourceId, parentsIn: null }),
      };
    }
    case 'DataSourceViewParentsChanged': {
      const view = state.views.get(event.data.dataSourceViewId);
      if (!view) return state;
      return { ...state, views: new Map(state.views).set(event.data.dataSourceViewId, { ...view, parentsIn: event.data.parentsIn }) };
    }
    case 'DataSourceDeleted': {
      const dataSources = new Map(state.dataSources);
      dataSources.delete(event.data.dataSourceId);
      const views = new Map(state.views);
      for (const viewId of event.data.dataSourceViewIds) views.delete(viewId);
      return { ...state, dataSources, views };
    }
    default:
      return assertNever(event);
  }
}

const initialState = (): DataSourceCatalogState => ({ workspaceId: null, dataSources: new Map(), views: new Map() });

/** The decider of one workspace's catalog. */
export function dataSourceCatalogDecider(workspaceId: string): Decider<DataSourceCommand, DataSourceEvent, DataSourceCatalogState> {
  return { decide: decideFor(workspaceId), evolve, initialState };
}

/**
 * The catalog aggregate, by workspace sId. The decider needs the workspace for the events it writes,
 * so the aggregate is built per workspace (cheap: three closures).
 */
export function dataSourceCatalogAggregate(workspaceId: string): Aggregate<DataSourceCommand, DataSourceEvent, DataSourceCatalogState> {
  return { decider: dataSourceCatalogDecider(workspaceId), streamName: toDataSourceCatalogStreamName };
}
