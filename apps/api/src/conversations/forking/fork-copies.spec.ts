import type { ConversationEvent } from '@app/contracts/events/conversation/conversation.events';
import { agentMessageCreated, contentFragmentAdded, conversationCreated, fixtureBase, userMessagePosted } from '@app/contracts/test/conversation.fixtures';
import { forkContent } from './fork-copies';
import { fileCopies } from './fork-preparer';

const ids = () => {
  let n = 0;
  return () => `new${String((n += 1)).padStart(7, '0')}`;
};

const history: ConversationEvent[] = [
  conversationCreated(),
  userMessagePosted('usrmsg0001', 0),
  agentMessageCreated('agtmsg0001', 1, 'usrmsg0001'),
  { type: 'AgentMessageStatusChanged', data: { ...fixtureBase(1), messageId: 'agtmsg0001', status: 'failed', error: { code: 'x', message: 'x', metadata: null } } },
  agentMessageCreated('agtmsg0002', 1, 'usrmsg0001', { ...fixtureBase(2), version: 1, previousMessageId: 'agtmsg0001' }),
  { type: 'AgentMessageStatusChanged', data: { ...fixtureBase(3), messageId: 'agtmsg0002', status: 'succeeded', content: 'ok' } },
  { type: 'CompactionMessageCreated', data: { ...fixtureBase(4), messageId: 'cmpmsg0001', rank: 2, coversUpToRank: 2, trigger: 'manual' } },
  contentFragmentAdded('frgmsg0001', 3, 'cf00000001'),
  { type: 'UserMessageEdited', data: { ...userMessagePosted('usrmsg0002', 0).data, version: 1, previousMessageId: 'usrmsg0001' } },
  userMessagePosted('usrmsg0003', 4),
  agentMessageCreated('agtmsg0003', 5, 'usrmsg0003'),
];

describe('forkContent', () => {
  it('copies the latest version of every rank up to the source, renumbered, answers with their outcome', () => {
    const content = forkContent(history, 'usrmsg0003', ids());
    expect(content?.sourceRank).toBe(4);
    const copies = content?.copies ?? [];
    expect(copies.map((e) => [e.type, 'rank' in e.data ? e.data.rank : null, e.data.messageId])).toEqual([
      ['UserMessagePosted', 0, 'new0000001'],
      ['AgentMessageCreated', 1, 'new0000002'],
      ['AgentMessageStatusChanged', null, 'new0000002'],
      ['ContentFragmentAdded', 2, 'new0000003'],
      ['UserMessagePosted', 3, 'new0000005'],
    ]);
    expect(copies[0].type === 'UserMessagePosted' && copies[0].data.content).toBe('message usrmsg0002');
    expect(copies[1].data).toMatchObject({ version: 0, parentMessageId: 'new0000001', copiedFromMessageId: 'agtmsg0002', previousMessageId: null });
    expect(copies[2].data).toMatchObject({ status: 'succeeded', content: 'ok' });
    expect(copies[3].data).toMatchObject({ contentFragmentId: 'new0000004', version: 0 });
  });

  it('keeps a fragment that expired in the parent expired in the fork', () => {
    const expired: ConversationEvent = {
      type: 'ContentFragmentExpired',
      data: { ...fixtureBase(5), messageId: 'frgmsg0001', contentFragmentId: 'cf00000001', reason: 'data_source_deleted', dataSourceId: 'dts0000001' },
    } as ConversationEvent;
    const copies = forkContent([...history, expired], 'usrmsg0003', ids())?.copies ?? [];
    const expiry = copies.find((e) => e.type === 'ContentFragmentExpired');
    expect(expiry?.data).toMatchObject({ messageId: 'new0000003', contentFragmentId: 'new0000004', reason: 'data_source_deleted', dataSourceId: 'dts0000001' });
    expect(copies.findIndex((e) => e.type === 'ContentFragmentExpired')).toBe(copies.findIndex((e) => e.type === 'ContentFragmentAdded') + 1);
  });

  it('copies a cancelled answer with what its run had written when it stopped', () => {
    const stopped: ConversationEvent[] = [
      { type: 'AgentMessageStatusChanged', data: { ...fixtureBase(6), messageId: 'agtmsg0003', status: 'cancelled', completedTs: fixtureBase(6).at } },
      { type: 'AgentMessageCancelledOutcomeRecorded', data: { ...fixtureBase(7), messageId: 'agtmsg0003', configurationId: 'agent00001', content: 'Half', toolCalls: [] } },
      userMessagePosted('usrmsg0004', 6),
    ];
    const copies = forkContent([...history, ...stopped], 'usrmsg0004', ids())?.copies ?? [];
    const outcome = copies.find((e) => e.type === 'AgentMessageStatusChanged' && e.data.status === 'cancelled');
    expect(outcome?.data).toMatchObject({ status: 'cancelled', content: 'Half', toolCalls: [], completedTs: fixtureBase(6).at });
  });

  it('is null for a message the conversation does not hold, and leaves out answers still running', () => {
    expect(forkContent(history, 'nosuchmsg1', ids())).toBeNull();
    const copies = forkContent(history, 'agtmsg0003', ids())?.copies ?? [];
    expect(copies.some((e) => e.data.messageId === 'agtmsg0003' || ('copiedFromMessageId' in e.data && e.data.copiedFromMessageId === 'agtmsg0003'))).toBe(false);
  });
});

describe('fileCopies', () => {
  const withFile = contentFragmentAdded('frgmsg0001', 0, 'cf00000001');
  const fragment: ConversationEvent = { ...withFile, data: { ...withFile.data, fileId: 'fil_a' } } as ConversationEvent;
  const failed = (attempt: number, final: boolean): ConversationEvent => ({
    type: 'ForkFileCopyFailed',
    data: { ...fixtureBase(attempt), messageId: 'frgmsg0001', sourceFileId: 'fil_a', attempt, reason: 'busy', final },
  });

  it('resumes after the attempts already recorded, and knows when a copy gave up or the fork is prepared', () => {
    expect(fileCopies([conversationCreated(), fragment, failed(1, false)])).toEqual({
      pending: [{ messageId: 'frgmsg0001', fileId: 'fil_a', attempts: 1 }],
      gaveUp: false,
    });
    expect(fileCopies([conversationCreated(), fragment, failed(1, false), failed(2, true)])).toEqual({ pending: [], gaveUp: true });
    expect(fileCopies([conversationCreated(), fragment, { type: 'ForkPrepared', data: { ...fixtureBase(5), status: 'done' } }])).toEqual({ pending: [], gaveUp: false });
  });
});
