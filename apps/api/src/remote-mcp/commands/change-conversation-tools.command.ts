import type { ConversationToolAction } from '@app/contracts/http/remote-mcp-server.dto';
import type { SuccessResponse } from '@app/contracts/http/conversation-responses.types';
import type { SpaceDocument } from '@app/contracts/read-models/workspace.read-models';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { ConversationToolsAggregateWriter } from '../../event-sourcing/writing/aggregate-writers';
import type { AuthContext } from '../../auth/auth-context';
import { ApiError } from '../../common/http/api-error';
import { ConversationReader } from '../../conversations/conversation-reader';
import { canSeeSpace } from '../../data-sources/space-access';
import { ReadModels } from '../../event-sourcing/reading/read-models';
import { RemoteMcpServerReader } from '../remote-mcp-server-reader';

/**
 * A member adds an MCP server view to one conversation, or removes it; the agents answering in the
 * conversation then get (or lose) its tools. The real service takes system keys only; here a key
 * bound to a member, or an admin key, may (401 `not_authenticated` otherwise).
 */
export class ChangeConversationToolsCommand extends Command<SuccessResponse> {
  constructor(
    readonly auth: AuthContext,
    readonly conversationId: string,
    readonly action: ConversationToolAction,
    readonly viewId: string,
  ) {
    super();
  }
}

@CommandHandler(ChangeConversationToolsCommand)
export class ChangeConversationToolsHandler implements ICommandHandler<ChangeConversationToolsCommand> {
  constructor(
    private readonly conversations: ConversationReader,
    private readonly reader: RemoteMcpServerReader,
    private readonly readModels: ReadModels,
    private readonly conversationTools: ConversationToolsAggregateWriter,
  ) {}

  async execute({ auth, conversationId, action, viewId }: ChangeConversationToolsCommand): Promise<SuccessResponse> {
    if (auth.user === null && auth.role !== 'admin') {
      throw new ApiError('not_authenticated', 'Adding tools to a conversation needs a key bound to a member, or an admin key.');
    }
    const conversation = await this.conversations.load(auth, conversationId);
    const view = await this.reader.view(auth.workspace.sId, viewId);
    const space = await this.readModels.get<SpaceDocument>('spaces', view.spaceId);
    // A view in a space the caller cannot see answers as one that does not exist.
    if (!space || !canSeeSpace(auth, space)) throw new ApiError('mcp_server_view_not_found', 'The MCP server view you requested was not found.');
    await this.conversationTools.run(
      conversation.sId,
      {
        type: action === 'add' ? 'AddConversationTool' : 'RemoveConversationTool',
        workspaceId: auth.workspace.sId,
        conversationId: conversation.sId,
        viewId,
        userId: auth.user?.sId ?? null,
      },
      auth,
    );
    return { success: true };
  }
}
