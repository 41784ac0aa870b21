import { useEffect, useMemo, useState } from 'react';
import { useApi } from '../api';
import { AgentResourcesApi } from '../api/agent-resources';
import { errorMessage } from '../ui/error-message';
import { dataSourceViewToolId, tableToolId } from './agent-tool-choices';
import type { PendingRead } from './read-pending';

/** A data source view the agent may search. */
export interface KnowledgeChoice {
  readonly toolId: string;
  readonly name: string;
  readonly spaceName: string;
}

/** A table the agent may query. */
export interface TableChoice {
  readonly toolId: string;
  readonly name: string;
  readonly dataSourceName: string;
}

/** An MCP server view the agent may use, with the server's tools (their stakes are set by server id and tool name). */
export interface ServerChoice {
  readonly toolId: string;
  readonly serverId: string;
  readonly name: string;
  readonly spaceName: string;
  readonly tools: readonly { readonly name: string; readonly description: string }[];
}

/** An active skill the agent may carry. */
export interface SkillChoice {
  readonly sId: string;
  readonly name: string;
  readonly description: string;
}

export interface AgentResourceChoices {
  readonly skills: readonly SkillChoice[];
  readonly knowledge: readonly KnowledgeChoice[];
  readonly tables: readonly TableChoice[];
  readonly servers: readonly ServerChoice[];
}

export type AgentResources = PendingRead | ({ readonly status: 'ready' } & AgentResourceChoices);

/** The agent resources api over the page's client. */
export function useAgentResourcesApi(): AgentResourcesApi {
  const { client } = useApi();
  return useMemo(() => new AgentResourcesApi(client), [client]);
}

/**
 * What the editor may give an agent, among what the signed-in builder can read: the data source
 * views of every space, the tables of their data sources (each data source once), and the MCP
 * server views of every space, and the active skills.
 */
export function useAgentResources(wId: string): AgentResources {
  const api = useAgentResourcesApi();
  const { skills: skillsApi } = useApi();
  const [state, setState] = useState<AgentResources>({ status: 'loading' });
  useEffect(() => {
    const controller = new AbortController();
    const options = { signal: controller.signal };
    async function load(): Promise<AgentResourceChoices> {
      const [{ spaces }, { data_source_views: views }, { skillConfigurations }] = await Promise.all([
        api.spaces(wId, options),
        api.dataSourceViews(wId, options),
        skillsApi.list(wId, 'active', options),
      ]);
      const spaceName = new Map(spaces.map((space) => [space.sId, space.name]));
      const sources = [...new Map(views.map((view) => [view.dataSource.sId, view])).values()];
      const [tableLists, serverLists] = await Promise.all([
        Promise.all(sources.map((view) => api.tables(wId, view.spaceId, view.dataSource.sId, options))),
        // The conversations space holds no tools (the api answers it as no space at all).
        Promise.all(spaces.filter((space) => space.kind !== 'conversations').map((space) => api.mcpServerViews(wId, space.sId, options))),
      ]);
      return {
        skills: skillConfigurations.map((skill) => ({ sId: skill.sId, name: skill.name, description: skill.userFacingDescription || skill.agentFacingDescription })),
        knowledge: views.map((view) => ({ toolId: dataSourceViewToolId(view.sId), name: view.dataSource.name, spaceName: spaceName.get(view.spaceId) ?? view.spaceId })),
        tables: sources.flatMap((view, index) =>
          (tableLists[index]?.tables ?? []).map((table) => ({ toolId: tableToolId(view.dataSource.sId, table.table_id), name: table.title || table.name, dataSourceName: view.dataSource.name })),
        ),
        servers: serverLists.flatMap(({ serverViews }) =>
          serverViews.map((view) => ({
            toolId: view.sId,
            serverId: view.server.sId,
            name: view.name ?? view.server.name,
            spaceName: spaceName.get(view.spaceId) ?? view.spaceId,
            tools: view.server.tools.map((tool) => ({ name: tool.name, description: tool.description })),
          })),
        ),
      };
    }
    load().then(
      (choices) => setState({ status: 'ready', ...choices }),
      (error: unknown) => {
        if (!controller.signal.aborted) setState({ status: 'failed', message: errorMessage(error) });
      },
    );
    return () => controller.abort();
  }, [api, skillsApi, wId]);
  return state;
}
