import {
  agentMessageCreated,
  contentFragmentAdded,
  conversationCreated,
  fixtureBase,
  userMessagePosted,
  T0,
} from '@app/contracts/test/conversation.fixtures';
import type { ConversationEvent } from '@app/contracts/events/conversation/conversation.events';
import type { ModelMessage } from 'ai';
import { buildAgentPrompt } from './prompt-builder';

function succeeded(messageId: string, content: string, offset = 0): ConversationEvent {
  return { type: 'AgentMessageStatusChanged', data: { ...fixtureBase(offset), messageId, status: 'succeeded', content } };
}

function texts(message: ModelMessage): string {
  return typeof message.content === 'string'
    ? message.content
    : message.content.map((part) => ('text' in part ? part.text : '')).join('|');
}

describe('buildAgentPrompt', () => {
  const context = { workspaceName: 'Acme', now: T0 };

  it('puts instructions, agent, workspace, date and user in the system prompt', () => {
    const target = agentMessageCreated('a1', 1, 'u1');
    const prompt = buildAgentPrompt([conversationCreated(), userMessagePosted('u1', 0), target], target.data, context);
    expect(prompt.system).toContain('Be helpful.');
    expect(prompt.system).toContain('You are @Agent agent00001');
    expect(prompt.system).toContain('Workspace: Acme.');
    expect(prompt.system).toContain('Tuesday, November 14, 2023');
    expect(prompt.system).toContain('User usr0000001 (@user-usr0000001)');
    expect(prompt.messages).toEqual([{ role: 'user', content: [{ type: 'text', text: 'From User usr0000001 (@user-usr0000001):\nmessage u1' }] }]);
    expect(prompt.parent.messageId).toBe('u1');
  });

  it('puts the sections features contribute (enabled skills) after the instructions and before the context', () => {
    const target = agentMessageCreated('a1', 1, 'u1');
    const events = [conversationCreated(), userMessagePosted('u1', 0), target];
    const { system } = buildAgentPrompt(events, target.data, { ...context, systemSections: ['## Enabled skills\n<skill name="notes">Group by area.</skill>'] });
    expect(system.indexOf('Be helpful.')).toBeLessThan(system.indexOf('## Enabled skills'));
    expect(system.indexOf('Group by area.')).toBeLessThan(system.indexOf('## Context'));
    expect(buildAgentPrompt(events, target.data, context).system).not.toContain('Enabled skills');
  });

  it('leaves deleted messages out: a deleted question and its deleted answer are never sent again', () => {
    const target = agentMessageCreated('a2', 3, 'u2');
    const deleted = (messageId: string): ConversationEvent => ({ type: 'MessageDeleted', data: { ...fixtureBase(), messageId, deletedBy: 'usr0000001' } });
    const events: ConversationEvent[] = [
      conversationCreated(),
      userMessagePosted('u1', 0, [], { content: 'my secret' }),
      agentMessageCreated('a1', 1, 'u1'),
      succeeded('a1', 'about your secret'),
      deleted('u1'),
      deleted('a1'),
      userMessagePosted('u2', 2),
      target,
    ];
    const prompt = buildAgentPrompt(events, target.data, context);
    expect(prompt.messages.map((m) => m.role)).toEqual(['user']);
    expect(JSON.stringify(prompt.messages)).not.toContain('secret');
  });

  it('replays earlier turns (latest versions, succeeded answers) and stops at the answered message', () => {
    const target = agentMessageCreated('a3', 5, 'u2');
    const events: ConversationEvent[] = [
      conversationCreated(),
      contentFragmentAdded('f0', 0, 'cf0', { title: 'notes.txt', textContent: 'Q3 up 12%' }),
      userMessagePosted('u1', 1),
      agentMessageCreated('a1', 2, 'u1'),
      succeeded('a1', 'old answer'),
      agentMessageCreated('a1b', 2, 'u1', { version: 1 }),
      succeeded('a1b', 'new answer'),
      userMessagePosted('u2', 3),
      agentMessageCreated('a2', 4, 'u2'),
      { type: 'AgentMessageStatusChanged', data: { ...fixtureBase(), messageId: 'a2', status: 'failed', content: 'broken' } },
      target,
      userMessagePosted('u3', 6),
    ];
    const prompt = buildAgentPrompt(events, target.data, context);
    expect(prompt.messages.map((m) => m.role)).toEqual(['user', 'assistant', 'user']);
    expect(texts(prompt.messages[0])).toBe(
      '<attachment title="notes.txt" type="text/plain">\nQ3 up 12%\n</attachment>|From User usr0000001 (@user-usr0000001):\nmessage u1',
    );
    expect(prompt.messages[1]).toEqual({ role: 'assistant', content: 'new answer' });
    expect(texts(prompt.messages[2])).toContain('message u2');
  });

  it('answers the edited version of a user message, not the one it replaced', () => {
    const edited: ConversationEvent = {
      type: 'UserMessageEdited',
      data: { ...userMessagePosted('u1b', 0).data, version: 1, content: 'edited question', previousMessageId: 'u1' },
    };
    const target = agentMessageCreated('a2', 2, 'u1b');
    const events = [conversationCreated(), userMessagePosted('u1', 0), agentMessageCreated('a1', 1, 'u1'), edited, target];
    const prompt = buildAgentPrompt(events, target.data, context);
    expect(prompt.messages).toHaveLength(1);
    expect(texts(prompt.messages[0])).toContain('edited question');
  });

  it('marks other agents’ answers and leaves out superseded fragments', () => {
    const target = agentMessageCreated('a2', 4, 'u2');
    const otherAgent = agentMessageCreated('a1', 2, 'u1', { configuration: { ...target.data.configuration, name: 'helper' } });
    const events: ConversationEvent[] = [
      conversationCreated(),
      contentFragmentAdded('f0', 0, 'cf0', { textContent: 'stale' }),
      { type: 'ContentFragmentSuperseded', data: { ...fixtureBase(), messageId: 'f0', contentFragmentId: 'cf0', supersededByMessageId: 'f1' } },
      userMessagePosted('u1', 1),
      otherAgent,
      succeeded('a1', 'hi from helper'),
      userMessagePosted('u2', 3),
      target,
    ];
    const prompt = buildAgentPrompt(events, target.data, context);
    expect(JSON.stringify(prompt.messages)).not.toContain('stale');
    expect(prompt.messages[1]).toEqual({ role: 'assistant', content: '[@helper] hi from helper' });
  });

  it('marks a content-node fragment whose data source was deleted instead of giving its content', () => {
    const target = agentMessageCreated('a1', 2, 'u1');
    const node = { contentFragmentType: 'content_node' as const, nodeId: 'n1', nodeDataSourceViewId: 'dsv_1', nodeType: 'document' as const, snippet: 'secret plans' };
    const events: ConversationEvent[] = [
      conversationCreated(),
      contentFragmentAdded('f0', 0, 'cf0', { title: 'plans', ...node }),
      { type: 'ContentFragmentExpired', data: { ...fixtureBase(), messageId: 'f0', contentFragmentId: 'cf0', reason: 'data_source_deleted', dataSourceId: 'dts_1' } },
      userMessagePosted('u1', 1),
      target,
    ];
    const text = JSON.stringify(buildAgentPrompt(events, target.data, context).messages);
    expect(text).toContain('plans');
    expect(text).toContain('deleted with its data source');
    expect(text).not.toContain('secret plans');
  });

  it('falls back to UTC for an unknown timezone and throws when the parent is missing', () => {
    const target = agentMessageCreated('a1', 1, 'u1');
    const posted = userMessagePosted('u1', 0, [], { context: { username: 'x', timezone: 'Mars/Olympus' } });
    expect(buildAgentPrompt([posted, target], target.data, context).system).toContain('UTC');
    expect(() => buildAgentPrompt([target], target.data, context)).toThrow('not in conversation');
  });

  describe('attached files', () => {
    const target = agentMessageCreated('a1', 3, 'u1');
    const file = (messageId: string, rank: number, fileId: string, contentType = 'text/plain') =>
      contentFragmentAdded(messageId, rank, `cf-${fileId}`, { title: fileId, contentType, fileId, textContent: null });

    it('gives the text of each file before the user message, and cuts it at the budget with a marker', () => {
      const events: ConversationEvent[] = [conversationCreated(), file('f1', 0, 'fil_a'), file('f2', 1, 'fil_b'), userMessagePosted('u1', 2), target];
      const attachments = new Map([
        ['fil_a', { kind: 'text' as const, text: 'alpha '.repeat(10) }],
        ['fil_b', { kind: 'text' as const, text: 'bravo' }],
      ]);
      const prompt = buildAgentPrompt(events, target.data, { ...context, attachments, attachmentBudgetChars: 62 });
      expect(texts(prompt.messages[0])).toBe(
        [
          `<attachment title="fil_a" type="text/plain">\n${'alpha '.repeat(10)}\n</attachment>`,
          '<attachment title="fil_b" type="text/plain">\nbr\n[Truncated: the attachment has 5 characters; only the first 2 fit in this prompt.]\n</attachment>',
          'From User usr0000001 (@user-usr0000001):\nmessage u1',
        ].join('|'),
      );
    });

    it('marks a text that was only read in part, even when that part fits', () => {
      const events: ConversationEvent[] = [conversationCreated(), file('f1', 0, 'fil_big'), userMessagePosted('u1', 2), target];
      const attachments = new Map([['fil_big', { kind: 'text' as const, text: 'start of a long file', cut: true }]]);
      expect(texts(buildAgentPrompt(events, target.data, { ...context, attachments, attachmentBudgetChars: 100 }).messages[0])).toContain(
        'start of a long file\n[Truncated: only the first 20 characters of the attachment fit in this prompt.]',
      );
    });

    it('says so when a file is not available (deleted since, or not readable)', () => {
      const events: ConversationEvent[] = [conversationCreated(), file('f1', 0, 'fil_gone'), userMessagePosted('u1', 2), target];
      expect(texts(buildAgentPrompt(events, target.data, context).messages[0])).toContain('(The content of this document is not available to you.)');
    });

    it('sends an image as an image part only to a model that takes images', () => {
      const events: ConversationEvent[] = [conversationCreated(), file('f1', 0, 'fil_img', 'image/png'), userMessagePosted('u1', 2), target];
      const bytes = new Uint8Array([1, 2, 3]);
      const attachments = new Map([['fil_img', { kind: 'image' as const, bytes, mediaType: 'image/png' }]]);
      const seeing = buildAgentPrompt(events, target.data, { ...context, attachments, acceptsImages: true });
      expect(seeing.messages[0]!.content).toContainEqual({ type: 'file', data: bytes, mediaType: 'image/png' });
      const blind = buildAgentPrompt(events, target.data, { ...context, attachments, acceptsImages: false });
      expect(JSON.stringify(blind.messages[0]!.content)).not.toContain('"file"');
      expect(texts(blind.messages[0]!)).toContain('this model cannot see images');
    });
  });
});
