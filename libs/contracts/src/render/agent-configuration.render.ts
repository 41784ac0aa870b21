import type { AgentAuthor, AgentConfigurationSnapshot } from '../events/agent-configuration.events';
import type { AgentActionConfiguration, AgentConfigurationFull } from '../http/agent-configuration.types';
import type { LightAgentConfiguration } from '../http/conversation-message.types';
import type {
  AgentConfigurationDocument,
  AgentConfigurationVersionDocument,
} from '../read-models/agent-configuration.read-models';

/** Prefix of a toolset entry that hands over to another agent. */
export const RUN_AGENT_TOOL_PREFIX = 'run_agent:';

/** One version of a workspace agent, ready to render. */
export interface AgentVersionView {
  readonly id: number;
  readonly sId: string;
  readonly version: number;
  readonly at: number;
  readonly author: AgentAuthor | null;
  readonly configuration: AgentConfigurationSnapshot;
  readonly status: string;
}

/** What depends on who looks. */
export interface AgentViewerFlags {
  readonly userFavorite: boolean;
  readonly canEdit: boolean;
}

/** The current version of an agent document. */
export function currentVersionView(doc: AgentConfigurationDocument): AgentVersionView {
  return {
    id: doc.id,
    sId: doc.sId,
    version: doc.version,
    at: doc.versionCreatedAt,
    author: doc.versionAuthor,
    configuration: doc.configuration,
    status: doc.status,
  };
}

/** A stored version; versions older than the current one read as `archived`, as in the real service. */
export function storedVersionView(version: AgentConfigurationVersionDocument, current: AgentConfigurationDocument): AgentVersionView {
  return {
    id: version.id,
    sId: version.sId,
    version: version.version,
    at: version.at,
    author: version.author,
    configuration: version.configuration,
    status: version.version === current.version ? current.status : 'archived',
  };
}

/** Light configuration (service-spec 2.13) of a workspace agent version. */
export function renderLightAgentConfiguration(view: AgentVersionView, flags: AgentViewerFlags): LightAgentConfiguration {
  const c = view.configuration;
  return {
    id: view.id,
    sId: view.sId,
    version: view.version,
    versionCreatedAt: new Date(view.at).toISOString(),
    versionAuthorId: view.author?.id ?? null,
    name: c.name,
    description: c.description,
    instructions: c.instructions,
    pictureUrl: c.pictureUrl,
    status: view.status,
    scope: c.scope,
    userFavorite: flags.userFavorite,
    model: { ...c.model },
    maxStepsPerRun: c.maxStepsPerRun,
    tags: c.tags.map((tag) => ({ ...tag })),
    templateId: c.templateId,
    requestedGroupIds: [],
    requestedSpaceIds: [...c.requestedSpaceIds],
    canRead: true,
    canEdit: flags.canEdit,
    visualizationEnabled: false,
  };
}

/** Full variant: the light shape plus the tools. */
export function renderFullAgentConfiguration(light: LightAgentConfiguration, toolset: readonly string[]): AgentConfigurationFull {
  return { ...light, actions: toolset.map((toolId, index) => renderAction(toolId, index)), toolset: [...toolset], skills: [] };
}

function renderAction(toolId: string, index: number): AgentActionConfiguration {
  const childAgentId = toolId.startsWith(RUN_AGENT_TOOL_PREFIX) ? toolId.slice(RUN_AGENT_TOOL_PREFIX.length) : null;
  return {
    id: index + 1,
    sId: toolId,
    type: 'mcp_server_configuration',
    name: childAgentId === null ? toolId : 'run_agent',
    description: null,
    mcpServerViewId: toolId,
    childAgentId,
  };
}
