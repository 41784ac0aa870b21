import type { LightAgentConfiguration } from '@app/contracts/http/conversation.types';
import type { WorkspaceDocument } from '@app/contracts/read-models/workspace.read-models';
import { Inject, Injectable } from '@nestjs/common';
import { API_CONFIG, type ApiConfig } from '../../config/api-config';
import { buildGlobalAgents } from './global-agents';

/**
 * Finds the agent configurations a workspace can mention: the built-in global agents of the
 * enabled providers, then the workspace's own agents.
 */
@Injectable()
export class AgentDirectory {
  private readonly globalAgents: readonly LightAgentConfiguration[];

  constructor(@Inject(API_CONFIG) config: ApiConfig) {
    this.globalAgents = buildGlobalAgents(config.modelCatalog, config.publicUrl);
  }

  /** Global agents of this deployment. */
  listGlobal(): readonly LightAgentConfiguration[] {
    return this.globalAgents;
  }

  /** The active configuration of an agent the workspace can use, or null. */
  async resolve(workspace: WorkspaceDocument, sId: string): Promise<LightAgentConfiguration | null> {
    const global = this.globalAgents.find((agent) => agent.sId === sId);
    if (global) return global;
    return this.resolveWorkspaceAgent(workspace, sId);
  }

  /** Hook for the workspace's own agents (versioned configurations). */
  protected async resolveWorkspaceAgent(_workspace: WorkspaceDocument, _sId: string): Promise<LightAgentConfiguration | null> {
    return null;
  }
}
