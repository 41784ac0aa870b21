import type { ConversationSkillsResponse } from '@app/contracts/http/conversation-skills.types';
import {
  AgentSkillsResponseSchema,
  ConversationSkillsResponseSchema,
  ImportSkillsResponseSchema,
  ListSkillConfigurationsResponseSchema,
  SkillConfigurationEnvelopeSchema,
  SkillHistoryResponseSchema,
} from '@app/contracts/http/openapi/skill.schema';
import { AgentSkillsDto, ConversationSkillDto, CreateSkillDto, ImportSkillsQueryDto, ListSkillsQueryDto, SkillPatchDto } from '@app/contracts/http/skill.dto';
import type {
  AgentSkillsResponse,
  ImportSkillsResponse,
  ListSkillConfigurationsResponse,
  SkillConfigurationEnvelope,
  SkillHistoryResponse,
} from '@app/contracts/http/skill.types';
import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Query, Req } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ApiBody, ApiConsumes } from '@nestjs/swagger';
import type { Request as ExpressRequest } from 'express';
import { Auth, type AuthContext } from '../auth/auth-context';
import { ApiSuccess } from '../common/openapi/api-operation.decorators';
import { ChangeSkillArchiveCommand } from './commands/archive-skill.command';
import { ChangeConversationSkillCommand } from './commands/change-conversation-skill.command';
import { CreateSkillCommand } from './commands/create-skill.command';
import { ImportSkillsCommand } from './commands/import-skills.command';
import { SetAgentSkillsCommand } from './commands/set-agent-skills.command';
import { UpdateSkillCommand } from './commands/update-skill.command';
import { GetSkillQuery } from './queries/get-skill.query';
import { ListAgentSkillsQuery } from './queries/list-agent-skills.query';
import { ListConversationSkillsQuery } from './queries/list-conversation-skills.query';
import { ListSkillsQuery } from './queries/list-skills.query';
import { SkillHistoryQuery } from './queries/skill-history.query';

const skills = (suffix = '') => [`api/v1/w/:wId/skills${suffix}`, `api/w/:wId/skills${suffix}`];
const assistant = (suffix: string) => [`api/v1/w/:wId/assistant${suffix}`, `api/w/:wId/assistant${suffix}`];

/** Skills (both families): list, create, import, read, version, archive, restore; the skills of an agent and of a conversation. */
@Controller()
export class SkillsController {
  constructor(
    private readonly commandBus: CommandBus,
    private readonly queryBus: QueryBus,
  ) {}

  @Get(skills())
  @ApiSuccess('List the skills the caller reads, by status (`active` by default, `archived`, `suggested`)', ListSkillConfigurationsResponseSchema)
  list(@Auth() auth: AuthContext, @Query() query: ListSkillsQueryDto): Promise<ListSkillConfigurationsResponse> {
    return this.queryBus.execute(new ListSkillsQuery(auth, query.status ?? 'active'));
  }

  @Post(skills())
  @HttpCode(200)
  @ApiSuccess('Create a skill (admins and builders; a builder becomes one of its editors)', SkillConfigurationEnvelopeSchema)
  create(@Auth() auth: AuthContext, @Body() body: CreateSkillDto): Promise<SkillConfigurationEnvelope> {
    return this.commandBus.execute(new CreateSkillCommand(auth, body));
  }

  @Post(skills('/import'))
  @HttpCode(200)
  @ApiSuccess('Import skills from a SKILL.md or a zip of skill folders (multipart, one part named `file`); files beside a SKILL.md become its attachments', ImportSkillsResponseSchema)
  @ApiConsumes('multipart/form-data')
  @ApiBody({ schema: { type: 'object', required: ['file'], properties: { file: { type: 'string', format: 'binary', description: 'A SKILL.md, or a zip of folders each holding one.' } } } })
  import(@Auth() auth: AuthContext, @Query() query: ImportSkillsQueryDto, @Req() request: ExpressRequest): Promise<ImportSkillsResponse> {
    return this.commandBus.execute(new ImportSkillsCommand(auth, request, query.onConflict ?? 'error'));
  }

