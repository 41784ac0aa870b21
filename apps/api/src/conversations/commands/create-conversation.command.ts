import type { CreateConversationResponse } from '@app/contracts/http/conversation-responses.types';
import { renderConversation } from '@app/contracts/render/conversation.render';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { AuthContext } from '../../auth/auth-context';
import type { PathFamily } from '../../common/http/path-family';
import { newSId } from '../../common/ids';
import { ReadModels } from '../../event-sourcing/reading/read-models';
import { ConversationReader, messagesOf } from '../conversation-reader';
import { ConversationWriter } from '../conversation-writer';
import { MessagePreparation } from '../message-preparation';
import type { CreateConversationInput } from '@app/contracts/http/conversation.dto';
import { waitForAgentMessages } from '../wait-for-agent-messages';
import { requireProjectSpace } from '../project-space';
import { newConversationScope } from '../../mentions/mention-access';

/** Creates a conversation, optionally with content fragments and a first message (spec 4.1). */
export class CreateConversationCommand extends Command<CreateConversationResponse> {
  constructor(
    readonly auth: AuthContext,
    readonly input: CreateConversationInput,
    readonly family: PathFamily,
    /** The trigger that started it, if a trigger did (the conversation's `triggerId`). */
    readonly triggerId: string | null = null,
  ) {
    super();
  }
}

@CommandHandler(CreateConversationCommand)
export class CreateConversationHandler implements ICommandHandler<CreateConversationCommand> {
  constructor(
    private readonly writer: ConversationWriter,
    private readonly reader: ConversationReader,
    private readonly preparation: MessagePreparation,
    private readonly readModels: ReadModels,
  ) {}

  async execute({ auth, input, family, triggerId }: CreateConversationCommand): Promise<CreateConversationResponse> {
    const conversationId = newSId();
    const spaceId = input.spaceId ?? null;
    if (spaceId !== null) await requireProjectSpace(this.readModels, auth, spaceId, 'Conversations can only be created in project spaces.');
    // The first message's mentions are judged as a later one's would be, in the conversation as it starts.
    const scope = newConversationScope(auth.workspace.sId, spaceId);
    const message = input.message ? await this.preparation.prepare(auth, input.message, family, scope) : null;
    const fragments = await Promise.all(
      [...(input.contentFragments ?? []), ...(input.contentFragment ? [input.contentFragment] : [])].map((fragment) =>
        this.preparation.fragment(auth, fragment, message?.context ?? null, conversationId),
      ),
    );
    const requestedSpaceIds = [...new Set(message?.mentionedAgents.flatMap((agent) => agent.requestedSpaceIds) ?? [])];
    const position = await this.writer.run(auth, conversationId, {
      type: 'CreateConversation',
      title: input.title ?? null,
      visibility: input.visibility === 'workspace' || input.visibility === undefined ? 'unlisted' : input.visibility,
      depth: input.depth ?? 0,
      spaceId,
      metadata: input.metadata ?? null,
      triggerId,
      requestedSpaceIds,
      createdBy: message?.user ?? null,
      contentFragments: fragments,
      message: message ? { ...message, skipToolsValidation: input.skipToolsValidation ?? message.skipToolsValidation } : null,
    });
    if (position !== null) await this.readModels.waitFor(position);
    if (message && (input.blocking || input.message?.blocking)) {
      await waitForAgentMessages(this.reader, auth, conversationId, message.agentMessageIds);
    }
    const doc = await this.reader.loadWithContent(auth, conversationId);
    const messages = messagesOf(doc);
    const contentFragments = fragments.map((fragment) => this.reader.contentFragment(messages, fragment.messageId));
    return {
      conversation: renderConversation(doc, this.reader.renderContext(auth)),
      ...(message ? { message: this.reader.userMessage(messages, message.messageId) } : {}),
      ...(contentFragments.length > 0 ? { contentFragment: contentFragments[0] } : {}),
      contentFragments,
    };
  }
}
