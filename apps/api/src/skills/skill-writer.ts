import type { SkillDefinition, SkillSavedStatus } from '@app/contracts/events/skill.events';
import type { DataSourceViewDocument } from '@app/contracts/read-models/data-source.read-models';
import type { FileDocument } from '@app/contracts/read-models/file.read-models';
import type { McpServerViewDocument } from '@app/contracts/read-models/remote-mcp-server.read-models';
import type { SkillDocument } from '@app/contracts/read-models/skill.read-models';
import { memberKey, type SpaceDocument, type UserDocument } from '@app/contracts/read-models/workspace.read-models';
import { Injectable } from '@nestjs/common';
import type { AuthContext } from '../auth/auth-context';
import { ApiError } from '../common/http/api-error';
import { newPrefixedId } from '../common/ids';
import { canSeeSpace } from '../data-sources/space-access';
import { ReadModels } from '../event-sourcing/reading/read-models';
import { SkillAggregateWriter } from '../event-sourcing/writing/aggregate-writers';
import { SkillReader } from './skill-reader';

/** A skill as a request or an import describes it; the spaces of its views are added when it is saved. */
export type SkillInput = SkillDefinition;

const invalid = (message: string) => new ApiError('invalid_request_error', `Invalid request body: ${message}`);

/**
 * Saves skills: checks what a definition names (views, files, editors, spaces of the workspace the
 * caller sees), that no other live skill has its name, adds the spaces of its views to the spaces it
 * requests (so reading it takes seeing them), and records the version.
 */
@Injectable()
export class SkillWriter {
  constructor(
    private readonly skills: SkillAggregateWriter,
    private readonly readModels: ReadModels,
    private readonly reader: SkillReader,
  ) {}

  async create(auth: AuthContext, input: SkillInput, status: SkillSavedStatus, skillId = newPrefixedId('skl')): Promise<{ skillId: string; position: number | null }> {
    await this.requireFreeName(auth, input.name, null);
    const definition = await this.definitionOf(auth, skillId, input);
    const by = auth.user?.sId ?? null;
    const { position } = await this.skills.run(skillId, { type: 'CreateSkill', workspaceId: auth.workspace.sId, skillId, status, definition, by }, auth);
    return { skillId, position };
  }

  async update(auth: AuthContext, doc: SkillDocument, input: SkillInput, status: SkillSavedStatus): Promise<number | null> {
    await this.requireFreeName(auth, input.name, doc.sId);
    const definition = await this.definitionOf(auth, doc.sId, input);
    const { position } = await this.skills.run(doc.sId, { type: 'UpdateSkill', status, definition, by: auth.user?.sId ?? null }, auth);
    return position;
  }

  private async requireFreeName(auth: AuthContext, name: string, skillId: string | null): Promise<void> {
    const existing = await this.reader.activeNamed(auth.workspace.sId, name);
    if (existing && existing.sId !== skillId) throw invalid(`a skill named "${name.trim()}" already exists.`);
  }

  private async definitionOf(auth: AuthContext, skillId: string, input: SkillInput): Promise<SkillDefinition> {
    const workspaceId = auth.workspace.sId;
    const [mcpViews, dataViews, files, spaces, editors] = await Promise.all([
      this.readModels.getMany<McpServerViewDocument>('mcpServerViews', input.mcpServerViewIds),
      this.readModels.getMany<DataSourceViewDocument>('dataSourceViews', input.dataSourceViewIds),
      this.readModels.getMany<FileDocument>('files', input.fileIds),
      this.readModels.getMany<SpaceDocument>('spaces', input.requestedSpaceIds),
      this.readModels.getMany<UserDocument>('users', input.editorIds.map((userId) => memberKey(workspaceId, userId))),
    ]);
    const spaceIds = new Set<string>();
    for (const id of input.mcpServerViewIds) {
      const view = mcpViews.get(id);
      if (!view || view.workspaceId !== workspaceId) throw invalid(`MCP server view ${id} was not found.`);
      spaceIds.add(view.spaceId);
    }
    for (const id of input.dataSourceViewIds) {
      const view = dataViews.get(id);
      if (!view || view.workspaceId !== workspaceId) throw invalid(`data source view ${id} was not found.`);
      spaceIds.add(view.spaceId);
    }
    for (const id of input.requestedSpaceIds) {
      const space = spaces.get(id);
      if (!space || space.workspaceId !== workspaceId || !canSeeSpace(auth, space)) throw invalid(`space ${id} was not found.`);
      spaceIds.add(id);
    }
    for (const id of input.fileIds) {
      const file = files.get(id);
      // Only files imported with this skill: attaching a file of a conversation would let the skill's readers read it.
      if (!file || file.workspaceId !== workspaceId || file.useCase !== 'skill_attachment' || file.useCaseMetadata?.skillId !== skillId) {
        throw invalid(`file ${id} is not an attachment of this skill.`);
      }
    }
    const editorIds = [...input.editorIds];
    for (const id of editorIds) if (!editors.get(memberKey(workspaceId, id))) throw invalid(`editor ${id} is not a member of the workspace.`);
    // A builder who saves a skill stays able to change it.
    if (auth.user && auth.role !== 'admin' && !editorIds.includes(auth.user.sId)) editorIds.push(auth.user.sId);
    return { ...input, editorIds, requestedSpaceIds: [...spaceIds] };
  }
}
