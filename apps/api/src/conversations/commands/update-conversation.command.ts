import {
  privatePatchChange,
  type PrivateConversationPatch,
  type PrivateConversationPatchDto,
  type PublicConversationPatchDto,
} from '@app/contracts/http/conversation-patch.dto';
import type { SuccessResponse } from '@app/contracts/http/conversation-responses.types';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { AuthContext } from '../../auth/auth-context';
import { ReadModels } from '../../event-sourcing/reading/read-models';
import { viewerIdOf } from '../conversation-reader';
import { requireProjectSpace } from '../project-space';
import { ConversationWriter, type ConversationCommandInput } from '../conversation-writer';

/** Marks a conversation read or unread, renames it, changes its visibility, or moves it into a project. */
export class UpdateConversationCommand extends Command<SuccessResponse> {
  constructor(
    readonly auth: AuthContext,
    readonly conversationId: string,
    readonly patch: PublicConversationPatchDto | PrivateConversationPatchDto,
  ) {
    super();
  }
}

@CommandHandler(UpdateConversationCommand)
export class UpdateConversationHandler implements ICommandHandler<UpdateConversationCommand> {
  constructor(
    private readonly writer: ConversationWriter,
    private readonly readModels: ReadModels,
  ) {}

  async execute({ auth, conversationId, patch }: UpdateConversationCommand): Promise<SuccessResponse> {
    const change = privatePatchChange(patch);
    if ('spaceId' in change) {
      await requireProjectSpace(this.readModels, auth, change.spaceId, 'Conversations can only be moved to project spaces.');
    }
    await this.writer.runOnVisible(auth, conversationId, toCommand(auth, change));
    return { success: true };
  }
}

function toCommand(auth: AuthContext, patch: PrivateConversationPatch): ConversationCommandInput {
  if ('read' in patch) return { type: patch.read ? 'MarkRead' : 'MarkUnread', userId: viewerIdOf(auth) };
  if ('title' in patch) return { type: 'ChangeTitle', title: patch.title };
  if ('spaceId' in patch) return { type: 'MoveToProject', spaceId: patch.spaceId };
  // The public API's "workspace" visibility is what the event log calls "unlisted".
  return { type: 'ChangeVisibility', visibility: patch.visibility === 'workspace' ? 'unlisted' : patch.visibility };
}
