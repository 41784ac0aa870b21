import 'reflect-metadata';
import { AgentConfigurationQueryDto, AgentHistoryQueryDto, AgentListQueryDto, AgentSearchQueryDto } from '@app/contracts/http/agent-configuration-query.dto';
import { AgentAssistantDto, AgentModelDto, CreateAgentConfigurationDto, PatchAgentConfigurationDto } from '@app/contracts/http/agent-configuration.dto';
import { ContentFragmentContextDto, ContentFragmentDto } from '@app/contracts/http/content-fragment.dto';
import { ConversationMetadataDto, CreateConversationDto } from '@app/contracts/http/conversation.dto';
import { PrivateConversationPatchDto, PublicConversationPatchDto } from '@app/contracts/http/conversation-patch.dto';
import { ListConversationsQueryDto } from '@app/contracts/http/conversation-query.dto';
import { CreateGenericAgentDto } from '@app/contracts/http/generic-agent.dto';
import { MentionDto } from '@app/contracts/http/mention.dto';
import { MessageContextDto } from '@app/contracts/http/message-context.dto';
import { CancelMessagesDto, EditMessageDto, PostMessageDto } from '@app/contracts/http/message.dto';
import { FeedbackDto, ReactionDto } from '@app/contracts/http/message-reaction.dto';
import { UpdateWorkspaceSettingsDto } from '@app/contracts/http/workspace-settings.dto';
import { Body, Controller, Get, Module, Post, Query } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { DocumentBuilder, SwaggerModule, type OpenAPIObject } from '@nestjs/swagger';
import { getMetadataStorage } from 'class-validator';

// swc builds without the swagger CLI plugin: what the OpenAPI document knows of a DTO is only what
// its @ApiProperty decorators say. These checks keep them in step with the validation decorators.

const DTOS = [
  CreateConversationDto,
  ConversationMetadataDto,
  ContentFragmentDto,
  ContentFragmentContextDto,
  PostMessageDto,
  EditMessageDto,
  CancelMessagesDto,
  MentionDto,
  MessageContextDto,
  PublicConversationPatchDto,
  PrivateConversationPatchDto,
  ReactionDto,
  FeedbackDto,
  ListConversationsQueryDto,
  CreateAgentConfigurationDto,
  PatchAgentConfigurationDto,
  AgentAssistantDto,
  AgentModelDto,
  CreateGenericAgentDto,
  AgentListQueryDto,
  AgentConfigurationQueryDto,
  AgentSearchQueryDto,
  AgentHistoryQueryDto,
  UpdateWorkspaceSettingsDto,
] as const;

// A property whose presence depends on its neighbours: documented optional, checked as required when it applies.
const CONDITIONALLY_REQUIRED = new Set(['MentionDto.configurationId', 'MentionDto.userId']);

function validatedProperties(dto: (typeof DTOS)[number]): Map<string, boolean> {
  const required = new Map<string, boolean>();
  for (const metadata of getMetadataStorage().getTargetValidationMetadatas(dto, '', true, false)) {
    if (metadata.propertyName === '') continue;
    const isDefined = metadata.type === 'isDefined' || metadata.name === 'isDefined';
    required.set(metadata.propertyName, (required.get(metadata.propertyName) ?? false) || isDefined);
  }
  return required;
}

@Controller()
class DocumentedController {
  @Post('conversations') create(@Body() _body: CreateConversationDto) {}
  @Get('agents') agents(@Query() _query: AgentListQueryDto) {}
}

@Module({ controllers: [DocumentedController] })
class DocumentedModule {}

describe('OpenAPI document of the request DTOs', () => {
  let document: OpenAPIObject;

  beforeAll(async () => {
    const app = await NestFactory.create(DocumentedModule, { logger: false, abortOnError: false });
    document = SwaggerModule.createDocument(app, new DocumentBuilder().setTitle('dtos').build(), { extraModels: [...DTOS] });
    await app.close();
  });

  it.each(DTOS.map((dto) => [dto.name, dto] as const))('%s documents every validated property, required exactly when it must be sent', (name, dto) => {
    const schema = document.components?.schemas?.[name];
    const properties = schema && 'properties' in schema ? Object.keys(schema.properties ?? {}) : [];
    const required = new Set(schema && 'required' in schema ? schema.required : []);
    const validated = validatedProperties(dto);
    expect(properties.sort()).toEqual([...validated.keys()].sort());
    for (const [property, mustBeSent] of validated) {
      if (CONDITIONALLY_REQUIRED.has(`${name}.${property}`)) continue;
      expect({ property, required: required.has(property) }).toEqual({ property, required: mustBeSent });
    }
  });

  it('describes nested bodies with their required fields, nullability and enums', () => {
    const schemas = document.components?.schemas ?? {};
    expect(schemas.PostMessageDto).toMatchObject({ required: ['content', 'mentions', 'context'] });
    expect(schemas.MessageContextDto).toMatchObject({ required: ['timezone'], properties: { origin: { nullable: true } } });
    expect(schemas.CreateConversationDto).toMatchObject({ properties: { depth: { type: 'integer', minimum: 0 }, title: { nullable: true, maxLength: 512 } } });
  });

  it('describes query parameters one by one, with their defaults', () => {
    const parameters = document.paths['/agents']?.get?.parameters ?? [];
    expect(parameters).toEqual(expect.arrayContaining([expect.objectContaining({ name: 'withAuthors', in: 'query', required: false, schema: expect.objectContaining({ default: false }) })]));
  });
});
