import {
  privatePatchChange,
  type PrivateConversationPatch,
  type PrivateConversationPatchDto,
  type PublicConversationPatchDto,
} from '@app/contracts/http/conversation-patch.dto';
import type { SuccessResponse } from '@app/contracts/http/conversation-responses.types';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { AuthContext } from '../../auth/auth-context';
import { viewerIdOf } from '../conversation-reader';
import { ConversationWriter, type ConversationCommandInput } from '../conversation-writer';

/** Marks a conversation read or unread, renames it, or changes its visibility. */
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
  constructor(private readonly writer: ConversationWriter) {}

  async execute({ auth, conversationId, patch }: UpdateConversationCommand): Promise<SuccessResponse> {
    await this.writer.runOnVisible(auth, conversationId, toCommand(auth, privatePatchChange(patch)));
    return { success: true };
  }
}

function toCommand(auth: AuthContext, patch: PrivateConversationPatch): ConversationCommandInput {
  if ('read' in patch) return { type: patch.read ? 'MarkRead' : 'MarkUnread', userId: viewerIdOf(auth) };
  if ('title' in patch) return { type: 'ChangeTitle', title: patch.title };
  // The public API's "workspace" visibility is what the event log calls "unlisted".
  return { type: 'ChangeVisibility', visibility: patch.visibility === 'workspace' ? 'unlisted' : patch.visibility };
}
