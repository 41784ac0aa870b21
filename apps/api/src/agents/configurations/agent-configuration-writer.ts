import type { AgentAuthor } from '@app/contracts/events/agent-configuration.events';
import type { AgentAssistantDto } from '@app/contracts/http/agent-configuration.dto';
import type { AgentConfigurationResponse } from '@app/contracts/http/agent-configuration.types';
import type { AgentConfigurationDocument } from '@app/contracts/read-models/agent-configuration.read-models';
import { canEditAgent, type AgentViewer } from '@app/domain/agent-configuration/agent-access.policy';
import type { AgentConfigurationCommand, AgentConfigurationInput } from '@app/domain/agent-configuration/agent-configuration.commands';
import { agentNotFound } from '@app/domain/agent-configuration/agent-configuration.errors';
import { toAgentConfigurationSnapshot } from '@app/domain/agent-configuration/agent-configuration.validation';
import { validateModelSelection, type ModelSelectionResult } from '@app/domain/models/model-selection.policy';
import { Inject, Injectable } from '@nestjs/common';
import type { CommandInput } from '../../event-sourcing/writing/aggregate-writer';
import { AgentConfigurationAggregateWriter } from '../../event-sourcing/writing/aggregate-writers';
import type { AuthContext } from '../../auth/auth-context';
import { requireBuilder } from '../../auth/roles';
import { newSId } from '../../common/ids';
import { API_CONFIG, type ApiConfig } from '../../config/api-config';
import { ReadModels } from '../../event-sourcing/reading/read-models';
import { accessFacts, AgentDirectory } from '../directory/agent-directory.service';
import { agentConfigurationInput } from './agent-configuration-input';
import { fullVariant } from './agent-configuration-render';
import { ApiError } from '../../common/http/api-error';

/** A configuration that passed every check and is ready to be recorded. */
interface PreparedAgent {
  readonly sId: string;
  readonly input: AgentConfigurationInput;
  readonly modelCheck: ModelSelectionResult;
}

/**
 * What the agent configuration command handlers share: the checks only the api can make (name
 * unique in the workspace, model allowed for the workspace, the caller's rights), running a command
 * on the agent's stream, and the answer once the read model shows the write.
 */
@Injectable()
export class AgentConfigurationWriter {
  constructor(
    private readonly agents: AgentConfigurationAggregateWriter,
    private readonly readModels: ReadModels,
    private readonly directory: AgentDirectory,
    @Inject(API_CONFIG) private readonly config: ApiConfig,
  ) {}

  /** The configuration a validated `assistant` object saves (defaults filled in from this deployment). */
  inputOf(assistant: AgentAssistantDto): AgentConfigurationInput {
    return agentConfigurationInput(assistant, this.config.publicUrl);
  }

  /**
   * Creates several agents, each input built from the sIds of those before it (a parent naming its
   * sub-agent). Every check runs before the first write, so bad input leaves nothing behind.
   * Returns the new sIds, in order.
   */
  async createAll(auth: AuthContext, builders: ReadonlyArray<(previousIds: readonly string[]) => AgentConfigurationInput>): Promise<string[]> {
    requireBuilder(auth);
    const prepared: PreparedAgent[] = [];
    for (const build of builders) {
      const sId = newSId();
      const input = build(prepared.map((agent) => agent.sId));
      const taken = prepared.some((agent) => agent.input.name.toLowerCase() === input.name.toLowerCase());
      if (taken) throw nameTaken(input.name);
      prepared.push({ sId, input, modelCheck: await this.check(auth, input, null) });
    }
    for (const agent of prepared) {
      await this.run(auth, agent.sId, {
        type: 'CreateAgentConfiguration',
        workspaceId: auth.workspace.sId,
        agentConfigurationId: agent.sId,
        configuration: agent.input,
        modelCheck: agent.modelCheck,
        author: authorOf(auth),
      });
    }
    return prepared.map((agent) => agent.sId);
  }

  /** Runs a command on the agent's stream and resolves once the read models show the write. */
  async run(auth: AuthContext, sId: string, command: CommandInput<AgentConfigurationCommand>): Promise<void> {
    const outcome = await this.agents.run(sId, command, auth);
    if (outcome.position !== null) await this.readModels.waitFor(outcome.position);
  }

  /** The full configuration of an agent as the caller sees it, for the answer of a write. */
  async respond(auth: AuthContext, sId: string): Promise<AgentConfigurationResponse> {
    const agent = await this.directory.find(auth.workspace, sId, viewerOf(auth));
    if (!agent) throw agentNotFound();
    return { agentConfiguration: fullVariant(agent) };
  }

  /** The agent, if the caller may change it: 404 when unknown, 403 for a global agent or a non-editor. */
  async editable(auth: AuthContext, sId: string): Promise<AgentConfigurationDocument> {
    const found = await this.directory.find(auth.workspace, sId, viewerOf(auth));
    if (!found) throw agentNotFound();
    if (found.kind === 'global') {
      throw new ApiError('workspace_auth_error', 'Global agents are built in: they cannot be edited or archived.');
    }
    if (!canEditAgent(viewerOf(auth), accessFacts(found.doc))) {
      throw new ApiError('workspace_auth_error', 'Only the editors of this agent and the workspace admins can change it.');
    }
    return found.doc;
  }

  /** Runs the model policy and, before any write, every field check and the name uniqueness check. */
  async check(auth: AuthContext, input: AgentConfigurationInput, current: AgentConfigurationDocument | null): Promise<ModelSelectionResult> {
    const { providerId, modelId, reasoningEffort } = input.model;
    const modelCheck = validateModelSelection(
      { providerId, modelId, ...(reasoningEffort === null ? {} : { reasoningEffort }) },
      this.config.modelCatalog,
      auth.workspace,
      this.config.region,
    );
    toAgentConfigurationSnapshot(input, modelCheck);
    // A draft is its editor's trial of a version (the try-it pane's): it takes no name from anyone.
    if (input.status !== 'draft' && (current === null || current.nameKey !== input.name.toLowerCase())) await this.ensureNameFree(auth, input.name, current?.sId ?? null);
    return modelCheck;
  }

  async ensureNameFree(auth: AuthContext, name: string, selfId: string | null): Promise<void> {
    const key = name.toLowerCase();
    if (this.directory.listGlobal().some((agent) => agent.name.toLowerCase() === key || agent.sId.toLowerCase() === key)) throw nameTaken(name);
    const clashes = await this.readModels.find<AgentConfigurationDocument>('agentConfigurations', {
      where: { workspaceId: auth.workspace.sId, nameKey: key, status: 'active' },
    });
    if (clashes.some((doc) => doc.sId !== selfId)) throw nameTaken(name);
  }
}

/** The access-policy view of the caller. */
export function viewerOf(auth: AuthContext): AgentViewer {
  return { role: auth.role, userId: auth.user?.sId ?? null };
}

/** The author recorded on a new version: the key's member, if any. */
export function authorOf(auth: AuthContext): AgentAuthor | null {
  if (!auth.user) return null;
  return { userId: auth.user.sId, id: auth.user.id, fullName: auth.user.fullName, image: null };
}

function nameTaken(name: string): ApiError {
  return new ApiError('invalid_request_error', `An agent named "${name}" already exists in this workspace: agent names must be unique.`);
}
