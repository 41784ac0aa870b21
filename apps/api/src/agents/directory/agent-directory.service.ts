import type { AgentSnapshot } from '@app/contracts/events/conversation/agent-message-event-values';
import type { AgentListView } from '@app/contracts/http/agent-configuration.types';
import type { LightAgentConfiguration } from '@app/contracts/http/conversation.types';
import type { AgentConfigurationDocument, AgentFavoritesDocument } from '@app/contracts/read-models/agent-configuration.read-models';
import type { WorkspaceDocument } from '@app/contracts/read-models/workspace.read-models';
import type { DataSourceViewDocument } from '@app/contracts/read-models/data-source.read-models';
import {
  agentSnapshotOfVersion,
  currentVersionView,
  dataSourceViewIdOf,
  renderAgentSnapshot,
} from '@app/contracts/render/agent-configuration.render';
import { canEditAgent, canReadAgent, type AgentViewer } from '@app/domain/agent-configuration/agent-access.policy';
import { isModelAuthorized } from '@app/domain/models/model-selection.policy';
import { Inject, Injectable } from '@nestjs/common';
import { API_CONFIG, type ApiConfig } from '../../config/api-config';
import { ReadModels } from '../../event-sourcing/reading/read-models';
import { authorizeView, sortAgents, workspaceAgentQuery } from './agent-views';
import { buildGlobalAgents, DEFAULT_AGENT_ID } from './global-agents';

/** A viewer that sees what every member sees: published agents and global ones. */
export const MEMBER_VIEWER: AgentViewer = { role: 'user', userId: null };

/** An agent as the directory finds it: built in, or a workspace agent with its read model. */
export type DirectoryAgent =
  | { readonly kind: 'global'; readonly light: LightAgentConfiguration }
  | { readonly kind: 'workspace'; readonly light: LightAgentConfiguration; readonly doc: AgentConfigurationDocument };

/**
 * Finds the agent configurations of a workspace: the built-in global agents of the enabled
 * providers, then the workspace's own agents (the `agent_configurations` read model). Listed
 * configurations are rendered for a viewer (`userFavorite`, `canEdit`); an agent resolved for a
 * mention is the snapshot a message records.
 */
@Injectable()
export class AgentDirectory {
  private readonly globalAgents: readonly AgentSnapshot[];

  constructor(
    @Inject(API_CONFIG) private readonly config: ApiConfig,
    private readonly readModels: ReadModels,
  ) {
    this.globalAgents = buildGlobalAgents(config.modelCatalog, config.publicUrl);
  }

  /** Global agents of this deployment (as built, whatever the workspace policy). */
  listGlobal(): readonly AgentSnapshot[] {
    return this.globalAgents;
  }

  /** Model of the default `dust` agent: the model generic agents get. */
  defaultModel(): { readonly providerId: string; readonly modelId: string } {
    const dust = this.globalAgents.find((agent) => agent.sId === DEFAULT_AGENT_ID) ?? this.globalAgents[0];
    return { providerId: dust?.model.providerId ?? 'openai', modelId: dust?.model.modelId ?? 'gpt-4.1' };
  }

  /**
   * The snapshot of an agent the workspace can mention, or null: a global agent or an active
   * workspace agent, either with status `disabled_by_admin` when the workspace's policy forbids its
   * model. With a viewer, hidden agents the viewer cannot read are not found either.
   */
  async resolve(workspace: WorkspaceDocument, sId: string, viewer?: AgentViewer): Promise<AgentSnapshot | null> {
    const global = this.globalAgents.find((agent) => agent.sId === sId);
    const agent = global ?? (await this.resolveWorkspaceAgent(workspace, sId, viewer));
    return agent && this.underPolicy(agent, workspace);
  }

  /**
   * The snapshot of an agent a message of `author` may mention: what `resolve` finds, or a draft
   * the author may edit (the editor's try-it conversations run the draft, as the real service's
   * preview does; nobody else can mention it).
   */
  async resolveMention(workspace: WorkspaceDocument, sId: string, author: AgentViewer): Promise<AgentSnapshot | null> {
    const found = await this.resolve(workspace, sId);
    if (found) return found;
    const doc = await this.readModels.get<AgentConfigurationDocument>('agentConfigurations', sId);
    if (!doc || doc.workspaceId !== workspace.sId || doc.status !== 'draft' || !canEditAgent(author, accessFacts(doc))) return null;
    const draft = agentSnapshotOfVersion(currentVersionView(doc));
    // The workspace's model policy holds for a draft as for the agent it would become.
    return this.underPolicy({ ...draft, status: 'active' }, workspace).status === 'active' ? draft : { ...draft, status: 'disabled_by_admin' };
  }

  /** The active workspace agent `sId` of this workspace, or null. */
  protected async resolveWorkspaceAgent(
    workspace: WorkspaceDocument,
    sId: string,
    viewer?: AgentViewer,
  ): Promise<AgentSnapshot | null> {
    const doc = await this.readModels.get<AgentConfigurationDocument>('agentConfigurations', sId);
    if (!doc || doc.workspaceId !== workspace.sId || doc.status !== 'active') return null;
    if (viewer && !canReadAgent(viewer, accessFacts(doc))) return null;
    return agentSnapshotOfVersion(currentVersionView(doc));
  }

  /** Any agent of the workspace by sId (archived and hidden ones included), rendered for `viewer`. */
  async find(workspace: WorkspaceDocument, sId: string, viewer: AgentViewer): Promise<DirectoryAgent | null> {
    const global = this.globalAgents.find((agent) => agent.sId === sId);
    if (global) {
      const favorites = await this.favoritesOf(workspace, viewer);
      return { kind: 'global', light: renderGlobal(this.underPolicy(global, workspace), favorites) };
    }
    const doc = await this.readModels.get<AgentConfigurationDocument>('agentConfigurations', sId);
    if (!doc || doc.workspaceId !== workspace.sId) return null;
    const favorites = await this.favoritesOf(workspace, viewer);
    const missing = await this.missingViewTools(workspace, [doc]);
    return { kind: 'workspace', doc, light: this.renderWorkspaceAgent(workspace, doc, viewer, favorites, missing) };
  }

