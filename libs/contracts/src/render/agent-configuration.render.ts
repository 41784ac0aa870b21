import type { AgentAuthor, AgentConfigurationSnapshot } from '../events/agent-configuration.events';
import type { AgentSnapshot } from '../events/conversation/agent-message-event-values';
import type { ToolStakeSettings } from '../events/tool-approval.events';
import type { AgentActionConfiguration, AgentConfigurationFull } from '../http/agent-configuration.types';
import type { LightAgentConfiguration } from '../http/conversation-message.types';
import type {
  AgentConfigurationDocument,
  AgentConfigurationDocumentStatus,
  AgentConfigurationVersionDocument,
} from '../read-models/agent-configuration.read-models';

/** Prefix of a toolset entry that hands over to another agent. */
export const RUN_AGENT_TOOL_PREFIX = 'run_agent:';
/** Toolset entry of a data source view the agent searches (`data_source_view:<dsvId>`). */
export const DATA_SOURCE_VIEW_TOOL_PREFIX = 'data_source_view:';

/** The view sId a toolset entry names (`data_source_view:<dsvId>`), or null for another tool. */
export function dataSourceViewIdOf(toolId: string): string | null {
  return toolId.startsWith(DATA_SOURCE_VIEW_TOOL_PREFIX) ? toolId.slice(DATA_SOURCE_VIEW_TOOL_PREFIX.length) : null;
}

/** One version of a workspace agent, ready to render. */
export interface AgentVersionView {
  readonly id: number;
  readonly sId: string;
  readonly version: number;
  readonly at: number;
  readonly author: AgentAuthor | null;
  readonly configuration: AgentConfigurationSnapshot;
  readonly status: AgentConfigurationDocumentStatus;
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

/** What an agent message's `configuration` shows: the neutral viewer the snapshot was taken for. */
export const MESSAGE_AGENT_FLAGS: AgentViewerFlags = { userFavorite: false, canEdit: false };

/** A workspace agent version as a message records it when the agent is mentioned. */
export function agentSnapshotOfVersion(view: AgentVersionView): AgentSnapshot {
  const c = view.configuration;
  return {
    id: view.id,
    sId: view.sId,
    version: view.version,
    versionCreatedAt: view.at,
    versionAuthorId: view.author?.id ?? null,
    name: c.name,
    description: c.description,
    instructions: c.instructions,
    pictureUrl: c.pictureUrl,
    status: view.status,
    scope: c.scope,
    model: { ...c.model },
    maxStepsPerRun: c.maxStepsPerRun,
    tags: c.tags.map((tag) => ({ ...tag })),
    templateId: c.templateId,
    requestedSpaceIds: [...c.requestedSpaceIds],
    ...(c.toolStakes ? { toolStakes: c.toolStakes } : {}),
    toolset: [...c.toolset],
  };
}

/** Light configuration (service-spec 2.13) of an agent snapshot, for one viewer. */
export function renderAgentSnapshot(agent: AgentSnapshot, flags: AgentViewerFlags): LightAgentConfiguration {
  return {
    id: agent.id,
    sId: agent.sId,
    version: agent.version,
    versionCreatedAt: agent.versionCreatedAt === null ? null : new Date(agent.versionCreatedAt).toISOString(),
    versionAuthorId: agent.versionAuthorId,
    name: agent.name,
    description: agent.description,
    instructions: agent.instructions,
    pictureUrl: agent.pictureUrl,
    status: agent.status,
    scope: agent.scope,
    userFavorite: flags.userFavorite,
    model: { ...agent.model },
    maxStepsPerRun: agent.maxStepsPerRun,
    tags: agent.tags.map((tag) => ({ ...tag })),
    templateId: agent.templateId,
    requestedGroupIds: [],
    requestedSpaceIds: [...agent.requestedSpaceIds],
    canRead: true,
    canEdit: flags.canEdit,
    visualizationEnabled: false,
  };
}

/** Light configuration (service-spec 2.13) of a workspace agent version. */
export function renderLightAgentConfiguration(view: AgentVersionView, flags: AgentViewerFlags): LightAgentConfiguration {
  return renderAgentSnapshot(agentSnapshotOfVersion(view), flags);
}

/** The tools of a version as the full variant shows them: the toolset, and the stakes when set. */
export interface AgentTools {
  readonly toolset: readonly string[];
  readonly toolStakes?: ToolStakeSettings;
  readonly skillIds?: readonly string[];
}

/**
 * Full variant: the light shape plus the tools and their stakes, so that a version saved from
 * what this answers keeps every field the version had.
 */
export function renderFullAgentConfiguration(light: LightAgentConfiguration, tools: AgentTools): AgentConfigurationFull {
  const { toolset, toolStakes, skillIds } = tools;
  return {
    ...light,
    actions: toolset.map((toolId, index) => renderAction(toolId, index)),
    toolset: [...toolset],
    ...(toolStakes ? { toolStakes: { ...(toolStakes.servers ? { servers: { ...toolStakes.servers } } : {}), ...(toolStakes.tools ? { tools: { ...toolStakes.tools } } : {}) } } : {}),
    skills: (skillIds ?? []).map((sId) => ({ sId })),
  };
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
