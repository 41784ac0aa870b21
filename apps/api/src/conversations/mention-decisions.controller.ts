import type { SuccessResponse } from '@app/contracts/http/conversation-responses.types';
import { MentionActionDto } from '@app/contracts/http/mention-action.dto';
import { SuccessSchema } from '@app/contracts/http/openapi/conversation-responses.schema';
import { Body, Controller, HttpCode, Param, Post } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { Auth, type AuthContext } from '../auth/auth-context';
import { ApiSuccess } from '../common/openapi/api-operation.decorators';
import { DecideMentionCommand } from './commands/decide-mention.command';

/** A message's author deciding on the mentions it made: the private family only, as in the real service. */
@Controller()
export class MentionDecisionsController {
  constructor(private readonly commandBus: CommandBus) {}

  @Post('api/w/:wId/assistant/conversations/:cId/messages/:mId/mentions')
  @HttpCode(200)
  @ApiSuccess("Approve or reject a pending mention of a member (the message's author)", SuccessSchema)
  decide(@Auth() auth: AuthContext, @Param('cId') cId: string, @Param('mId') mId: string, @Body() body: MentionActionDto): Promise<SuccessResponse> {
    return this.commandBus.execute(new DecideMentionCommand(auth, cId, mId, body));
  }
}
