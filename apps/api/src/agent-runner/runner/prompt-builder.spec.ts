import {
  agentMessageCreated,
  contentFragmentAdded,
  conversationCreated,
  fixtureBase,
  userMessagePosted,
  T0,
} from '@app/contracts/test/conversation.fixtures';
import type { ConversationEvent } from '@app/contracts/events/conversation.events';
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

  it('falls back to UTC for an unknown timezone and throws when the parent is missing', () => {
    const target = agentMessageCreated('a1', 1, 'u1');
    const posted = userMessagePosted('u1', 0, [], { context: { username: 'x', timezone: 'Mars/Olympus' } });
    expect(buildAgentPrompt([posted, target], target.data, context).system).toContain('UTC');
    expect(() => buildAgentPrompt([target], target.data, context)).toThrow('not in conversation');
  });
});
