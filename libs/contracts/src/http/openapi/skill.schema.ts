import type { ConversationSkillsResponse } from '../conversation-skills.types';
import { ApiProperty, ApiSchema } from '@nestjs/swagger';
import type {
  AgentSkillsResponse,
  ImportSkillsResponse,
  ListSkillConfigurationsResponse,
  SkillConfiguration,
  SkillConfigurationEnvelope,
  SkillHistoryResponse,
  SkippedSkillImport,
} from '../skill.types';

class SkillToolSchema {
  @ApiProperty({ example: 'msv_3kq9Zb1Lm0Xa' }) mcpServerViewId!: string;
}

class SkillFileAttachmentSchema {
  @ApiProperty({ example: 'fil_3kq9Zb1Lm0Xa' }) fileId!: string;
  @ApiProperty({ type: String, nullable: true, example: 'template.md', description: 'Null once the file is deleted.' }) fileName!: string | null;
  @ApiProperty({ type: String, nullable: true, example: 'text/markdown' }) contentType!: string | null;
}

@ApiSchema({ name: 'SkillConfiguration' })
export class SkillConfigurationSchema implements SkillConfiguration {
  @ApiProperty({ example: 412 }) id!: number;
  @ApiProperty({ example: 'skl_3kq9Zb1Lm0Xa' }) sId!: string;
  @ApiProperty({ example: 1_767_225_600_000 }) createdAt!: number;
  @ApiProperty({ example: 1_767_225_600_000 }) updatedAt!: number;
  @ApiProperty({ example: 2 }) version!: number;
  @ApiProperty({ enum: ['active', 'suggested', 'archived'] }) status!: SkillConfiguration['status'];
  @ApiProperty({ example: 'release-notes' }) name!: string;
  @ApiProperty({ example: 'Use when asked to write release notes.' }) agentFacingDescription!: string;
  @ApiProperty({ example: 'Writes release notes in our format.' }) userFacingDescription!: string;
  @ApiProperty({ example: 'Group the changes by area; one line each.' }) instructions!: string;
  @ApiProperty({ type: String, nullable: true, example: null }) icon!: string | null;
  @ApiProperty({ type: [SkillToolSchema] }) tools!: SkillToolSchema[];
  @ApiProperty({ type: [String], example: [] }) dataSourceViewIds!: string[];
  @ApiProperty({ type: [SkillFileAttachmentSchema] }) fileAttachments!: SkillFileAttachmentSchema[];
  @ApiProperty({ type: [String], example: ['Us3r000001'] }) editorIds!: string[];
  @ApiProperty({ type: [String], example: [], description: 'Spaces a member must see to read the skill and its files.' }) requestedSpaceIds!: string[];
  @ApiProperty({ type: String, nullable: true, example: 'Us3r000001' }) authorId!: string | null;
  @ApiProperty({ description: 'Whether the caller may change the skill (admins and its editors).' }) canWrite!: boolean;
}

@ApiSchema({ name: 'SkillConfigurationEnvelope' })
export class SkillConfigurationEnvelopeSchema implements SkillConfigurationEnvelope {
  @ApiProperty({ type: SkillConfigurationSchema }) skillConfiguration!: SkillConfigurationSchema;
}

@ApiSchema({ name: 'ListSkillConfigurationsResponse' })
export class ListSkillConfigurationsResponseSchema implements ListSkillConfigurationsResponse {
  @ApiProperty({ type: [SkillConfigurationSchema] }) skillConfigurations!: SkillConfigurationSchema[];
}

class SkippedSkillImportSchema implements SkippedSkillImport {
  @ApiProperty({ example: 'release-notes' }) name!: string;
  @ApiProperty({ example: 'A skill named "release-notes" already exists.' }) message!: string;
  @ApiProperty({ example: 'skl_3kq9Zb1Lm0Xa', description: 'The live skill of that name, left as it was.' }) skillId!: string;
}

@ApiSchema({ name: 'ImportSkillsResponse' })
export class ImportSkillsResponseSchema implements ImportSkillsResponse {
  @ApiProperty({ type: [SkillConfigurationSchema], description: 'Skills the import created.' }) imported!: SkillConfigurationSchema[];
  @ApiProperty({ type: [SkillConfigurationSchema], description: 'Skills saved over as a new version (`onConflict=override`).' }) updated!: SkillConfigurationSchema[];
  @ApiProperty({ type: [SkippedSkillImportSchema], description: 'SKILL.md files left out (`onConflict=skip`).' }) skipped!: SkippedSkillImportSchema[];
}

class SkillHistoryEntrySchema {
  @ApiProperty({ example: 2 }) version!: number;
  @ApiProperty({ enum: ['active', 'suggested'] }) status!: string;
  @ApiProperty({ example: 1_767_225_600_000 }) savedAt!: number;
  @ApiProperty({ type: String, nullable: true, example: 'Us3r000001' }) savedBy!: string | null;
  @ApiProperty({ type: SkillConfigurationSchema }) skillConfiguration!: SkillConfigurationSchema;
}

@ApiSchema({ name: 'SkillHistoryResponse' })
export class SkillHistoryResponseSchema implements SkillHistoryResponse {
  @ApiProperty({ type: [SkillHistoryEntrySchema] }) history!: SkillHistoryEntrySchema[];
}

@ApiSchema({ name: 'AgentSkillsResponse' })
export class AgentSkillsResponseSchema implements AgentSkillsResponse {
  @ApiProperty({ type: [SkillConfigurationSchema] }) skills!: SkillConfigurationSchema[];
}

@ApiSchema({ name: 'ConversationSkillsResponse' })
export class ConversationSkillsResponseSchema implements ConversationSkillsResponse {
  @ApiProperty({ type: [String], example: ['skl_3kq9Zb1Lm0Xa'], description: 'In the order they were enabled (by a member or by an agent).' }) skillIds!: string[];
}
