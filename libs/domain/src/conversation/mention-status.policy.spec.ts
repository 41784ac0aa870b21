import { agentMentionStatus, agentRunsOnMention, isRestrictedMentionStatus, mentionKey, userMentionStatus, type ConversationAccessFacts, type SpaceFacts } from './mention-status.policy';

const open: SpaceFacts = { sId: 'open', kind: 'regular', isRestricted: false, memberIds: [] };
const finance: SpaceFacts = { sId: 'finance', kind: 'regular', isRestricted: true, memberIds: ['ann'] };
const project: SpaceFacts = { sId: 'project', kind: 'project', isRestricted: true, memberIds: ['ann', 'bob'] };
const ann = { userId: 'ann', isAdmin: false };
const bob = { userId: 'bob', isAdmin: false };
const carl = { userId: 'carl', isAdmin: false };
const admin = { userId: 'root', isAdmin: true };

function conversation(facts: Partial<ConversationAccessFacts>): ConversationAccessFacts {
  return { space: null, usedSpaces: [], participants: [ann], ...facts };
}

describe('mention status policy', () => {
  describe('a mentioned member', () => {
    it('is approved when taking part in a conversation they may read', () => {
      expect(userMentionStatus(ann, conversation({}))).toBe('approved');
    });

    it('waits for conversation access when they may read it but do not take part', () => {
      expect(userMentionStatus(bob, conversation({ usedSpaces: [open] }))).toBe('pending_conversation_access');
    });

    it('is restricted by conversation access when the conversation uses a restricted space closed to them', () => {
      expect(userMentionStatus(bob, conversation({ usedSpaces: [finance] }))).toBe('user_restricted_by_conversation_access');
      expect(userMentionStatus(bob, conversation({ space: finance }))).toBe('user_restricted_by_conversation_access');
    });

    it('sees every space as an admin', () => {
      expect(userMentionStatus(admin, conversation({ usedSpaces: [finance] }))).toBe('pending_conversation_access');
    });

    it('waits for project membership in a project they are not a member of', () => {
      expect(userMentionStatus(carl, conversation({ space: project }))).toBe('pending_project_membership');
      expect(userMentionStatus(bob, conversation({ space: project, participants: [ann, bob] }))).toBe('approved');
      // A member of the project is let in without waiting, as the real service subscribes them.
      expect(userMentionStatus(bob, conversation({ space: project, participants: [ann] }))).toBe('approved');
    });
  });

  describe('a mentioned agent', () => {
    it('is approved when it uses no restricted space, or only ones every participant may use', () => {
      expect(agentMentionStatus([], conversation({ participants: [ann, bob] }))).toBe('approved');
      expect(agentMentionStatus([open], conversation({ participants: [ann, bob] }))).toBe('approved');
      expect(agentMentionStatus([finance], conversation({ participants: [ann, admin] }))).toBe('approved');
    });

    it("is restricted by space usage when a participant may not use one of the agent's spaces", () => {
      expect(agentMentionStatus([finance], conversation({ participants: [ann, bob] }))).toBe('agent_restricted_by_space_usage');
    });

    it("counts a project's members as readers, and the project's own space as usable", () => {
      expect(agentMentionStatus([finance], conversation({ space: project, participants: [ann] }))).toBe('agent_restricted_by_space_usage');
      expect(agentMentionStatus([project], conversation({ space: project, participants: [ann] }))).toBe('approved');
    });

    it('runs only when not restricted or rejected', () => {
      expect([undefined, 'approved', 'agent_restricted_by_space_usage', 'rejected'].map((s) => agentRunsOnMention(s as never))).toEqual([true, true, false, false]);
    });
  });

  describe('a mention to dismiss', () => {
    it('is one the access rules restrict, named apart from a mention of the other type', () => {
      const statuses = ['approved', 'pending_conversation_access', 'user_restricted_by_conversation_access', 'agent_restricted_by_space_usage', 'rejected'] as const;
      expect(statuses.map((s) => isRestrictedMentionStatus(s))).toEqual([false, false, true, true, false]);
      expect(mentionKey('agent', 'x')).not.toBe(mentionKey('user', 'x'));
    });
  });
});
