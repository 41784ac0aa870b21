import type { AgentMessage, ContentFragment, UserMessage } from '@app/contracts/http/conversation.types';
import type { ConversationDocument } from '@app/contracts/read-models/conversation.read-models';
import { renderConversation, withAbsoluteUrls } from '@app/contracts/render/conversation.render';
import type { ConversationCommand } from '@app/domain/conversation/conversation.commands';
import { conversationDecider } from '@app/domain/conversation/conversation.decider';
import { toConversationStreamName } from '@app/domain/conversation/conversation.stream';
import { DomainError } from '@app/domain/shared/domain-error';
import type { SpaceDocument } from '@app/contracts/read-models/workspace.read-models';
import { Injectable } from '@nestjs/common';
import { CommandExecutor } from '../application/command-executor';
import type { AuthContext } from '../auth/auth-context';
import { newSId } from '../common/ids';
import { ReadModels } from '../infrastructure/read-models.service';
import { ConversationReader } from './conversation-reader';
import { MessagePreparation, type PathFamily } from './message-preparation';
import type { CreateConversationInput, PostMessageInput } from './requests/conversation.schemas';
import { waitForAgentMessages } from './wait-for-agent-messages';

type WithoutBase<C> = C extends unknown ? Omit<C, 'conversationId' | 'workspaceId' | 'now'> : never;

/** The write operations on conversations: each one command, then an answer showing its effect. */
@Injectable()
export class ConversationCommands {
  constructor(
    private readonly executor: CommandExecutor,
    private readonly reader: ConversationReader,
    private readonly preparation: MessagePreparation,
    private readonly readModels: ReadModels,
  ) {}

  /** Runs one command on a conversation's stream; returns the position of its last event. */
  async run(auth: AuthContext, conversationId: string, command: WithoutBase<ConversationCommand>): Promise<number | null> {
    const full = { ...command, conversationId, workspaceId: auth.workspace.sId, now: Date.now() } as ConversationCommand;
    const outcome = await this.executor.execute(conversationDecider, toConversationStreamName(conversationId), full, {
      actor: auth.user?.sId ?? auth.keyId,
    });
    return outcome.position;
  }

  async create(auth: AuthContext, input: CreateConversationInput, family: PathFamily) {
    const conversationId = newSId();
    const message = input.message ? await this.preparation.prepare(auth, input.message, family) : null;
    const fragments = [...(input.contentFragments ?? []), ...(input.contentFragment ? [input.contentFragment] : [])].map((fragment) =>
      this.preparation.fragment(auth, fragment, message?.context ?? null),
    );
    const spaceId = input.spaceId ?? null;
    if (spaceId !== null) await this.requireSpace(auth, spaceId);
    const requestedSpaceIds = [...new Set(message?.mentionedAgents.flatMap((agent) => agent.requestedSpaceIds) ?? [])];
    const position = await this.run(auth, conversationId, {
      type: 'CreateConversation',
      title: input.title ?? null,
      visibility: input.visibility === 'workspace' || input.visibility === undefined ? 'unlisted' : input.visibility,
      depth: input.depth ?? 0,
      spaceId,
      metadata: input.metadata ?? null,
      triggerId: null,
      requestedSpaceIds,
      createdBy: message?.user ?? null,
      contentFragments: fragments,
      message: message ? { ...message, skipToolsValidation: input.skipToolsValidation ?? message.skipToolsValidation } : null,
    });
    let doc = await this.reader.loadAfter(auth, conversationId, position);
    if (message && (input.blocking || input.message?.blocking)) {
      doc = await waitForAgentMessages(this.reader, auth, conversationId, message.agentMessageIds);
    }
    const context = this.reader.renderContext(auth);
    const contentFragments = fragments.map((fragment) => this.fragmentOf(doc, fragment.messageId, context.baseUrl));
    return {
      conversation: renderConversation(doc, context),
      ...(message ? { message: this.userMessageOf(doc, message.messageId) } : {}),
      ...(contentFragments.length > 0 ? { contentFragment: contentFragments[0] } : {}),
      contentFragments,
    };
  }

