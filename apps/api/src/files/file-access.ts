import type { FileDocument } from '@app/contracts/read-models/file.read-models';
import { Injectable } from '@nestjs/common';
import type { AuthContext } from '../auth/auth-context';
import { ApiError } from '../common/http/api-error';
import { ConversationReader } from '../conversations/conversation-reader';
import { findVisibleSpace } from '../data-sources/space-access';
import { ReadModels } from '../event-sourcing/reading/read-models';
import { mayReadSkill, readerOf } from '../skills/skill-access';
import type { SkillDocument } from '@app/contracts/read-models/skill.read-models';

const notFound = (): ApiError => new ApiError('file_not_found', 'File not found.');

/**
 * Finds the files a caller may use. A file belongs to its workspace and, when it was uploaded for
 * a conversation or a project, or attached to a skill, follows it: a file of a conversation,
 * project or skill the caller cannot read answers exactly like a file that does not exist.
 */
@Injectable()
export class FileAccess {
  constructor(
    private readonly readModels: ReadModels,
    private readonly conversations: ConversationReader,
  ) {}

  async load(auth: AuthContext, fileId: string): Promise<FileDocument> {
    const doc = await this.readModels.get<FileDocument>('files', fileId);
    if (!doc || doc.workspaceId !== auth.workspace.sId) throw notFound();
    if (doc.conversationId !== null) {
      try {
        await this.conversations.load(auth, doc.conversationId);
      } catch (error) {
        if (error instanceof ApiError && error.type === 'conversation_not_found') throw notFound();
        throw error;
      }
    }
    if (doc.spaceId && !(await findVisibleSpace(this.readModels, auth, doc.spaceId))) throw notFound();
    if (doc.useCase === 'skill_attachment' && !(await this.readsSkillOf(auth, doc))) throw notFound();
    return doc;
  }

  /** Whether the caller reads the skill a skill attachment belongs to (spec 4.7, 5.5). */
  private async readsSkillOf(auth: AuthContext, doc: FileDocument): Promise<boolean> {
    const skillId = doc.useCaseMetadata?.skillId;
    if (!skillId) return false;
    const skill = await this.readModels.get<SkillDocument>('skills', skillId);
    return skill !== null && (await mayReadSkill(this.readModels, readerOf(auth), skill));
  }

  /**
   * Changing a file that is neither a conversation attachment nor a project's file (whose readers,
   * checked by `load`, may write it) needs a builder (reference §6.2, §6.4).
   */
  requireWriter(auth: AuthContext, doc: FileDocument): void {
    // A skill's files change with the skill (an import that overrides it); only admins remove one by hand.
    if (doc.useCase === 'skill_attachment' && auth.role !== 'admin') {
      throw new ApiError('workspace_auth_error', 'Only the workspace admins can modify the files of a skill.', 403);
    }
    if (doc.useCase !== 'conversation' && doc.useCase !== 'project_context' && auth.role === 'user') {
      throw new ApiError('workspace_auth_error', 'Only builders of the workspace can modify this file.', 403);
    }
  }
}