  @Get(skills('/:sId'))
  @ApiSuccess('Read a skill (archived ones too); a skill the caller may not read is not found', SkillConfigurationEnvelopeSchema)
  get(@Auth() auth: AuthContext, @Param('sId') sId: string): Promise<SkillConfigurationEnvelope> {
    return this.queryBus.execute(new GetSkillQuery(auth, sId));
  }

  @Patch(skills('/:sId'))
  @ApiSuccess('Change a skill (admins and its editors): a new version with the fields sent replaced', SkillConfigurationEnvelopeSchema)
  update(@Auth() auth: AuthContext, @Param('sId') sId: string, @Body() body: SkillPatchDto): Promise<SkillConfigurationEnvelope> {
    return this.commandBus.execute(new UpdateSkillCommand(auth, sId, body));
  }

  @Delete(skills('/:sId'))
  @ApiSuccess('Archive a skill (admins and its editors): agents and conversations stop using it', SkillConfigurationEnvelopeSchema)
  archive(@Auth() auth: AuthContext, @Param('sId') sId: string): Promise<SkillConfigurationEnvelope> {
    return this.commandBus.execute(new ChangeSkillArchiveCommand(auth, sId, 'archive'));
  }

  @Post(skills('/:sId/restore'))
  @HttpCode(200)
  @ApiSuccess('Restore an archived skill (admins and its editors)', SkillConfigurationEnvelopeSchema)
  restore(@Auth() auth: AuthContext, @Param('sId') sId: string): Promise<SkillConfigurationEnvelope> {
    return this.commandBus.execute(new ChangeSkillArchiveCommand(auth, sId, 'restore'));
  }

  @Get(skills('/:sId/history'))
  @ApiSuccess('Every saved version of a skill, newest first', SkillHistoryResponseSchema)
  history(@Auth() auth: AuthContext, @Param('sId') sId: string): Promise<SkillHistoryResponse> {
    return this.queryBus.execute(new SkillHistoryQuery(auth, sId));
  }

  @Get(assistant('/agent_configurations/:aId/skills'))
  @ApiSuccess('The skills an agent carries (those the caller reads)', AgentSkillsResponseSchema)
  agentSkills(@Auth() auth: AuthContext, @Param('aId') aId: string): Promise<AgentSkillsResponse> {
    return this.queryBus.execute(new ListAgentSkillsQuery(auth, aId));
  }

  @Post(assistant('/agent_configurations/:aId/skills'))
  @HttpCode(200)
  @ApiSuccess("Set the skills an agent carries (its editors and admins): a new version of the agent", AgentSkillsResponseSchema)
  setAgentSkills(@Auth() auth: AuthContext, @Param('aId') aId: string, @Body() body: AgentSkillsDto): Promise<AgentSkillsResponse> {
    return this.commandBus.execute(new SetAgentSkillsCommand(auth, aId, body.skillIds));
  }

  @Get(assistant('/conversations/:cId/skills'))
  @ApiSuccess('The skills enabled in a conversation (by a member or by an agent) that the caller reads', ConversationSkillsResponseSchema)
  conversationSkills(@Auth() auth: AuthContext, @Param('cId') cId: string): Promise<ConversationSkillsResponse> {
    return this.queryBus.execute(new ListConversationSkillsQuery(auth, cId));
  }

  @Post(assistant('/conversations/:cId/skills'))
  @HttpCode(200)
  @ApiSuccess('Enable a skill in a conversation, or disable it: its agents then carry its instructions, tools and knowledge', ConversationSkillsResponseSchema)
  changeConversationSkill(@Auth() auth: AuthContext, @Param('cId') cId: string, @Body() body: ConversationSkillDto): Promise<ConversationSkillsResponse> {
    return this.commandBus.execute(new ChangeConversationSkillCommand(auth, cId, body.action, body.skillId));
  }
}
