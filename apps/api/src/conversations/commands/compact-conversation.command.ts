import type { CompactConversationResponse } from '@app/contracts/http/conversation-responses.types';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { ConversationCompactor } from '../../agent-runner';
import type { AuthContext } from '../../auth/auth-context';
import { ConversationReader } from '../conversation-reader';

/** Compacts a conversation on request: answers the compaction message as created; the summary follows. */
export class CompactConversationCommand extends Command<CompactConversationResponse> {
  constructor(
    readonly auth: AuthContext,
    readonly conversationId: string,
  ) {
    super();
  }
}

@CommandHandler(CompactConversationCommand)
export class CompactConversationHandler implements ICommandHandler<CompactConversationCommand> {
  constructor(
    private readonly reader: ConversationReader,
    private readonly compactor: ConversationCompactor,
  ) {}

  async execute({ auth, conversationId }: CompactConversationCommand): Promise<CompactConversationResponse> {
    await this.reader.load(auth, conversationId);
    const started = await this.compactor.start({
      workspaceId: auth.workspace.sId,
      conversationId,
      trigger: 'manual',
      actor: auth.user?.sId ?? auth.keyId,
    });
    const written = await this.reader.loadWrittenMessages(conversationId, started.position, [started.messageId]);
    const message = this.reader.message(written, started.messageId);
    if (message.type !== 'compaction_message') throw new Error(`message ${started.messageId} is not a compaction message`);
    return { compactionMessage: message };
  }
}
