import type { DustAPI } from '@dust-tt/client';
import { AgentApi, CONTEXT, isTitleRequest, openAIEnv, runRequests, sentText, textScenario } from './support/agent-run-helpers';
import { assistant } from './support/agent-assistant-body';
import { officialClient, unwrapResult } from './support/official-client';
import { useFakeOpenAI } from './support/use-fake-openai';
import { call, startTestApp } from './support/test-app';

// An agent asks the user a question mid-run (`ask_user_question`): the run waits as it does for an
// approval, the question shows on the message's stream and in the blocked actions, and the answer
// given through the official client's answerUserQuestion is the call's result the model reads.

jest.setTimeout(60_000);

const openAI = useFakeOpenAI();

const QUESTION = {
  question: 'Which day suits you?',
  options: [{ label: 'Friday' }, { label: 'Monday', description: 'after the release' }],
};

const askThenText = (answer: string, args: Readonly<Record<string, unknown>> = QUESTION) => [
  { steps: [{ type: 'tool-call' as const, name: 'ask_user_question', args }] },
  textScenario([answer]),
];

/**
 * The agent runs' scenarios, in order. A conversation's title is asked for after a run succeeds,
 * at a moment of its own (it may reach the model server during the next test): title requests get
 * a title and never take a run's scenario.
 */
function scriptRuns(scenarios: ReturnType<typeof askThenText>): void {
  const queue = [...scenarios];
  // A run beyond the script gets the error an empty queue would have given.
  const unscripted = { steps: [{ type: 'http-error' as const, status: 500 }] };
  openAI.server.setResolver((request) => (isTitleRequest(request) ? textScenario(['A title']) : (queue.shift() ?? unscripted)));
}

/** Creates the agent that may ask questions; returns its sId. */
async function askerOn(api: AgentApi): Promise<string> {
  const created = await call(api.t.baseUrl, 'POST', `/api/w/${api.workspaceId}/assistant/agent_configurations`, {
    key: api.key,
    body: { assistant: assistant({ name: `asker${Math.floor(Math.random() * 1e6)}`, toolset: ['ask_user_question'] }) },
  });
  if (created.status !== 200) throw new Error(`create agent: ${created.status} ${JSON.stringify(created.body)}`);
  return created.body.agentConfiguration.sId;
}

/** Posts a question for the agent through the client and reads its stream until the agent asks (or the stream ends). */
async function asked(client: DustAPI, agent: string, content = 'Book the meeting') {
  const created = unwrapResult(await client.createConversation({ title: null, visibility: 'unlisted', message: { content, mentions: [{ configurationId: agent }], context: CONTEXT } }));
  const conversationId = created.conversation.sId;
  const agentMessageId = created.conversation.content.flat().find((m) => m.type === 'agent_message')!.sId;
  const stream = unwrapResult(
    await client.streamAgentMessageEvents({ conversationId, agentMessageId, options: { maxReconnectAttempts: 3, reconnectDelay: 100, autoReconnect: true } }),
  );
  let question: any;
  for await (const event of stream.eventStream) {
    if (event.type === 'tool_ask_user_question' || event.type === 'agent_message_success' || event.type === 'agent_error') {
      question = event;
      break;
    }
  }
  return { conversationId, agentMessageId, event: question };
}

