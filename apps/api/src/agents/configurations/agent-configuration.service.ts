import type { AgentAuthor } from '@app/contracts/events/agent-configuration.events';
import type { AgentConfigurationDocument } from '@app/contracts/read-models/agent-configuration.read-models';
import { canEditAgent, type AgentViewer } from '@app/domain/agent-configuration/agent-access.policy';
import type { AgentConfigurationCommand, AgentConfigurationInput } from '@app/domain/agent-configuration/agent-configuration.commands';
import { agentConfigurationDecider } from '@app/domain/agent-configuration/agent-configuration.decider';
import { agentArchived, agentNotFound } from '@app/domain/agent-configuration/agent-configuration.errors';
import { toAgentConfigurationStreamName, toAgentFavoritesStreamName } from '@app/domain/agent-configuration/agent-configuration.stream';
import { toAgentConfigurationSnapshot } from '@app/domain/agent-configuration/agent-configuration.validation';
import { agentFavoritesDecider } from '@app/domain/agent-configuration/agent-favorites.decider';
import { validateModelSelection, type ModelSelectionResult } from '@app/domain/models/model-selection.policy';
import { DomainError } from '@app/domain/shared/domain-error';
import { Inject, Injectable } from '@nestjs/common';
import { CommandExecutor } from '../../application/command-executor';
import type { AuthContext } from '../../auth/auth-context';
import { requireBuilder } from '../../auth/roles';
import { newSId } from '../../common/ids';
import { API_CONFIG, type ApiConfig } from '../../config/api-config';
import { ReadModels } from '../../infrastructure/read-models.service';
import { accessFacts, AgentDirectory, type DirectoryAgent } from '../directory/agent-directory.service';

/** A configuration that passed every check and is ready to be recorded. */
interface PreparedAgent {
  readonly sId: string;
  readonly input: AgentConfigurationInput;
  readonly modelCheck: ModelSelectionResult;
}

/**
 * The write side of agent configurations: checks what only the api can check (name unique in the
 * workspace, model allowed for the workspace, the caller's rights), dispatches the commands, and
 * answers with the read model once it shows the write.
 */
@Injectable()
export class AgentConfigurationService {
  constructor(
    private readonly executor: CommandExecutor,
    private readonly readModels: ReadModels,
    private readonly directory: AgentDirectory,
    @Inject(API_CONFIG) private readonly config: ApiConfig,
  ) {}

  /** Creates one agent (builder+). */
  async create(auth: AuthContext, input: AgentConfigurationInput): Promise<AgentConfigurationDocument> {
    const [doc] = await this.createAll(auth, [() => input]);
    if (!doc) throw new Error('createAll returned nothing');
    return doc;
  }

  /**
   * Creates several agents, each input built from the sIds of those before it (a parent naming its
   * sub-agent). Every check runs before the first write, so bad input leaves nothing behind.
   */
  async createAll(auth: AuthContext, builders: ReadonlyArray<(previousIds: readonly string[]) => AgentConfigurationInput>): Promise<AgentConfigurationDocument[]> {
    requireBuilder(auth);
    const prepared: PreparedAgent[] = [];
    for (const build of builders) {
      const sId = newSId();
      const input = build(prepared.map((agent) => agent.sId));
      const taken = prepared.some((agent) => agent.input.name.toLowerCase() === input.name.toLowerCase());
      if (taken) throw nameTaken(input.name);
      prepared.push({ sId, input, modelCheck: await this.check(auth, input, null) });
    }
    const docs: AgentConfigurationDocument[] = [];
    for (const agent of prepared) {
      const command: AgentConfigurationCommand = {
        type: 'CreateAgentConfiguration',
        workspaceId: auth.workspace.sId,
        agentConfigurationId: agent.sId,
        configuration: agent.input,
        modelCheck: agent.modelCheck,
        author: authorOf(auth),
        now: Date.now(),
      };
      docs.push(await this.run(auth, agent.sId, command));
    }
    return docs;
  }

  /** Saves a new version (editors, admins, or a builder key bound to no one). */
  async update(auth: AuthContext, sId: string, input: AgentConfigurationInput): Promise<AgentConfigurationDocument> {
    const doc = await this.editable(auth, sId);
    if (doc.status === 'archived') throw agentArchived();
    const modelCheck = await this.check(auth, input, doc);
    const command: AgentConfigurationCommand = {
      type: 'UpdateAgentConfiguration',
      workspaceId: auth.workspace.sId,
      configuration: input,
      modelCheck,
      author: authorOf(auth),
      now: Date.now(),
    };
    return this.run(auth, sId, command);
  }

