import { assertNever } from '@app/contracts/assert-never';
import { toConversationSkillsStreamName, type ConversationSkillsEvent } from '@app/contracts/events/skill.events';
import type { Aggregate, Decider } from '../shared/decider';

/** Enables a skill in a conversation (the caller checked the skill and the conversation), or disables it. */
export type EnableConversationSkill = {
  readonly type: 'EnableConversationSkill';
  readonly workspaceId: string;
  readonly conversationId: string;
  readonly skillId: string;
  readonly enabledBy: 'agent' | 'user';
  readonly agentMessageId: string | null;
  readonly by: string | null;
  readonly now: number;
};

export type DisableConversationSkill = {
  readonly type: 'DisableConversationSkill';
  readonly workspaceId: string;
  readonly conversationId: string;
  readonly skillId: string;
  readonly by: string | null;
  readonly now: number;
};

export type ConversationSkillsCommand = EnableConversationSkill | DisableConversationSkill;

/** The skills enabled in one conversation, in the order they were enabled. */
export interface ConversationSkillsState {
  readonly skillIds: readonly string[];
}

/** Enabling an enabled skill, or disabling one that is not, records nothing. */
function decide(command: ConversationSkillsCommand, state: ConversationSkillsState): ConversationSkillsEvent[] {
  const enabled = state.skillIds.includes(command.skillId);
  switch (command.type) {
    case 'EnableConversationSkill': {
      if (enabled) return [];
      const { workspaceId, conversationId, skillId, enabledBy, agentMessageId, by, now } = command;
      return [{ type: 'ConversationSkillEnabled', data: { workspaceId, conversationId, skillId, enabledBy, agentMessageId, by, at: now } }];
    }
    case 'DisableConversationSkill': {
      if (!enabled) return [];
      const { workspaceId, conversationId, skillId, by, now } = command;
      return [{ type: 'ConversationSkillDisabled', data: { workspaceId, conversationId, skillId, by, at: now } }];
    }
    default:
      return assertNever(command);
  }
}

function evolve(state: ConversationSkillsState, event: ConversationSkillsEvent): ConversationSkillsState {
  switch (event.type) {
    case 'ConversationSkillEnabled':
      return state.skillIds.includes(event.data.skillId) ? state : { skillIds: [...state.skillIds, event.data.skillId] };
    case 'ConversationSkillDisabled':
      return { skillIds: state.skillIds.filter((id) => id !== event.data.skillId) };
    default:
      return assertNever(event);
  }
}

export const conversationSkillsDecider: Decider<ConversationSkillsCommand, ConversationSkillsEvent, ConversationSkillsState> = {
  decide,
  evolve,
  initialState: () => ({ skillIds: [] }),
};

/** The skills enabled in a conversation, by conversation sId. */
export const conversationSkillsAggregate: Aggregate<ConversationSkillsCommand, ConversationSkillsEvent, ConversationSkillsState> = {
  decider: conversationSkillsDecider,
  streamName: toConversationSkillsStreamName,
};
