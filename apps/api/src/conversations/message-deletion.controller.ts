import type { SuccessResponse } from '@app/contracts/http/conversation-responses.types';
import { SuccessSchema } from '@app/contracts/http/openapi/conversation-responses.schema';
import { Controller, Delete, Param } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { Auth, type AuthContext } from '../auth/auth-context';
import { ApiSuccess } from '../common/openapi/api-operation.decorators';
import { DeleteMessageCommand } from './commands/delete-message.command';

/** Deleting a user message: the private family only, as in the real service. */
@Controller()
export class MessageDeletionController {
  constructor(private readonly commandBus: CommandBus) {}

  @Delete('api/w/:wId/assistant/conversations/:cId/messages/:mId')
  @ApiSuccess('Delete a user message and the agent messages that answered it', SuccessSchema)
  delete(@Auth() auth: AuthContext, @Param('cId') cId: string, @Param('mId') mId: string): Promise<SuccessResponse> {
    return this.commandBus.execute(new DeleteMessageCommand(auth, cId, mId));
  }
}
