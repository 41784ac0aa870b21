import { RunContributions } from './run-contributions';

const context = { workspaceId: 'W', conversationId: 'C', agentMessageId: 'M', agentConfigurationId: 'A', userId: null };

describe('RunContributions', () => {
  it('adds nothing without contributors, and every contributor’s part, in order, with them', async () => {
    const contributions = new RunContributions();
    expect(await contributions.of(context)).toEqual({ systemSections: [], toolset: [] });
    contributions.register({ contribute: async () => ({ systemSections: ['first'], toolset: ['msv_a'] }) });
    const remove = contributions.register({ contribute: async (run) => ({ systemSections: [`for ${run.conversationId}`], toolset: [] }) });
    expect(await contributions.of(context)).toEqual({ systemSections: ['first', 'for C'], toolset: ['msv_a'] });
    remove();
    expect(await contributions.of(context)).toEqual({ systemSections: ['first'], toolset: ['msv_a'] });
  });
});
