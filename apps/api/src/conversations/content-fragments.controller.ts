import { ContentFragmentDto } from '@app/contracts/http/content-fragment.dto';
import type { PostContentFragmentResponse } from '@app/contracts/http/conversation-responses.types';
import { PostContentFragmentResponseSchema } from '@app/contracts/http/openapi/conversation-responses.schema';
import { Body, Controller, HttpCode, Param, Post } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { Auth, type AuthContext } from '../auth/auth-context';
import { ApiSuccess } from '../common/openapi/api-operation.decorators';
import { PostContentFragmentCommand } from './commands/post-content-fragment.command';

/** The public route is plural, the private twin singular, as in the real service. */
const ROUTES = ['api/v1/w/:wId/assistant/conversations/:cId/content_fragments', 'api/w/:wId/assistant/conversations/:cId/content_fragment'];

/** Content fragments posted on their own, after the conversation exists. */
@Controller()
export class ContentFragmentsController {
  constructor(private readonly commandBus: CommandBus) {}

  @Post(ROUTES)
  @HttpCode(200)
  @ApiSuccess('Attach inline text, an uploaded file or a content node; `supersededContentFragmentId` makes it a new version', PostContentFragmentResponseSchema)
  post(@Auth() auth: AuthContext, @Param('cId') conversationId: string, @Body() body: ContentFragmentDto): Promise<PostContentFragmentResponse> {
    return this.commandBus.execute(new PostContentFragmentCommand(auth, conversationId, body));
  }
}
