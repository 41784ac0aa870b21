import type { ActingUser } from '@app/contracts/events/conversation/conversation-event-values';
import { CONVERSATION_EVENT_TYPES, type ConversationEvent } from '@app/contracts/events/conversation/conversation.events';
import {
  FIXTURE_CONVERSATION_ID as CID,
  T0,
  agentMessageCreated,
  contentFragmentAdded,
  conversationCreated,
  conversationDocument,
  fixtureAgent,
  fixtureBase,
  fixtureUser,
  userMessagePosted,
} from '@app/contracts/test/conversation.fixtures';
import {
  contentOf,
  type ConversationMessageDocument,
  type ConversationWithContent,
  type StoredFeedbackRecord,
} from '@app/contracts/read-models/conversation.read-models';
import { renderConversation, withoutCompactionMessages } from '@app/contracts/render/conversation.render';
import { GetConversationResponseSchema } from '@dust-tt/client';
import { conversationMessageProjection } from './conversation-message.projection';
import { conversationProjection } from './conversation.projection';
import { project, recordAll, recorded } from '../../test/conversation-recorded.fixtures';

const at = (offsetMs: number) => fixtureBase(offsetMs);
const bob: ActingUser = { userId: 'usrbob0001', username: 'bob', fullName: 'Bob', id: 42 };
const agent = fixtureAgent();

/** A history that uses every conversation event type once or more. */
const fullHistory: ConversationEvent[] = [
  conversationCreated(),
  contentFragmentAdded('frgmsg0001', 0, 'cf00000001'),
  userMessagePosted('usrmsg0001', 1, [agent]),
  agentMessageCreated('agtmsg0001', 2, 'usrmsg0001'),
  {
    type: 'AgentMessageStatusChanged',
    data: { ...at(10), messageId: 'agtmsg0001', status: 'failed', error: { code: 'x', message: 'boom', metadata: null } },
  },
  agentMessageCreated('agtmsg0002', 2, 'usrmsg0001', { ...at(11), version: 1, previousMessageId: 'agtmsg0001' }),
  {
    type: 'AgentMessageStatusChanged',
    data: {
      ...at(12),
      messageId: 'agtmsg0002',
      status: 'succeeded',
      contents: [{ step: 0, content: { type: 'text_content', value: 'Hi!' } }],
      content: 'Hi!',
      completionDurationMs: 900,
    },
  },
  {
    type: 'UserMessageEdited',
    data: { ...userMessagePosted('usrmsg0002', 1).data, ...at(13), version: 1, previousMessageId: 'usrmsg0001' },
  },
  contentFragmentAdded('frgmsg0002', 3, 'cf00000001', at(14)),
  {
    type: 'ContentFragmentSuperseded',
    data: { ...at(14), messageId: 'frgmsg0001', contentFragmentId: 'cf00000001', supersededByMessageId: 'frgmsg0002' },
  },
  { type: 'ConversationTitleChanged', data: { ...at(15), title: 'Renamed' } },
  { type: 'ConversationVisibilityChanged', data: { ...at(16), visibility: 'test' } },
  { type: 'ConversationMetadataChanged', data: { ...at(17), metadata: { source: 'cli' } } },
  { type: 'ConversationReadStateChanged', data: { ...at(18), userId: bob.userId, read: true } },
  { type: 'ReactionAdded', data: { ...at(19), messageId: 'agtmsg0002', emoji: '+1', user: bob } },
  { type: 'ReactionAdded', data: { ...at(20), messageId: 'usrmsg0002', emoji: 'heart', user: bob } },
  { type: 'ReactionRemoved', data: { ...at(21), messageId: 'usrmsg0002', emoji: 'heart', user: bob } },
  {
    type: 'AgentMessageFeedbackGiven',
    data: { ...at(22), messageId: 'agtmsg0002', user: bob, thumbDirection: 'up', content: null, isConversationShared: true },
  },
  { type: 'AgentMessageFeedbackRemoved', data: { ...at(23), messageId: 'agtmsg0002', user: bob } },
  { type: 'CompactionMessageCreated', data: { ...at(23), messageId: 'cmpmsg0001', rank: 4, coversUpToRank: 4, trigger: 'manual' } },
  { type: 'CompactionMessageCompleted', data: { ...at(23), messageId: 'cmpmsg0001', status: 'succeeded', content: 'A summary.', error: null } },
  {
    type: 'ConversationForked',
    data: { ...at(23), childConversationId: 'cnvchild01', childConversationTitle: 'Renamed', sourceMessageId: 'agtmsg0002', branchedAt: T0 + 23, user: fixtureUser() },
  },
  { type: 'ForkFileCopyFailed', data: { ...at(23), messageId: 'frgmsg0002', sourceFileId: 'fil_source01', attempt: 1, reason: 'busy', final: false } },
  { type: 'ForkFileCopyCompleted', data: { ...at(23), messageId: 'frgmsg0002', sourceFileId: 'fil_source01', fileId: 'fil_copy0001' } },
  { type: 'ForkPrepared', data: { ...at(23), status: 'done' } },
  { type: 'ContentFragmentExpired', data: { ...at(23), messageId: 'frgmsg0001', contentFragmentId: 'cf00000001', reason: 'data_source_deleted', dataSourceId: 'dts_1' } },
  agentMessageCreated('agtmsg0003', 5, 'usrmsg0002', at(23)),
  { type: 'AgentMessageStatusChanged', data: { ...at(23), messageId: 'agtmsg0003', status: 'cancelled', completedTs: T0 + 23 } },
  {
    type: 'AgentMessageCancelledOutcomeRecorded',
    data: { ...at(24), messageId: 'agtmsg0003', configurationId: agent.sId, content: 'Half an ans', chainOfThought: 'Thinking', toolCalls: [], contents: [{ step: 0, content: { type: 'text_content', value: 'Half an ans' } }], completionDurationMs: 400 },
  },
  { type: 'UserMentionDecided', data: { ...at(24), messageId: 'usrmsg0002', userId: 'usrcarl001', status: 'approved', decidedBy: bob.userId } },
  { type: 'MentionDismissed', data: { ...at(24), messageId: 'usrmsg0002', mentionType: 'agent', mentionId: agent.sId, dismissedBy: bob.userId } },
  { type: 'MessageDeleted', data: { ...at(24), messageId: 'usrmsg0001', deletedBy: bob.userId } },
  { type: 'ConversationMovedToProject', data: { ...at(24), spaceId: 'vlt_project1' } },
  { type: 'ConversationDeleted', data: { ...at(24), deletedBy: null } },
];
const recordedHistory = recordAll(fullHistory, 101);

