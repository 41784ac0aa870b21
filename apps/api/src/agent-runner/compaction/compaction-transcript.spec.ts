import type { ConversationEvent } from '@app/contracts/events/conversation/conversation.events';
import { agentMessageCreated, conversationCreated, fixtureBase, userMessagePosted } from '@app/contracts/test/conversation.fixtures';
import { latestCompaction } from '../run/compaction-window';
import { compactionTranscript } from './compaction-transcript';
import { estimatePromptTokens, exceedsContextShare, promptExceedsContextShare } from './prompt-tokens';

const answered = (messageId: string, content: string): ConversationEvent => ({
  type: 'AgentMessageStatusChanged',
  data: { ...fixtureBase(1), messageId, status: 'succeeded', content },
});
const compaction = (messageId: string, rank: number, coversUpToRank: number, content: string | null): ConversationEvent[] => [
  { type: 'CompactionMessageCreated', data: { ...fixtureBase(2), messageId, rank, coversUpToRank, trigger: 'manual' } },
  ...(content === null
    ? []
    : [{ type: 'CompactionMessageCompleted', data: { ...fixtureBase(3), messageId, status: 'succeeded', content, error: null } } as ConversationEvent]),
];

const events: ConversationEvent[] = [
  conversationCreated(),
  userMessagePosted('usrmsg0001', 0),
  agentMessageCreated('agtmsg0001', 1, 'usrmsg0001'),
  answered('agtmsg0001', 'first answer'),
  ...compaction('cmpmsg0001', 2, 2, 'SUMMARY ONE'),
  userMessagePosted('usrmsg0002', 3),
  agentMessageCreated('agtmsg0002', 4, 'usrmsg0002'),
  answered('agtmsg0002', 'second answer'),
  ...compaction('cmpmsg0002', 5, 5, null),
];

describe('compaction transcript and window', () => {
  it('leaves deleted messages out of the summary', () => {
    const deleted = (messageId: string): ConversationEvent => ({ type: 'MessageDeleted', data: { ...fixtureBase(4), messageId, deletedBy: null } });
    const history = [...events.slice(0, 4), deleted('usrmsg0001'), deleted('agtmsg0001'), userMessagePosted('usrmsg0003', 2)];
    expect(compactionTranscript(history, 3)).toBe('User usr0000001: message usrmsg0003');
  });

  it('summarizes from the previous summary and the messages it does not cover, latest versions only', () => {
    const transcript = compactionTranscript(events, 5);
    expect(transcript).toContain('Summary of what came before:\nSUMMARY ONE');
    expect(transcript).toContain('message usrmsg0002');
    expect(transcript).toContain('Assistant: second answer');
    expect(transcript).not.toContain('first answer');
    // The first compaction, as it was being written (its summary not there yet).
    expect(compactionTranscript(events.slice(0, 5), 2)).toBe('User usr0000001: message usrmsg0001\n\nAssistant: first answer');
  });

  it('uses the latest successful compaction covering only ranks before the message answered', () => {
    expect(latestCompaction(events, 3)).toEqual({ messageId: 'cmpmsg0001', coversUpToRank: 2, summary: 'SUMMARY ONE' });
    expect(latestCompaction(events, 1)).toBeNull();
    // The second compaction has no summary (still running): the first one stands.
    expect(latestCompaction(events, 10)?.messageId).toBe('cmpmsg0001');
  });

  it('estimates prompt tokens and compares them with a share of the window', async () => {
    const tokens = await estimatePromptTokens('You are helpful.', [{ role: 'user', content: [{ type: 'text', text: 'hello world' }] }, { role: 'assistant', content: 'hi' }]);
    expect(tokens).toBeGreaterThan(4);
    expect(tokens).toBeLessThan(20);
    expect(exceedsContextShare(81, 100, 0.8)).toBe(true);
    expect(exceedsContextShare(80, 100, 0.8)).toBe(false);
  });

  it('decides on tokens, not bytes, once the text is larger than the limit in bytes', async () => {
    // 'hello ' is one token of six bytes: 400 tokens, 2,400 bytes.
    const messages = [{ role: 'user' as const, content: 'hello '.repeat(400) }];
    const tokens = await estimatePromptTokens('', messages);
    expect(tokens).toBeLessThan(1_000);
    expect(await promptExceedsContextShare('', messages, 1_000, 1)).toBe(false);
    expect(await promptExceedsContextShare('', messages, tokens - 1, 1)).toBe(true);
    expect(await promptExceedsContextShare('', messages, 10_000, 1)).toBe(false);
  });

  it('counts special-token markers in a prompt as text', async () => {
    const messages = [{ role: 'user' as const, content: 'say <|endoftext|> and <|im_start|> as they are '.repeat(100) }];
    expect(await estimatePromptTokens('', messages)).toBeGreaterThan(1_000);
    expect(await promptExceedsContextShare('', messages, 100, 1)).toBe(true);
  });
});
