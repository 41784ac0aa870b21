import type { MentionStatus } from '@app/contracts/events/conversation/conversation-event-values';

/** A space as access rules read it. */
export interface SpaceFacts {
  readonly sId: string;
  readonly kind: string;
  readonly isRestricted: boolean;
  readonly memberIds: readonly string[];
}

/** A member as access rules read them: admins see every space. */
export interface MemberFacts {
  readonly userId: string;
  readonly isAdmin: boolean;
}

/**
 * What the statuses of a conversation's mentions depend on: the space the conversation belongs to
 * (a project, or none), the spaces its content uses (`requestedSpaceIds`), and who takes part.
 */
export interface ConversationAccessFacts {
  readonly space: SpaceFacts | null;
  readonly usedSpaces: readonly SpaceFacts[];
  readonly participants: readonly MemberFacts[];
}

/** Whether a member may use a space: open spaces to everyone, restricted ones to admins and members. */
export function canUseSpace(member: MemberFacts, space: SpaceFacts): boolean {
  return !space.isRestricted || member.isAdmin || space.memberIds.includes(member.userId);
}

/**
 * The status of a mention of `member` in the conversation. In a project's conversation, as the real
 * service judges it, only the project counts: a member of it is `approved` (and takes part from
 * then on), anyone else `pending_project_membership`. Elsewhere: kept out of a restricted space the
 * conversation uses (`user_restricted_by_conversation_access`), allowed but not taking part yet
 * (`pending_conversation_access`), else `approved`.
 */
export function userMentionStatus(member: MemberFacts, conversation: ConversationAccessFacts): MentionStatus {
  const { space } = conversation;
  if (space && space.kind === 'project') return space.memberIds.includes(member.userId) ? 'approved' : 'pending_project_membership';
  const spaces = space ? [space, ...conversation.usedSpaces] : conversation.usedSpaces;
  if (spaces.some((s) => !canUseSpace(member, s))) return 'user_restricted_by_conversation_access';
  if (!conversation.participants.some((p) => p.userId === member.userId)) return 'pending_conversation_access';
  return 'approved';
}

/**
 * The status of a mention of an agent whose data and tools live in `agentSpaces`: restricted when
 * one of those spaces (other than the conversation's own) is closed to someone who would read the
 * answer (a participant, or a member of the conversation's project), so that the agent would show
 * them what they may not see; else `approved`.
 */
export function agentMentionStatus(agentSpaces: readonly SpaceFacts[], conversation: ConversationAccessFacts): MentionStatus {
  const audience: MemberFacts[] = [...conversation.participants];
  if (conversation.space?.kind === 'project') {
    for (const userId of conversation.space.memberIds) {
      if (!audience.some((m) => m.userId === userId)) audience.push({ userId, isAdmin: false });
    }
  }
  const closed = agentSpaces.some((s) => s.sId !== conversation.space?.sId && audience.some((member) => !canUseSpace(member, s)));
  return closed ? 'agent_restricted_by_space_usage' : 'approved';
}

/** Whether an agent mentioned with this status answers the message (a restricted one waits for approval). */
export function agentRunsOnMention(status: MentionStatus | undefined): boolean {
  return status !== 'agent_restricted_by_space_usage' && status !== 'rejected';
}

/**
 * Whether a mention is kept from acting by the access rules (a member who may not see the
 * conversation, an agent that may not answer in it): its author may only dismiss it.
 */
export function isRestrictedMentionStatus(status: MentionStatus | undefined): boolean {
  return status === 'user_restricted_by_conversation_access' || status === 'agent_restricted_by_space_usage';
}

/** How a message's state names one of its mentions: an agent and a member may share an sId. */
export function mentionKey(type: 'agent' | 'user', id: string): string {
  return `${type}:${id}`;
}

/** Whether a member's mention waits for its author's decision (approve or reject). */
export function isPendingMentionStatus(status: MentionStatus | undefined): boolean {
  return status === 'pending_conversation_access' || status === 'pending_project_membership';
}
