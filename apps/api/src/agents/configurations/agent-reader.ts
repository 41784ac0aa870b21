import { canReadAgent } from '@app/domain/agent-configuration/agent-access.policy';
import { agentNotFound } from '@app/domain/agent-configuration/agent-configuration.errors';
import { Injectable } from '@nestjs/common';
import type { AuthContext } from '../../auth/auth-context';
import { accessFacts, AgentDirectory, type DirectoryAgent } from '../directory/agent-directory.service';
import { viewerOf } from './agent-configuration-writer';
import { ApiError } from '../../common/http/api-error';

/** Loads agents for the read side, with the access rules of reading. */
@Injectable()
export class AgentReader {
  constructor(private readonly directory: AgentDirectory) {}

  /**
   * An agent the caller may read: 404 for unknown ids, other workspaces' agents and (unless asked)
   * archived ones; 403 for a hidden agent or draft of someone else.
   */
  async readable(auth: AuthContext, sId: string, includeArchived: boolean): Promise<DirectoryAgent> {
    const agent = await this.directory.find(auth.workspace, sId, viewerOf(auth));
    if (!agent) throw agentNotFound();
    if (agent.kind === 'global') return agent;
    if (agent.doc.status === 'archived' && !includeArchived) throw agentNotFound();
    if (!canReadAgent(viewerOf(auth), accessFacts(agent.doc))) {
      throw new ApiError('workspace_auth_error', 'This agent is hidden: only its editors and the workspace admins can see it.');
    }
    return agent;
  }
}