  /**
   * The agents of one list view, sorted (`dust` first, then by name), rendered for `viewer`.
   * Throws for views the viewer may not use (`list`/`favorites` need a member, admin views an admin).
   */
  async list(workspace: WorkspaceDocument, view: AgentListView, viewer: AgentViewer = MEMBER_VIEWER): Promise<LightAgentConfiguration[]> {
    return (await this.listAgents(workspace, view, viewer)).map((agent) => agent.light);
  }

  /** Like `list`, keeping each workspace agent's read model for enrichments. */
  async listAgents(workspace: WorkspaceDocument, view: AgentListView, viewer: AgentViewer): Promise<DirectoryAgent[]> {
    const selection = authorizeView(view, viewer);
    const favorites = await this.favoritesOf(workspace, viewer);
    const agents: DirectoryAgent[] = [];
    if (selection.global) {
      for (const global of this.globalAgents) {
        agents.push({ kind: 'global', light: renderGlobal(this.underPolicy(global, workspace), favorites) });
      }
    }
    const query = workspaceAgentQuery(selection, workspace.sId);
    if (query) {
      const docs = await this.readModels.find<AgentConfigurationDocument>('agentConfigurations', { where: query });
      const missing = await this.missingViewTools(workspace, docs);
      for (const doc of docs) {
        if (selection.readableOnly && !canReadAgent(viewer, accessFacts(doc))) continue;
        agents.push({ kind: 'workspace', doc, light: this.renderWorkspaceAgent(workspace, doc, viewer, favorites, missing) });
      }
    }
    const selected = selection.favoritesOnly ? agents.filter((agent) => favorites.has(agent.light.sId)) : agents;
    return sortAgents(selected);
  }

  private renderWorkspaceAgent(
    workspace: WorkspaceDocument,
    doc: AgentConfigurationDocument,
    viewer: AgentViewer,
    favorites: ReadonlySet<string>,
    missingViewTools: ReadonlySet<string>,
  ): LightAgentConfiguration {
    const light = renderAgentSnapshot(this.underPolicy(agentSnapshotOfVersion(currentVersionView(doc)), workspace), {
      userFavorite: favorites.has(doc.sId),
      canEdit: canEditAgent(viewer, accessFacts(doc)),
    });
    const missesView = doc.configuration.toolset.some((toolId) => missingViewTools.has(toolId));
    return light.status === 'active' && missesView ? { ...light, status: 'disabled_missing_datasource' } : light;
  }

  /**
   * The data source view tools (`data_source_view:<sId>`) of these agents whose view no longer
   * exists in the workspace (deleted with its data source): such an agent reads
   * `disabled_missing_datasource`, as the real service shows an agent that lost its data.
   */
  private async missingViewTools(workspace: WorkspaceDocument, docs: readonly AgentConfigurationDocument[]): Promise<ReadonlySet<string>> {
    const viewOfTool = new Map(
      docs.flatMap((doc) =>
        doc.configuration.toolset.flatMap((toolId) => {
          const viewId = dataSourceViewIdOf(toolId);
          return viewId === null ? [] : [[toolId, viewId] as const];
        }),
      ),
    );
    if (viewOfTool.size === 0) return new Set();
    const views = await this.readModels.getMany<DataSourceViewDocument>('dataSourceViews', [...new Set(viewOfTool.values())]);
    return new Set([...viewOfTool].filter(([, viewId]) => views.get(viewId)?.workspaceId !== workspace.sId).map(([toolId]) => toolId));
  }

  /**
   * An active agent, global or the workspace's own, reads as `disabled_by_admin` while the
   * workspace's policy (allowed providers, regional models) forbids its model; a draft or an
   * archived agent keeps its status.
   */
  private underPolicy(agent: AgentSnapshot, workspace: WorkspaceDocument): AgentSnapshot {
    if (agent.status !== 'active') return agent;
    const allowedProviders = workspace.whiteListedProviders;
    if (allowedProviders !== null && !allowedProviders.includes(agent.model.providerId)) return { ...agent, status: 'disabled_by_admin' };
    const model = this.config.modelCatalog.find((m) => m.providerId === agent.model.providerId && m.modelId === agent.model.modelId);
    // A model missing from the catalog means no provider is configured: the run itself explains that.
    if (!model || isModelAuthorized(model, workspace, this.config.region)) return agent;
    return { ...agent, status: 'disabled_by_admin' };
  }

  private async favoritesOf(workspace: WorkspaceDocument, viewer: AgentViewer): Promise<ReadonlySet<string>> {
    if (viewer.userId === null) return new Set();
    const doc = await this.readModels.get<AgentFavoritesDocument>('agentFavorites', viewer.userId);
    return new Set(doc && doc.workspaceId === workspace.sId ? doc.agentIds : []);
  }
}

// Nobody edits a built-in agent; only favorites depend on the viewer.
function renderGlobal(agent: AgentSnapshot, favorites: ReadonlySet<string>): LightAgentConfiguration {
  return renderAgentSnapshot(agent, { userFavorite: favorites.has(agent.sId), canEdit: false });
}

/** The facts the access policy needs about a workspace agent. */
export function accessFacts(doc: AgentConfigurationDocument): { scope: 'visible' | 'hidden'; status: string; editorIds: string[] } {
  return { scope: doc.scope, status: doc.status, editorIds: doc.editors.map((editor) => editor.userId) };
}
