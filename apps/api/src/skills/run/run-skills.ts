import {
  agentConfigurationVersionDocumentId,
  type AgentConfigurationDocument,
  type AgentConfigurationVersionDocument,
} from '@app/contracts/read-models/agent-configuration.read-models';
import type { FileDocument } from '@app/contracts/read-models/file.read-models';
import type { SkillDocument } from '@app/contracts/read-models/skill.read-models';
import { DATA_SOURCE_VIEW_TOOL_PREFIX } from '@app/contracts/render/agent-configuration.render';
import { Injectable, type OnModuleInit } from '@nestjs/common';
import {
  AgentTools,
  RunContributions,
  type RunContribution,
  type RunContributionContext,
  type RunContributor,
  type ToolCallRequest,
  type ToolCallResult,
  type ToolContext,
  type ToolDefinition,
  type ToolRegistry,
} from '../../agent-runner';
import { ReadModels } from '../../event-sourcing/reading/read-models';
import { ConversationSkillsAggregateWriter } from '../../event-sourcing/writing/aggregate-writers';
import { toolFailure } from '../../mcp/client/mcp-tool-output';
import { SkillAccess } from '../skill-access';
import { availableSkillsSection, ENABLE_SKILL_TOOL, enabledSkillSection, enabledSkillsSection } from './skill-prompt';

/** The toolset entries a skill brings: its MCP server views and its data source views. */
function toolsetOf(skill: SkillDocument): string[] {
  return [...skill.definition.mcpServerViewIds, ...skill.definition.dataSourceViewIds.map((id) => `${DATA_SOURCE_VIEW_TOOL_PREFIX}${id}`)];
}

/** What `enable_skill` unlocks in the run that calls it: the skill's tools. */
function unlockKey(skill: SkillDocument): string {
  return `skill:${skill.sId}`;
}

/** The skills of one run: those enabled in its conversation, and those its agent carries but has not enabled. */
interface RunSkillSet {
  readonly enabled: SkillDocument[];
  readonly available: SkillDocument[];
}

/**
 * What skills give a run. The skills enabled in the conversation (by a member, or earlier by an
 * agent) add their instructions to the system prompt and their MCP server views and data source
 * views to the toolset; the skills the agent carries and has not enabled are listed, and offered
 * through the `enable_skill` tool, which records `ConversationSkillEnabled` on the conversation and
 * answers the skill's instructions and unlocks its tools (listed from the start, held back until
 * then), so the very next model request has both. A run resumed after a restart reads the enabled
 * skills from the conversation again, so their tools are offered from its start. Only skills the member
 * the run answers may read, and not archived, count.
 */
@Injectable()
export class RunSkills implements RunContributor, ToolRegistry, OnModuleInit {
  constructor(
    private readonly contributions: RunContributions,
    private readonly tools: AgentTools,
    private readonly access: SkillAccess,
    private readonly conversationSkills: ConversationSkillsAggregateWriter,
    private readonly readModels: ReadModels,
  ) {}

  onModuleInit(): void {
    this.contributions.register(this);
    this.tools.register(this);
  }

  async contribute(context: RunContributionContext): Promise<RunContribution> {
    const { enabled, available } = await this.skillsOf(context);
    const files = await this.filesOf(enabled);
    const sections = [enabledSkillsSection(enabled.map((skill) => enabledSkillSection(skill, files))), availableSkillsSection(available)];
    return {
      systemSections: sections.filter((section): section is string => section !== null),
      toolset: enabled.flatMap(toolsetOf),
      // The tools of a skill the agent may enable are listed now and offered once `enable_skill` unlocks them.
      dormant: available.map((skill) => ({ key: unlockKey(skill), toolset: toolsetOf(skill) })),
    };
  }

  async listTools(ctx: ToolContext): Promise<ToolDefinition[]> {
    const { available } = await this.skillsOf(ctx);
    if (available.length === 0) return [];
    return [
      {
        name: ENABLE_SKILL_TOOL,
        description: 'Enables one of the available skills in this conversation: answers its instructions, to follow from then on.',
        inputSchema: {
          type: 'object',
          properties: { skillName: { type: 'string', enum: available.map((skill) => skill.definition.name), description: 'The name of the skill to enable.' } },
          required: ['skillName'],
          additionalProperties: false,
        },
        serverName: 'skills',
        readOnly: true,
      },
    ];
  }

  async callTool(call: ToolCallRequest, ctx: ToolContext): Promise<ToolCallResult> {
    if (call.name !== ENABLE_SKILL_TOOL) return toolFailure('tool_not_found', `No tool named ${call.name}.`);
    const name = (call.input as { skillName?: unknown } | null)?.skillName;
    if (typeof name !== 'string') return toolFailure('invalid_input', 'skillName must be the name of an available skill.');
    const { enabled, available } = await this.skillsOf(ctx);
    const wanted = name.trim().toLowerCase();
    const skill = [...available, ...enabled].find((candidate) => candidate.nameKey === wanted);
    if (!skill) return toolFailure('skill_not_found', `No available skill is named "${name}".`);
    await this.conversationSkills.run(
      ctx.conversationId,
      {
        type: 'EnableConversationSkill',
        workspaceId: ctx.workspaceId,
        conversationId: ctx.conversationId,
        skillId: skill.sId,
        enabledBy: 'agent',
        agentMessageId: ctx.agentMessageId,
        by: ctx.userId,
      },
      'system',
    );
    const files = await this.filesOf([skill]);
    return {
      ok: true,
      output: [{ type: 'text', text: `The skill "${skill.definition.name}" is enabled. Follow its instructions:\n${enabledSkillSection(skill, files)}` }],
      unlocks: [unlockKey(skill)],
    };
  }

  private async skillsOf(context: RunContributionContext): Promise<RunSkillSet> {
    const [conversation, carried] = await Promise.all([this.conversationSkills.read(context.conversationId), this.carriedSkillIds(context)]);
    // Most runs have no skills: the member is looked up only when there are some to check.
    if (conversation.skillIds.length === 0 && carried.length === 0) return { enabled: [], available: [] };
    const reader = await this.access.runReader(context.workspaceId, context.userId);
    const enabled = await this.access.readableActive(reader, conversation.skillIds);
    const available = await this.access.readableActive(reader, carried.filter((id) => !conversation.skillIds.includes(id)));
    return { enabled, available };
  }

  /** The skills of the agent version the message mentioned (its current version when none is named). */
  private async carriedSkillIds(context: RunContributionContext): Promise<readonly string[]> {
    const { workspaceId, agentConfigurationId: sId, agentConfigurationVersion: version } = context;
    const agent =
      version === undefined
        ? await this.readModels.get<AgentConfigurationDocument>('agentConfigurations', sId)
        : await this.readModels.get<AgentConfigurationVersionDocument>('agentConfigurationVersions', agentConfigurationVersionDocumentId(sId, version));
    return agent && agent.workspaceId === workspaceId ? (agent.configuration.skillIds ?? []) : [];
  }

  private async filesOf(skills: readonly SkillDocument[]): Promise<ReadonlyMap<string, FileDocument>> {
    return this.readModels.getMany<FileDocument>('files', skills.flatMap((skill) => skill.definition.fileIds));
  }
}
