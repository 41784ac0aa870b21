import type { CompactConversationResponse } from '@app/contracts/http/conversation-responses.types';
import { CompactConversationResponseSchema } from '@app/contracts/http/openapi/compaction-message.schema';
import { Controller, HttpCode, Param, Post } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { Auth, type AuthContext } from '../auth/auth-context';
import { ApiSuccess } from '../common/openapi/api-operation.decorators';
import { CompactConversationCommand } from './commands/compact-conversation.command';

/** Compaction on request (private family); runs compact on their own when a prompt would crowd the model's context. */
@Controller()
export class CompactionController {
  constructor(private readonly commandBus: CommandBus) {}

  @Post('api/w/:wId/assistant/conversations/:cId/compact')
  @HttpCode(200)
  @ApiSuccess('Compact a conversation: later prompts use a summary of everything so far (its progress is on the conversation event stream)', CompactConversationResponseSchema)
  compact(@Auth() auth: AuthContext, @Param('cId') conversationId: string): Promise<CompactConversationResponse> {
    return this.commandBus.execute(new CompactConversationCommand(auth, conversationId));
  }
}
