import type { MentionActionDto } from '@app/contracts/http/mention-action.dto';
import type { SuccessResponse } from '@app/contracts/http/conversation-responses.types';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { AuthContext } from '../../auth/auth-context';
import { ApiError } from '../../common/http/api-error';
import { findVisibleSpace } from '../../data-sources/space-access';
import { ReadModels } from '../../event-sourcing/reading/read-models';
import { memberKey, type UserDocument } from '@app/contracts/read-models/workspace.read-models';
import { WorkspaceAggregateWriter } from '../../event-sourcing/writing/aggregate-writers';
import { ConversationReader } from '../conversation-reader';
import { ConversationWriter } from '../conversation-writer';

/**
 * A message's author approves or rejects a pending mention of a member (private family, as in the
 * real service): an approved member takes part in the conversation (and joins its project, if it
 * has one), a rejected one is left out. A restricted mention of an agent or a member is dismissed.
 */
export class DecideMentionCommand extends Command<SuccessResponse> {
  constructor(
    readonly auth: AuthContext,
    readonly conversationId: string,
    readonly messageId: string,
    readonly body: MentionActionDto,
  ) {
    super();
  }
}

@CommandHandler(DecideMentionCommand)
export class DecideMentionHandler implements ICommandHandler<DecideMentionCommand> {
  constructor(
    private readonly writer: ConversationWriter,
    private readonly reader: ConversationReader,
    private readonly readModels: ReadModels,
    private readonly workspaces: WorkspaceAggregateWriter,
  ) {}

  async execute({ auth, conversationId, messageId, body }: DecideMentionCommand): Promise<SuccessResponse> {
    if (!auth.user) throw new ApiError('not_authenticated', 'User not authenticated', 401);
    if (body.action === 'dismissed') return this.dismiss(auth, auth.user.sId, conversationId, messageId, body);
    if (body.type !== 'user') throw new ApiError('invalid_request_error', 'Only user mentions are supported.');
    if (body.action === 'approved') await this.joinProject(auth, conversationId, body.id);
    await this.writer.runOnMessage(auth, conversationId, {
      type: 'DecideUserMention',
      messageId,
      userId: body.id,
      decision: body.action,
      decidedBy: auth.user.sId,
    });
    return { success: true };
  }

  /**
   * The author dismisses a restricted mention of an agent or a member (404 `user_not_found` for a
   * member not in the workspace, as the real service answers): it keeps its status, shown dismissed.
   */
  private async dismiss(auth: AuthContext, dismissedBy: string, conversationId: string, messageId: string, body: MentionActionDto): Promise<SuccessResponse> {
    if (body.type === 'user') {
      const member = await this.readModels.get<UserDocument>('users', memberKey(auth.workspace.sId, body.id));
      if (!member || member.workspaceId !== auth.workspace.sId) throw new ApiError('user_not_found', 'User not found', 404);
    }
    await this.writer.runOnMessage(auth, conversationId, { type: 'DismissMention', messageId, mentionType: body.type, mentionId: body.id, dismissedBy });
    return { success: true };
  }

  /**
   * Approving a member in a project's conversation adds them to the project first, as the real
   * service does: the caller must belong to the project (or be an admin) to bring someone in.
   */
  private async joinProject(auth: AuthContext, conversationId: string, userId: string): Promise<void> {
    const { spaceId } = await this.reader.load(auth, conversationId);
    const space = spaceId ? await findVisibleSpace(this.readModels, auth, spaceId) : null;
    const memberIds = space?.memberIds ?? [];
    if (!space || space.kind !== 'project' || memberIds.includes(userId)) return;
    if (auth.role !== 'admin' && !memberIds.includes(auth.user?.sId ?? '')) {
      throw new ApiError('invalid_request_error', 'Only the members of the project can add someone to it.', 403);
    }
    const outcome = await this.workspaces.run(auth.workspace.sId, { type: 'SetSpaceMembers', spaceId: space.sId, isRestricted: space.isRestricted, memberIds: [...memberIds, userId] }, auth);
    if (outcome.position !== null) await this.readModels.waitFor(outcome.position);
  }
}
