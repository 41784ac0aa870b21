import type { ConversationSkillsResponse } from '@app/contracts/http/conversation-skills.types';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { AuthContext } from '../../auth/auth-context';
import { ConversationReader } from '../../conversations/conversation-reader';
import { ConversationSkillsAggregateWriter } from '../../event-sourcing/writing/aggregate-writers';
import { readerOf, SkillAccess, skillNotFound } from '../skill-access';

/** A participant enables a skill they read in a conversation they read (its agents then use it), or disables it. */
export class ChangeConversationSkillCommand extends Command<ConversationSkillsResponse> {
  constructor(
    readonly auth: AuthContext,
    readonly conversationId: string,
    readonly action: 'enable' | 'disable',
    readonly skillId: string,
  ) {
    super();
  }
}

@CommandHandler(ChangeConversationSkillCommand)
export class ChangeConversationSkillHandler implements ICommandHandler<ChangeConversationSkillCommand> {
  constructor(
    private readonly conversations: ConversationReader,
    private readonly access: SkillAccess,
    private readonly skills: ConversationSkillsAggregateWriter,
  ) {}

  async execute({ auth, conversationId, action, skillId }: ChangeConversationSkillCommand): Promise<ConversationSkillsResponse> {
    const conversation = await this.conversations.load(auth, conversationId);
    const workspaceId = auth.workspace.sId;
    const by = auth.user?.sId ?? null;
    if (action === 'enable') {
      const skill = await this.access.readable(readerOf(auth), skillId);
      if (skill.status !== 'active') throw skillNotFound();
    }
    const { state } = await this.skills.run(
      conversation.sId,
      action === 'enable'
        ? { type: 'EnableConversationSkill', workspaceId, conversationId: conversation.sId, skillId, enabledBy: 'user', agentMessageId: null, by }
        : { type: 'DisableConversationSkill', workspaceId, conversationId: conversation.sId, skillId, by },
      auth,
    );
    return { skillIds: [...state.skillIds] };
  }
}
