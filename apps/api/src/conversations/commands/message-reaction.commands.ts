import type { SuccessResponse } from '@app/contracts/http/conversation-responses.types';
import { Injectable } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { AuthContext } from '../../auth/auth-context';
import { ConversationWriter } from '../conversation-writer';
import { actingUserOf } from '../message-preparation';

/** Fields of both reaction commands: who reacts, to which message, with which emoji. */
abstract class ReactionCommand extends Command<SuccessResponse> {
  constructor(
    readonly auth: AuthContext,
    readonly conversationId: string,
    readonly messageId: string,
    readonly emoji: string,
  ) {
    super();
  }
}

/** The key's member reacts to a message with an emoji (private family). */
export class AddReactionCommand extends ReactionCommand {}

/** The key's member withdraws an emoji reaction (private family). */
export class RemoveReactionCommand extends ReactionCommand {}

/** Both reaction handlers: the member must act as a user and the message must exist. */
@Injectable()
abstract class ReactionHandler {
  protected abstract readonly commandType: 'AddReaction' | 'RemoveReaction';

  constructor(private readonly writer: ConversationWriter) {}

  async execute({ auth, conversationId, messageId, emoji }: ReactionCommand): Promise<SuccessResponse> {
    const user = actingUserOf(auth, 'Reacting to a message');
    await this.writer.runOnMessage(auth, conversationId, { type: this.commandType, messageId, emoji, user });
    return { success: true };
  }
}

@CommandHandler(AddReactionCommand)
export class AddReactionHandler extends ReactionHandler implements ICommandHandler<AddReactionCommand> {
  protected readonly commandType = 'AddReaction';
}

@CommandHandler(RemoveReactionCommand)
export class RemoveReactionHandler extends ReactionHandler implements ICommandHandler<RemoveReactionCommand> {
  protected readonly commandType = 'RemoveReaction';
}
