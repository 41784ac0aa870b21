import type { PostContentFragmentResponse } from '@app/contracts/http/conversation-responses.types';
import type { ContentFragmentInput } from '@app/contracts/http/content-fragment.dto';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { AuthContext } from '../../auth/auth-context';
import { ConversationReader } from '../conversation-reader';
import { ConversationWriter } from '../conversation-writer';
import { MessagePreparation } from '../message-preparation';

/** Attaches a content fragment to a conversation, optionally superseding an older one (reference §2.7). */
export class PostContentFragmentCommand extends Command<PostContentFragmentResponse> {
  constructor(
    readonly auth: AuthContext,
    readonly conversationId: string,
    readonly input: ContentFragmentInput,
  ) {
    super();
  }
}

@CommandHandler(PostContentFragmentCommand)
export class PostContentFragmentHandler implements ICommandHandler<PostContentFragmentCommand> {
  constructor(
    private readonly writer: ConversationWriter,
    private readonly reader: ConversationReader,
    private readonly preparation: MessagePreparation,
  ) {}

  async execute({ auth, conversationId, input }: PostContentFragmentCommand): Promise<PostContentFragmentResponse> {
    await this.reader.load(auth, conversationId);
    const fragment = await this.preparation.fragment(auth, input, null);
    const position = await this.writer.run(auth, conversationId, { type: 'AddContentFragment', ...fragment });
    const messages = await this.reader.loadWrittenMessages(conversationId, position, [fragment.messageId]);
    return { contentFragment: this.reader.contentFragment(messages, fragment.messageId) };
  }
}