describe('an agent asking the user a question', () => {
  let api: AgentApi;
  let client: DustAPI;
  let asker: string;
  beforeAll(async () => {
    api = await AgentApi.start(openAIEnv(openAI.server));
    asker = await askerOn(api);
    client = officialClient(api.t.baseUrl, api.workspaceId, await api.t.createKey(api.workspaceId, 'user', 'ada@example.com'));
  });
  afterAll(() => api.t.close());

  it('waits with the question on the stream and in the blocked actions; the answer is the result the model reads', async () => {
    scriptRuns(askThenText('Friday it is.'));
    const { conversationId, agentMessageId, event } = await asked(client, asker);
    expect(event).toMatchObject({
      type: 'tool_ask_user_question',
      conversationId,
      messageId: agentMessageId,
      question: {
        question: 'Which day suits you?',
        options: [
          { label: 'Friday', description: null },
          { label: 'Monday', description: 'after the release' },
        ],
        multiSelect: false,
      },
      metadata: { toolName: 'ask_user_question' },
    });
    const actionId = event.actionId;

    const blocked = unwrapResult(await client.getBlockedActions({ conversationId })).blockedActions;
    expect(blocked).toEqual([expect.objectContaining({ actionId, messageId: agentMessageId, status: 'blocked_user_answer_required', question: event.question })]);

    // Not an approval: validate-action refuses it, and an answer must name options the question offers.
    const approved = await client.validateAction({ conversationId, messageId: agentMessageId, actionId, approved: 'approved' });
    expect(approved.isErr() && approved.error.type).toBe('action_not_blocked');
    const outOfRange = await client.answerUserQuestion({ conversationId, messageId: agentMessageId, actionId, answer: { selectedOptions: [2] } });
    expect(outOfRange.isErr() && outOfRange.error.type).toBe('invalid_request_error');
    const two = await client.answerUserQuestion({ conversationId, messageId: agentMessageId, actionId, answer: { selectedOptions: [0, 1] } });
    expect(two.isErr() && two.error.type).toBe('invalid_request_error');
    const nothing = await client.answerUserQuestion({ conversationId, messageId: agentMessageId, actionId, answer: { selectedOptions: [] } });
    expect(nothing.isErr() && nothing.error.type).toBe('invalid_request_error');
    const unknown = await client.answerUserQuestion({ conversationId, messageId: agentMessageId, actionId: 'act_unknown', answer: { selectedOptions: [0] } });
    expect(unknown.isErr() && unknown.error.type).toBe('action_not_found');

    const answered = unwrapResult(
      await client.answerUserQuestion({ conversationId, messageId: agentMessageId, actionId, answer: { selectedOptions: [0], customResponse: 'after lunch' } }),
    );
    expect(answered).toEqual({ success: true });
    const message = await api.settled(conversationId, agentMessageId);
    expect(message).toMatchObject({ status: 'succeeded', content: 'Friday it is.' });
    expect(message.actions[0]).toMatchObject({ sId: actionId, functionCallName: 'ask_user_question', status: 'succeeded' });
    const result = JSON.parse(message.actions[0].output[0].text);
    expect(result).toEqual({ question: 'Which day suits you?', selectedOptions: ['Friday'], customResponse: 'after lunch' });
    expect(sentText(runRequests(openAI.server).at(-1)?.body)).toContain('after lunch');
    expect(unwrapResult(await client.getBlockedActions({ conversationId })).blockedActions).toEqual([]);

    const again = await client.answerUserQuestion({ conversationId, messageId: agentMessageId, actionId, answer: { selectedOptions: [1] } });
    expect(again.isErr() && again.error.type).toBe('action_not_blocked');
  });

  it('asks even when the message skips tool validation, and takes an answer in words only', async () => {
    scriptRuns(askThenText('Noted.', { question: 'Anything to add?' }));
    const response = await call(api.t.baseUrl, 'POST', api.path(), {
      key: api.key,
      body: { title: null, message: { content: 'Go', mentions: [{ configurationId: asker }], context: CONTEXT }, skipToolsValidation: true },
    });
    const conversationId = response.body.conversation.sId;
    const agentMessageId = response.body.conversation.content.flat().find((m: any) => m.type === 'agent_message').sId;
    let blocked: any[] = [];
    for (let attempt = 0; attempt < 200 && blocked.length === 0; attempt += 1) {
      blocked = (await call(api.t.baseUrl, 'GET', api.path(`/${conversationId}/actions/blocked`), { key: api.key })).body.blockedActions;
      if (blocked.length === 0) await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(blocked).toEqual([expect.objectContaining({ status: 'blocked_user_answer_required', question: { question: 'Anything to add?', options: [], multiSelect: false } })]);
    const answered = await call(api.t.baseUrl, 'POST', `/api/w/${api.workspaceId}/assistant/conversations/${conversationId}/messages/${agentMessageId}/answer-question`, {
      key: api.key,
      body: { actionId: blocked[0].actionId, answer: { selectedOptions: [], customResponse: 'Bring snacks' } },
    });
    expect(answered).toMatchObject({ status: 200, body: { success: true } });
    expect(await api.settled(conversationId, agentMessageId)).toMatchObject({ status: 'succeeded', content: 'Noted.' });
    expect(sentText(runRequests(openAI.server).at(-1)?.body)).toContain('Bring snacks');
  });

  it('refuses a malformed answer body with a 400 in the error envelope', async () => {
    const path = api.path('/nope/messages/nope/answer-question');
    for (const body of [{}, { actionId: 'act_x' }, { actionId: 'act_x', answer: { selectedOptions: 'all' } }, { actionId: 'act_x', answer: { selectedOptions: [0.5] } }]) {
      const refused = await call(api.t.baseUrl, 'POST', path, { key: api.key, body });
      expect(refused).toMatchObject({ status: 400, body: { error: { type: 'invalid_request_error' } } });
    }
  });

  it('gives the model a refusal it can recover from when its question is malformed', async () => {
    scriptRuns(askThenText('I will not ask then.', { options: [{ label: 'x' }] }));
    const { conversationId, agentMessageId, event } = await asked(client, asker, 'Ask me nothing');
    expect(event.type).toBe('agent_message_success');
    const message = await api.settled(conversationId, agentMessageId);
    expect(message).toMatchObject({ status: 'succeeded', content: 'I will not ask then.' });
    expect(message.actions[0]).toMatchObject({ functionCallName: 'ask_user_question', status: 'errored' });
  });
});

describe('a question waiting across a restart of the api', () => {
  it('is answered after the restart, and the run goes on with the answer', async () => {
    const first = await AgentApi.start(openAIEnv(openAI.server));
    const asker = await askerOn(first);
    scriptRuns(askThenText('See you on Monday.'));
    const { conversationId, agentMessageId, event } = await asked(officialClient(first.t.baseUrl, first.workspaceId, first.key), asker);
    expect(event.type).toBe('tool_ask_user_question');
    await first.t.close({ keepData: true });

    const t = await startTestApp(openAIEnv(openAI.server), first.t.dataDir);
    const api = first.on(t);
    try {
      const client = officialClient(t.baseUrl, api.workspaceId, api.key);
      expect(unwrapResult(await client.getBlockedActions({ conversationId })).blockedActions).toEqual([
        expect.objectContaining({ actionId: event.actionId, status: 'blocked_user_answer_required' }),
      ]);
      unwrapResult(await client.answerUserQuestion({ conversationId, messageId: agentMessageId, actionId: event.actionId, answer: { selectedOptions: [1] } }));
      const message = await api.settled(conversationId, agentMessageId, 30_000);
      expect(message).toMatchObject({ status: 'succeeded', content: 'See you on Monday.' });
      expect(JSON.parse(message.actions[0].output[0].text)).toEqual({ question: 'Which day suits you?', selectedOptions: ['Monday'] });
    } finally {
      await t.close();
    }
  });
});

describe('a question nobody answers', () => {
  it('fails the run cleanly after the configured wait, and can no longer be answered', async () => {
    const api = await AgentApi.start(openAIEnv(openAI.server, { TOOL_APPROVAL_TIMEOUT_MS: '300' }));
    try {
      const asker = await askerOn(api);
      const client = officialClient(api.t.baseUrl, api.workspaceId, api.key);
      scriptRuns(askThenText('Never said.'));
      const { conversationId, agentMessageId, event } = await asked(client, asker);
      expect(event.type).toBe('tool_ask_user_question');
      const message = await api.settled(conversationId, agentMessageId);
      expect(message).toMatchObject({ status: 'failed', error: { code: 'tool_approval_expired', message: 'Nobody answered the question of ask_user_question in time.' } });
      const late = await client.answerUserQuestion({ conversationId, messageId: agentMessageId, actionId: event.actionId, answer: { selectedOptions: [0] } });
      expect(late.isErr() && late.error.type).toBe('action_not_blocked');
    } finally {
      await api.t.close();
    }
  });
});