  /** Archives an agent (a repeat succeeds and changes nothing). */
  async archive(auth: AuthContext, sId: string): Promise<void> {
    await this.editable(auth, sId);
    await this.run(auth, sId, { type: 'ArchiveAgentConfiguration', workspaceId: auth.workspace.sId, author: authorOf(auth), now: Date.now() });
  }

  /** Restores an archived agent, if its name is still free. */
  async restore(auth: AuthContext, sId: string): Promise<AgentConfigurationDocument> {
    const doc = await this.editable(auth, sId);
    if (doc.status === 'archived') await this.ensureNameFree(auth, doc.configuration.name, sId);
    return this.run(auth, sId, { type: 'RestoreAgentConfiguration', workspaceId: auth.workspace.sId, author: authorOf(auth), now: Date.now() });
  }

  /** Marks or unmarks an agent the caller can read as one of their favorites. */
  async setFavorite(auth: AuthContext, agent: DirectoryAgent, favorite: boolean): Promise<void> {
    if (!auth.user) {
      throw new DomainError('invalid_request_error', 'Favorites are only available when authenticated as a user: use a key bound to a member.', 401);
    }
    const outcome = await this.executor.execute(
      agentFavoritesDecider,
      toAgentFavoritesStreamName(auth.user.sId),
      { type: 'SetAgentFavorite', workspaceId: auth.workspace.sId, userId: auth.user.sId, agentConfigurationId: agent.light.sId, favorite, now: Date.now() },
      { actor: auth.user.sId },
    );
    if (outcome.position !== null) await this.readModels.waitFor(outcome.position);
  }

  private async run(auth: AuthContext, sId: string, command: AgentConfigurationCommand): Promise<AgentConfigurationDocument> {
    const outcome = await this.executor.execute(agentConfigurationDecider, toAgentConfigurationStreamName(sId), command, {
      actor: auth.user?.sId ?? auth.keyId,
    });
    if (outcome.position !== null) await this.readModels.waitFor(outcome.position);
    const doc = await this.readModels.get<AgentConfigurationDocument>('agentConfigurations', sId);
    if (!doc) throw agentNotFound();
    return doc;
  }

  /** The agent, if the caller may change it: 404 when unknown, 403 for a global agent or a non-editor. */
  private async editable(auth: AuthContext, sId: string): Promise<AgentConfigurationDocument> {
    const found = await this.directory.find(auth.workspace, sId, viewerOf(auth));
    if (!found) throw agentNotFound();
    if (found.kind === 'global') {
      throw new DomainError('workspace_auth_error', 'Global agents are built in: they cannot be edited or archived.');
    }
    if (!canEditAgent(viewerOf(auth), accessFacts(found.doc))) {
      throw new DomainError('workspace_auth_error', 'Only the editors of this agent and the workspace admins can change it.');
    }
    return found.doc;
  }

  /** Runs the model policy and, before any write, every field check and the name uniqueness check. */
  private async check(auth: AuthContext, input: AgentConfigurationInput, current: AgentConfigurationDocument | null): Promise<ModelSelectionResult> {
    const { providerId, modelId, reasoningEffort } = input.model;
    const modelCheck = validateModelSelection(
      { providerId, modelId, ...(reasoningEffort === null ? {} : { reasoningEffort }) },
      this.config.modelCatalog,
      auth.workspace,
      this.config.region,
    );
    toAgentConfigurationSnapshot(input, modelCheck);
    if (current === null || current.nameKey !== input.name.toLowerCase()) await this.ensureNameFree(auth, input.name, current?.sId ?? null);
    return modelCheck;
  }

  private async ensureNameFree(auth: AuthContext, name: string, selfId: string | null): Promise<void> {
    const key = name.toLowerCase();
    if (this.directory.listGlobal().some((agent) => agent.name.toLowerCase() === key || agent.sId.toLowerCase() === key)) throw nameTaken(name);
    const clashes = await this.readModels.find<AgentConfigurationDocument>('agentConfigurations', {
      where: { workspaceId: auth.workspace.sId, nameKey: key, status: { in: ['active', 'draft'] } },
    });
    if (clashes.some((doc) => doc.sId !== selfId)) throw nameTaken(name);
  }
}

/** The access-policy view of the caller. */
export function viewerOf(auth: AuthContext): AgentViewer {
  return { role: auth.role, userId: auth.user?.sId ?? null };
}

function authorOf(auth: AuthContext): AgentAuthor | null {
  if (!auth.user) return null;
  return { userId: auth.user.sId, id: auth.user.id, fullName: auth.user.fullName, image: null };
}

function nameTaken(name: string): DomainError {
  return new DomainError('invalid_request_error', `An agent named "${name}" already exists in this workspace: agent names must be unique.`);
}
