import type { TriggerDocument } from '@app/contracts/read-models/trigger.read-models';
import { canEditAgent } from '@app/domain/agent-configuration/agent-access.policy';
import { agentNotFound } from '@app/domain/agent-configuration/agent-configuration.errors';
import { Injectable } from '@nestjs/common';
import type { AuthContext } from '../auth/auth-context';
import { accessFacts, AgentDirectory } from '../agents/directory/agent-directory.service';
import { viewerOf } from '../agents/configurations/agent-configuration-writer';
import { ApiError } from '../common/http/api-error';
import { ReadModels } from '../event-sourcing/reading/read-models';

const triggerNotFound = () => new ApiError('trigger_not_found', 'The trigger you requested was not found.');

/** Who may see and change an agent's triggers: the workspace admins and the agent's editors. */
@Injectable()
export class TriggerAccess {
  constructor(
    private readonly directory: AgentDirectory,
    private readonly readModels: ReadModels,
  ) {}

  /** The agent, if the caller manages its triggers: 404 when unknown, 403 for a global agent or someone who cannot edit it. */
  async agent(auth: AuthContext, agentId: string): Promise<void> {
    const found = await this.directory.find(auth.workspace, agentId, viewerOf(auth));
    if (!found) throw agentNotFound();
    if (found.kind === 'global') throw new ApiError('workspace_auth_error', 'Global agents are built in: they cannot have triggers.');
    if (!canEditAgent(viewerOf(auth), accessFacts(found.doc))) {
      throw new ApiError('workspace_auth_error', "Only the agent's editors and the workspace admins can manage its triggers.");
    }
  }

  /** A trigger of the agent the caller manages; another workspace's or another agent's answers 404 like an unknown one. */
  async trigger(auth: AuthContext, agentId: string | null, triggerId: string): Promise<TriggerDocument> {
    const doc = await this.readModels.get<TriggerDocument>('triggers', triggerId);
    if (!doc || doc.workspaceId !== auth.workspace.sId || (agentId !== null && doc.agentConfigurationId !== agentId)) throw triggerNotFound();
    await this.agent(auth, doc.agentConfigurationId);
    return doc;
  }

  /** A trigger runs as its editor: the caller must be a member, not a key bound to no one. */
  editorOf(auth: AuthContext): string {
    if (!auth.user) throw new ApiError('invalid_request_error', 'A trigger runs as the member who writes it: call with a key bound to a member, a token or a session.');
    return auth.user.sId;
  }
}