  async postMessage(auth: AuthContext, conversationId: string, input: PostMessageInput, family: PathFamily) {
    await this.reader.load(auth, conversationId);
    const message = await this.preparation.prepare(auth, input, family);
    const position = await this.run(auth, conversationId, { type: 'PostUserMessage', ...message });
    let doc = await this.reader.loadAfter(auth, conversationId, position);
    if (input.blocking) doc = await waitForAgentMessages(this.reader, auth, conversationId, message.agentMessageIds);
    return {
      message: this.userMessageOf(doc, message.messageId),
      agentMessages: message.agentMessageIds.map((id) => this.agentMessageOf(doc, id)),
    };
  }

  async edit(auth: AuthContext, conversationId: string, messageId: string, input: { content: string; mentions: PostMessageInput['mentions']; skipToolsValidation?: boolean }) {
    const existing = this.reader.message(await this.reader.load(auth, conversationId), messageId);
    if (existing.type !== 'user_message') throw new DomainError('invalid_request_error', 'Only user messages can be edited.');
    const { mentionedAgents, mentionedUsers } = await this.preparation.resolveMentions(auth, input.mentions);
    const newMessageId = newSId();
    const agentMessageIds = mentionedAgents.map(() => newSId());
    const position = await this.run(auth, conversationId, {
      type: 'EditUserMessage',
      messageId,
      newMessageId,
      content: input.content,
      mentions: input.mentions,
      editedBy: auth.user?.sId ?? null,
      skipToolsValidation: input.skipToolsValidation ?? false,
      mentionedAgents,
      mentionedUsers,
      agentMessageIds,
    });
    const doc = await this.reader.loadAfter(auth, conversationId, position);
    return { message: this.userMessageOf(doc, newMessageId), agentMessages: agentMessageIds.map((id) => this.agentMessageOf(doc, id)) };
  }

  async retry(auth: AuthContext, conversationId: string, messageId: string) {
    const existing = this.reader.message(await this.reader.load(auth, conversationId), messageId);
    if (existing.type !== 'agent_message') throw new DomainError('invalid_request_error', 'Only agent messages can be retried.');
    const configuration = (await this.preparation.resolveMentions(auth, [{ configurationId: existing.configuration.sId }])).mentionedAgents[0];
    const newMessageId = newSId();
    const position = await this.run(auth, conversationId, { type: 'RetryAgentMessage', messageId, newMessageId, configuration });
    const doc = await this.reader.loadAfter(auth, conversationId, position);
    return { message: this.agentMessageOf(doc, newMessageId) };
  }

  private async requireSpace(auth: AuthContext, spaceId: string): Promise<void> {
    const space = await this.readModels.get<SpaceDocument>('spaces', spaceId);
    if (!space || space.workspaceId !== auth.workspace.sId) throw new DomainError('space_not_found', 'Space not found.');
  }

  private userMessageOf(doc: ConversationDocument, messageId: string): UserMessage {
    const message = this.reader.message(doc, messageId);
    if (message.type !== 'user_message') throw new DomainError('message_not_found', 'Message not found.');
    return message;
  }

  private agentMessageOf(doc: ConversationDocument, messageId: string): AgentMessage {
    const message = this.reader.message(doc, messageId);
    if (message.type !== 'agent_message') throw new DomainError('message_not_found', 'Message not found.');
    return message;
  }

  private fragmentOf(doc: ConversationDocument, messageId: string, baseUrl: string): ContentFragment {
    const message = this.reader.message(doc, messageId);
    if (message.type !== 'content_fragment') throw new DomainError('message_not_found', 'Message not found.');
    return withAbsoluteUrls(message, baseUrl);
  }
}
