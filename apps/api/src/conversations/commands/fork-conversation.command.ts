import type { ForkConversationResponse } from '@app/contracts/http/conversation-responses.types';
import { renderConversation } from '@app/contracts/render/conversation.render';
import { EVENT_STORE, type EventStore } from '@app/storage';
import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { AuthContext } from '../../auth/auth-context';
import { readConversationEvents } from '../../event-sourcing/reading/conversation-events';
import { ApiError } from '../../common/http/api-error';
import { newSId } from '../../common/ids';
import { ReadModels } from '../../event-sourcing/reading/read-models';
import { ConversationReader } from '../conversation-reader';
import { ConversationWriter } from '../conversation-writer';
import { forkContent } from '../forking/fork-copies';
import { ForkPreparer } from '../forking/fork-preparer';
import { userSnapshotOf } from '../message-preparation';

/**
 * Forks a conversation from one of its messages (spec 2.12): a new conversation of the forking
 * user holding the latest versions of the messages up to and including that one, `pending` until
 * the fork process manager has copied its files; the parent lists it among its children.
 */
export class ForkConversationCommand extends Command<ForkConversationResponse> {
  constructor(
    readonly auth: AuthContext,
    readonly conversationId: string,
    readonly sourceMessageId: string,
  ) {
    super();
  }
}

@CommandHandler(ForkConversationCommand)
export class ForkConversationHandler implements ICommandHandler<ForkConversationCommand> {
  constructor(
    @Inject(EVENT_STORE) private readonly eventStore: EventStore,
    private readonly reader: ConversationReader,
    private readonly writer: ConversationWriter,
    private readonly readModels: ReadModels,
    private readonly preparer: ForkPreparer,
  ) {}

  async execute({ auth, conversationId, sourceMessageId }: ForkConversationCommand): Promise<ForkConversationResponse> {
    const user = userSnapshotOf(auth.user);
    if (!user) throw new ApiError('user_authentication_required', 'Forking a conversation needs an API key bound to a user: the fork is theirs.');
    const parent = await this.reader.load(auth, conversationId);
    const content = forkContent(await readConversationEvents(this.eventStore, conversationId), sourceMessageId, () => newSId());
    if (!content) throw new ApiError('message_not_found', 'Message not found.');
    const childId = newSId();
    const now = Date.now();
    // Copies: the stored event must not hold the same object twice (createdBy and forkedFrom.user).
    const forkedFrom = { parentConversationId: parent.sId, parentConversationTitle: parent.title, sourceMessageId, branchedAt: now, user: { ...user } };
    const created = await this.writer.run(auth, childId, {
      type: 'CreateConversation',
      title: parent.title,
      visibility: 'unlisted',
      depth: 0,
      spaceId: null,
      metadata: null,
      triggerId: null,
      requestedSpaceIds: parent.requestedSpaceIds,
      createdBy: user,
      forkedFrom,
      copiedMessages: content.copies,
    });
    const recorded = await this.writer.run(auth, conversationId, {
      type: 'RecordFork',
      childConversationId: childId,
      childConversationTitle: parent.title,
      sourceMessageId,
      user,
      branchedAt: now,
    });
    void this.preparer.prepare(auth.workspace.sId, childId);
    await this.readModels.waitFor(Math.max(created ?? 0, recorded ?? 0));
    const child = await this.reader.loadWithContent(auth, childId);
    return { conversation: renderConversation(child, this.reader.renderContext(auth)) };
  }

}