/** Message documents after `count` events, as the reader's find orders them. */
function messagesAfter(count: number): ConversationMessageDocument[] {
  const docs = [...project(conversationMessageProjection, recordedHistory.slice(0, count)).values()];
  return docs.sort((a, b) => a.rank - b.rank || a.createdPosition - b.createdPosition);
}

/** The header after `count` events, with the content a reader assembles from the message documents. */
function docAfter(count: number): ConversationWithContent {
  const doc = project(conversationProjection, recordedHistory.slice(0, count)).get(CID);
  if (!doc) throw new Error('no document');
  return { ...doc, content: contentOf(messagesAfter(count)) };
}

function feedbacksAfter(count: number): StoredFeedbackRecord[] {
  return messagesAfter(count).flatMap((doc) => doc.feedbacks);
}

/** Header and message documents by id after `count` events. */
function documentsAfter(count: number): { header: Map<string, unknown>; messages: Map<string, unknown> } {
  const events = recordedHistory.slice(0, count);
  return { header: project(conversationProjection, events), messages: project(conversationMessageProjection, events) };
}

describe('conversation projection', () => {
  it('is idempotent for every event type: the same recorded event twice changes nothing', () => {
    const covered = new Set(fullHistory.map((e) => e.type));
    expect([...covered].sort()).toEqual([...CONVERSATION_EVENT_TYPES].sort());
    recordedHistory.forEach((event, i) => {
      const once = documentsAfter(i + 1);
      const twice = {
        header: project(conversationProjection, [event], once.header as never),
        messages: project(conversationMessageProjection, [event], once.messages as never),
      };
      expect({ type: event.type, docs: twice }).toEqual({ type: event.type, docs: once });
    });
  });

  it('ignores a redelivered older event after later ones (position guard)', () => {
    const final = documentsAfter(recordedHistory.length);
    for (const event of recordedHistory) {
      const again = {
        header: project(conversationProjection, [event], final.header as never),
        messages: project(conversationMessageProjection, [event], final.messages as never),
      };
      expect({ type: event.type, docs: again }).toEqual({ type: event.type, docs: final });
    }
  });

  it('routes conversation events to the conversation document and ignores others', () => {
    expect(conversationProjection.documentIds(recordedHistory[3])).toEqual([CID]);
    const foreign = { ...recordedHistory[0], type: 'WorkspaceCreated' };
    expect(conversationProjection.documentIds(foreign)).toEqual([]);
    expect(conversationProjection.evolve(null, recordedHistory[2], CID)).toBeNull();
  });

  it('routes each message event to the one document of the version it names', () => {
    const messageEvents = recordedHistory.filter((event) => conversationMessageProjection.canHandle.includes(event.type));
    for (const event of messageEvents) {
      const data = event.data as { messageId: string };
      expect(conversationMessageProjection.documentIds(event)).toEqual([`${CID}:${data.messageId}`]);
    }
    expect(conversationMessageProjection.canHandle).not.toContain('ConversationTitleChanged');
    expect(conversationMessageProjection.evolve(null, recordedHistory[4], `${CID}:agtmsg0001`)).toBeNull();
  });

  it('creates the document with stable ids from log positions', () => {
    expect(docAfter(1)).toEqual(conversationDocument(101));
  });

  it('renders messages in rank order with versions, ids from positions', () => {
    const doc = docAfter(3);
    expect(doc.content).toHaveLength(2);
    expect(doc.content[0][0]).toMatchObject({
      type: 'content_fragment',
      id: 102,
      rank: 0,
      contentFragmentType: 'file',
      contentFragmentVersion: 'latest',
      textUrl: `/api/w/wrkspc0001/assistant/conversations/${CID}/messages/frgmsg0001/raw_content_fragment`,
      generatedTables: [],
    });
    expect(doc.content[1][0]).toMatchObject({
      type: 'user_message',
      id: 103,
      sId: 'usrmsg0001',
      rank: 1,
      version: 0,
      branchId: null,
      visibility: 'visible',
      user: { sId: 'usr0000001', id: 0, firstName: 'User', lastName: null, provider: null },
      richMentions: [{ id: agent.sId, type: 'agent', status: 'approved', dismissed: false }],
      reactions: [],
    });
    expect(doc.updated).toBe(T0 + 1);
  });

  it('keeps on a cancelled answer what its run had written when it stopped, still cancelled at the time of the cancel', () => {
    const recordedAt = fullHistory.findIndex((e) => e.type === 'AgentMessageCancelledOutcomeRecorded');
    const answer = (count: number) => messagesAfter(count).find((doc) => doc.message.sId === 'agtmsg0003')!.message;
    expect(answer(recordedAt)).toMatchObject({ status: 'cancelled', content: null, chainOfThought: null, completedTs: T0 + 23 });
    expect(answer(recordedAt + 1)).toMatchObject({
      status: 'cancelled',
      content: 'Half an ans',
      chainOfThought: 'Thinking',
      error: null,
      completionDurationMs: 400,
      completedTs: T0 + 23,
    });
    expect(docAfter(recordedAt + 1).content[5]![0]).toMatchObject({ sId: 'agtmsg0003', status: 'cancelled', content: 'Half an ans' });
  });

  it('tracks agent message status, retries and the error flag', () => {
    expect(docAfter(4).content[2][0]).toMatchObject({
      type: 'agent_message',
      id: 104,
      agentMessageId: 104,
      status: 'created',
      parentMessageId: 'usrmsg0001',
      configuration: agent,
      actions: [],
      rawContents: [],
      content: null,
      error: null,
    });
    const failed = docAfter(5);
    expect(failed.hasError).toBe(true);
    expect(failed.content[2][0]).toMatchObject({ status: 'failed', completedTs: T0 + 10 });
    const retried = docAfter(6);
    expect(retried.hasError).toBe(false);
    expect(retried.content[2].map((m) => [m.sId, m.version])).toEqual([
      ['agtmsg0001', 0],
      ['agtmsg0002', 1],
    ]);
    expect(docAfter(7).content[2][1]).toMatchObject({
      status: 'succeeded',
      content: 'Hi!',
      rawContents: [{ step: 0, content: 'Hi!' }],
      completionDurationMs: 900,
      completedTs: T0 + 12,
    });
  });

  it('adds edited versions in the same rank and supersedes fragments', () => {
    const doc = docAfter(10);
    expect(doc.content[1].map((m) => m.sId)).toEqual(['usrmsg0001', 'usrmsg0002']);
    expect(doc.content[0][0]).toMatchObject({ contentFragmentVersion: 'superseded' });
    expect(doc.content[3][0]).toMatchObject({ contentFragmentId: 'cf00000001', contentFragmentVersion: 'latest' });
  });

  it('applies title, visibility, metadata and read state', () => {
    const doc = docAfter(14);
    expect(doc).toMatchObject({ title: 'Renamed', visibility: 'test', metadata: { source: 'cli' } });
    expect(doc.readState).toEqual({ usr0000001: T0 + 13, usrbob0001: T0 + 18 });
    expect(doc.updated).toBe(T0 + 17);
    const unread = conversationProjection.evolve(
      doc,
      recorded({ type: 'ConversationReadStateChanged', data: { ...at(30), userId: bob.userId, read: false } }, 500),
      CID,
    );
    expect(unread?.readState.usrbob0001).toBeNull();
  });

  it('keeps reactions per message and leaves updated alone', () => {
    const withReactions = docAfter(16);
    expect(withReactions.content[2][1]).toMatchObject({
      reactions: [{ emoji: '+1', users: [{ userId: 'usrbob0001', username: 'bob', fullName: 'Bob' }] }],
    });
    expect(withReactions.content[1][1]).toMatchObject({ reactions: [{ emoji: 'heart' }] });
    expect(docAfter(17).content[1][1]).toMatchObject({ reactions: [] });
    expect(withReactions.updated).toBe(T0 + 17);
  });

  it('records and removes feedback with the agent message numeric id', () => {
    expect(feedbacksAfter(18)).toEqual([
      {
        messageId: 'agtmsg0002',
        agentMessageId: 106,
        userId: 'usrbob0001',
        userModelId: 42,
        thumbDirection: 'up',
        content: null,
        createdAt: T0 + 22,
        agentConfigurationId: agent.sId,
        agentConfigurationVersion: agent.version,
        isConversationShared: true,
        givenPosition: 118,
      },
    ]);
    expect(feedbacksAfter(19)).toEqual([]);
  });

  it('renders, after every event, a conversation the official client accepts (on the public family, without compaction messages)', () => {
    const owner = {
      id: 1,
      sId: 'wrkspc0001',
      name: 'Acme',
      role: 'user' as const,
      regionalModelsOnly: false,
      segmentation: null,
      whiteListedProviders: null,
      defaultEmbeddingProvider: null,
    };
    recordedHistory.forEach((_event, i) => {
      const conversation = withoutCompactionMessages(renderConversation(docAfter(i + 1), { viewerUserId: bob.userId, owner, baseUrl: 'http://x' }));
      expect(GetConversationResponseSchema.safeParse({ conversation }).error).toBeUndefined();
    });
  });

  it('keeps a deleted conversation, flagged', () => {
    expect(docAfter(recordedHistory.length)).toMatchObject({ deleted: true, visibility: 'deleted', lastPosition: 100 + recordedHistory.length });
  });

  it('shows a compaction message created, then with its summary, and keeps its rank', () => {
    const index = fullHistory.findIndex((e) => e.type === 'CompactionMessageCreated');
    const created = docAfter(index + 1).content.flat().find((m) => m.type === 'compaction_message');
    expect(created).toMatchObject({ sId: 'cmpmsg0001', rank: 4, status: 'created', content: null, compactionMessageId: 101 + index });
    const done = docAfter(index + 2).content.flat().find((m) => m.type === 'compaction_message');
    expect(done).toMatchObject({ status: 'succeeded', content: 'A summary.' });
    expect(docAfter(index + 1)).toMatchObject({ nextRank: 5, compacting: true, compaction: { messageId: 'cmpmsg0001', startedAt: T0 + 23 } });
    expect(docAfter(index + 2)).toMatchObject({ compacting: false, compaction: null });
  });

  it('lists forks on the parent and names the copied file on the fragment', () => {
    const doc = docAfter(recordedHistory.length - 1);
    expect(doc.forkedChildren).toEqual([
      { childConversationId: 'cnvchild01', childConversationTitle: 'Renamed', sourceMessageId: 'agtmsg0002', branchedAt: T0 + 23, user: fixtureUser() },
    ]);
    const fragment = doc.content.flat().find((m) => m.sId === 'frgmsg0002');
    expect(fragment).toMatchObject({ fileId: 'fil_copy0001' });
  });

  it('keeps a fork pending until ForkPrepared', () => {
    const origin = { parentConversationId: 'cnvparent1', parentConversationTitle: 'P', sourceMessageId: 'm1', branchedAt: T0, user: fixtureUser() };
    const events = recordAll([conversationCreated({ forkedFrom: origin }), { type: 'ForkPrepared', data: { ...at(1), status: 'failed' } }]);
    expect(project(conversationProjection, events.slice(0, 1)).get(CID)).toMatchObject({ forkedFrom: origin, fileCopyStatus: 'pending' });
    expect(project(conversationProjection, events).get(CID)).toMatchObject({ fileCopyStatus: 'done' });
  });
});
