import { DustAPI } from '@dust-tt/client';
import { AgentApi, CONTEXT, openAIEnv, textScenario } from './support/agent-run-helpers';
import { assistant } from './support/agent-assistant-body';
import { uploadFile } from './support/file-upload-helpers';
import { createUserToken, joinByInvitation } from './support/invitations';
import { errorTypeOf, officialClient, unwrapResult } from './support/official-client';
import { useFakeOpenAI } from './support/use-fake-openai';
import { call } from './support/test-app';

// Every public method of the official client, called through the client against our server, each
// checked on what it answers. Four cannot apply to a self-hosted server: runApp and runAppStreamed
// run Dust apps, and downloadFile (files.download) accepts only a Google Cloud Storage redirect.
// The last test fails when the client gains a method this file does not call.

jest.setTimeout(60_000);

const NOT_APPLICABLE = ['runApp', 'runAppStreamed', 'downloadFile'];

type Method = Extract<keyof DustAPI, string>;
const covered = new Set<string>();

/** One test per client method, named after it. */
function method(name: Method, test: () => Promise<void>): void {
  covered.add(name);
  it(name, test);
}

const openAI = useFakeOpenAI();

/** The first JSON-RPC request a client-side server's stream of requests carries. */
async function firstRequest(body: ReadableStream<Uint8Array>): Promise<{ id: string | number; method: string }> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let text = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) throw new Error(`the stream ended before a request: ${text}`);
    text += decoder.decode(value, { stream: true });
    for (const line of text.split('\n')) {
      if (!line.startsWith('data: ')) continue;
      const frame = JSON.parse(line.slice('data: '.length));
      const request = frame.data ?? frame;
      if (request && request.method !== undefined && request.id !== undefined) return request;
    }
  }
}

describe('the official client, every method', () => {
  let api: AgentApi;
  let baseUrl: string;
  let workspaceId: string;
  let adminKey: string;
  let admin: DustAPI;
  /** A builder's personal access token: a person, as `me()`, feedback and client-side MCP servers need. */
  let token: string;
  let grace: DustAPI;
  let projectId: string;
  let libraryId: string;
  let dataSourceId: string;
  let asker: string;

  const http = (method: string, path: string, body?: unknown, key = adminKey) => call(baseUrl, method, path, { key, ...(body !== undefined ? { body } : {}) });
  const hello = (content = 'Hello @dust') => ({ content, mentions: [{ configurationId: 'dust' }], context: CONTEXT });

  /** A conversation of Grace's with one answered agent message. */
  async function answered(answer = 'Hello Grace.') {
    openAI.server.enqueue(textScenario([answer]));
    const created = unwrapResult(await grace.createConversation({ title: 'Chat', visibility: 'unlisted', message: hello() }));
    const agentMessage = created.conversation.content.flat().find((m) => m.type === 'agent_message')!;
    expect(await new AgentApi(api.t, workspaceId, token).settled(created.conversation.sId, agentMessage.sId)).toMatchObject({ status: 'succeeded', content: answer });
    return { conversation: created.conversation, userMessageId: created.message!.sId, agentMessageId: agentMessage.sId };
  }

  beforeAll(async () => {
    api = await AgentApi.start(openAIEnv(openAI.server));
    ({ workspaceId, key: adminKey } = api);
    baseUrl = api.t.baseUrl;
    admin = officialClient(baseUrl, workspaceId, adminKey);
    const person = await joinByInvitation(baseUrl, workspaceId, adminKey, 'grace@example.com', 'builder');
    token = await createUserToken(baseUrl, person.session);
    grace = officialClient(baseUrl, workspaceId, token);
    projectId = (await http('POST', `/api/w/${workspaceId}/spaces`, { name: 'Launch', isRestricted: false, spaceKind: 'project' })).body.space.sId;
    libraryId = (await http('POST', `/api/w/${workspaceId}/spaces`, { name: 'Library', isRestricted: false })).body.space.sId;
    dataSourceId = (await http('POST', `/api/w/${workspaceId}/spaces/${libraryId}/data_sources`, { name: 'Books', description: null })).body.dataSource.sId;
    const created = await http('POST', `/api/w/${workspaceId}/assistant/agent_configurations`, { assistant: assistant({ name: 'asker', toolset: ['ask_user_question'] }) });
    asker = created.body.agentConfiguration.sId;
  });
  afterAll(() => api.t.close());

  describe('the client itself', () => {
    method('workspaceId', async () => {
      expect(admin.workspaceId()).toBe(workspaceId);
    });

    method('setWorkspaceId', async () => {
      const client = officialClient(baseUrl, 'w_elsewhere', adminKey);
      expect(errorTypeOf(await client.getSpaces())).toBe('workspace_not_found');
      client.setWorkspaceId(workspaceId);
      expect(unwrapResult(await client.getSpaces()).map((space) => space.sId)).toContain(libraryId);
    });

    method('apiUrl', async () => {
      expect(admin.apiUrl()).toBe(baseUrl);
    });

    method('getApiKey', async () => {
      expect(await admin.getApiKey()).toBe(adminKey);
    });

    method('baseHeaders', async () => {
      const headers = await grace.baseHeaders();
      expect(headers.Authorization).toBe(`Bearer ${token}`);
      const spaces = await fetch(`${baseUrl}/api/v1/w/${workspaceId}/spaces`, { headers });
      expect(spaces.status).toBe(200);
    });

    method('request', async () => {
      const result = unwrapResult(await admin.request({ method: 'GET', path: 'spaces' })) as { response: { status: number; body: unknown } };
      expect(result.response.status).toBe(200);
    });

    method('me', async () => {
      const me = unwrapResult(await grace.me());
      expect(me).toMatchObject({ email: 'grace@example.com', workspaces: [expect.objectContaining({ sId: workspaceId, role: 'builder' })] });
      expect(errorTypeOf(await admin.me())).toBe('user_not_found');
    });
  });

  describe('the workspace', () => {
    method('exists', async () => {
      expect(unwrapResult(await admin.exists())).toBe(true);
    });

    method('getWorkspaceFeatureFlags', async () => {
      expect(Array.isArray(unwrapResult(await admin.getWorkspaceFeatureFlags()))).toBe(true);
    });

    method('getWorkspaceVerifiedDomains', async () => {
      expect(unwrapResult(await admin.getWorkspaceVerifiedDomains())).toEqual([]);
    });

    method('getActiveMemberEmailsInWorkspace', async () => {
      expect(unwrapResult(await admin.getActiveMemberEmailsInWorkspace())).toContain('grace@example.com');
    });

    method('getSpaces', async () => {
      const spaces = unwrapResult(await admin.getSpaces());
      expect(spaces.map((space) => [space.kind, space.name]).sort()).toEqual([
        ['conversations', 'Conversations'],
        ['global', 'Company Data'],
        ['project', 'Launch'],
        ['regular', 'Library'],
      ]);
    });

    method('getAgentConfigurations', async () => {
      const agents = unwrapResult(await admin.getAgentConfigurations({}));
      expect(agents.map((agent) => agent.sId)).toEqual(expect.arrayContaining(['dust', asker]));
    });
  });

  describe('mentions', () => {
    method('getMentionsSuggestions', async () => {
      const suggestions = unwrapResult(await admin.getMentionsSuggestions({ query: 'ask', select: ['agents'] }));
      expect(suggestions[0]).toMatchObject({ id: asker, type: 'agent', label: 'asker' });
    });

    method('parseForMentions', async () => {
      const parsed = unwrapResult(await admin.parseForMentions({ markdown: 'Hi @asker' }));
      expect(parsed).toBe(`Hi :mention[asker]{sId=${asker}}`);
    });
  });

  describe('conversations', () => {
    method('createConversation', async () => {
      const created = unwrapResult(await grace.createConversation({ title: 'Empty', visibility: 'unlisted' }));
      expect(created.conversation).toMatchObject({ title: 'Empty', content: [] });
    });

    method('waitForAgentMessage', async () => {
      openAI.server.enqueue(textScenario(['Waited for.']));
      const created = unwrapResult(await grace.createConversation({ title: 'Wait', visibility: 'unlisted', message: hello() }));
      // The client finds the agent message answering the user message (as created, or once the conversation's stream shows the user message).
      const found = unwrapResult(await grace.waitForAgentMessage({ conversation: created.conversation, parentUserMessageId: created.message!.sId }));
      expect(found).toMatchObject({ type: 'agent_message', parentMessageId: created.message!.sId, configuration: { sId: 'dust' } });
      const withoutIt = { ...created.conversation, content: created.conversation.content.filter((versions) => versions[0]?.type !== 'agent_message') };
      const streamed = unwrapResult(await grace.waitForAgentMessage({ conversation: withoutIt, parentUserMessageId: created.message!.sId }));
      expect(streamed).toMatchObject({ sId: found!.sId });
    });

    method('getConversation', async () => {
      const { conversation, agentMessageId } = await answered();
      const fetched = unwrapResult(await grace.getConversation({ conversationId: conversation.sId }));
      expect(fetched.content.flat().find((m) => m.sId === agentMessageId)).toMatchObject({ status: 'succeeded', content: 'Hello Grace.' });
    });

    method('getConversations', async () => {
      const { conversation } = await answered();
      expect(unwrapResult(await grace.getConversations()).map((c) => c.sId)).toContain(conversation.sId);
    });

    method('postUserMessage', async () => {
      const { conversation } = await answered();
      openAI.server.enqueue(textScenario(['Again.']));
      const posted = unwrapResult(await grace.postUserMessage({ conversationId: conversation.sId, message: hello('And again @dust') }));
      expect(posted).toMatchObject({ type: 'user_message', content: 'And again @dust' });
    });

    method('postContentFragment', async () => {
      const created = unwrapResult(await grace.createConversation({ title: 'Notes', visibility: 'unlisted' }));
      const fragment = unwrapResult(
        await grace.postContentFragment({ conversationId: created.conversation.sId, contentFragment: { title: 'note', content: 'An inline note.', contentType: 'text/plain', url: null, context: null } }),
      );
      expect(fragment).toMatchObject({ type: 'content_fragment', title: 'note', contentType: 'text/plain' });
    });

    method('markAsRead', async () => {
      const { conversation } = await answered();
      unwrapResult(await grace.markAsRead({ conversationId: conversation.sId }));
      expect(unwrapResult(await grace.getConversations()).find((c) => c.sId === conversation.sId)).toMatchObject({ unread: false });
    });

    method('cancelMessageGeneration', async () => {
      openAI.server.enqueue(textScenario(Array.from({ length: 40 }, (_, i) => `w${i} `), 100));
      const created = unwrapResult(await grace.createConversation({ title: 'Long', visibility: 'unlisted', message: hello('Go on @dust') }));
      const agentMessage = created.conversation.content.flat().find((m) => m.type === 'agent_message')!;
      expect(unwrapResult(await grace.cancelMessageGeneration({ conversationId: created.conversation.sId, messageIds: [agentMessage.sId] }))).toEqual({ success: true });
      expect(await api.settled(created.conversation.sId, agentMessage.sId)).toMatchObject({ status: 'cancelled' });
    });

    method('retryMessage', async () => {
      const { conversation, agentMessageId } = await answered();
      openAI.server.enqueue(textScenario(['Retried.']));
      const retried = unwrapResult(await grace.retryMessage({ conversationId: conversation.sId, messageId: agentMessageId }));
      expect(retried).toMatchObject({ type: 'agent_message', version: 1 });
    });

    method('streamAgentMessageEvents', async () => {
      const { conversation, agentMessageId } = await answered('Streamed once.');
      const stream = unwrapResult(
        await grace.streamAgentMessageEvents({ conversationId: conversation.sId, agentMessageId, options: { maxReconnectAttempts: 1, reconnectDelay: 100, autoReconnect: false } }),
      );
      const types: string[] = [];
      for await (const event of stream.eventStream) types.push(event.type);
      expect(types).toContain('generation_tokens');
      expect(types.at(-1)).toBe('agent_message_success');
    });

    method('streamAgentAnswerEvents', async () => {
      const { conversation, userMessageId } = await answered('Answered in a stream.');
      const stream = unwrapResult(await grace.streamAgentAnswerEvents({ conversation, userMessageId }));
      let last: any;
      for await (const event of stream.eventStream) last = event;
      expect(last).toMatchObject({ type: 'agent_message_success', message: { content: 'Answered in a stream.' } });
    });

    method('streamConversationEvents', async () => {
      const { conversation, agentMessageId } = await answered();
      const controller = new AbortController();
      const stream = unwrapResult(await grace.streamConversationEvents({ conversationId: conversation.sId, signal: controller.signal }));
      const seen: any[] = [];
      for await (const event of stream.eventStream) {
        seen.push(event);
        if (seen.some((e) => e.type === 'agent_message_new')) break;
      }
      controller.abort();
      expect(seen.find((e) => e.type === 'agent_message_new')).toMatchObject({ message: { sId: agentMessageId } });
    });
  });

  describe('feedback', () => {
    method('postFeedback', async () => {
      const { conversation, agentMessageId } = await answered();
      unwrapResult(await grace.postFeedback(conversation.sId, agentMessageId, { thumbDirection: 'up', feedbackContent: 'Spot on' }));
      expect(unwrapResult(await grace.getConversationFeedback({ conversationId: conversation.sId }))).toEqual([
        expect.objectContaining({ messageId: agentMessageId, thumbDirection: 'up', content: 'Spot on' }),
      ]);
    });

    method('getConversationFeedback', async () => {
      const { conversation, agentMessageId } = await answered();
      expect(unwrapResult(await grace.getConversationFeedback({ conversationId: conversation.sId }))).toEqual([]);
      unwrapResult(await grace.postFeedback(conversation.sId, agentMessageId, { thumbDirection: 'down', feedbackContent: null }));
      expect(unwrapResult(await grace.getConversationFeedback({ conversationId: conversation.sId }))).toEqual([
        expect.objectContaining({ messageId: agentMessageId, thumbDirection: 'down' }),
      ]);
    });

    method('deleteFeedback', async () => {
      const { conversation, agentMessageId } = await answered();
      unwrapResult(await grace.postFeedback(conversation.sId, agentMessageId, { thumbDirection: 'up', feedbackContent: null }));
      unwrapResult(await grace.deleteFeedback(conversation.sId, agentMessageId));
      expect(unwrapResult(await grace.getConversationFeedback({ conversationId: conversation.sId }))).toEqual([]);
    });
  });

  describe('tools waiting for a person', () => {
    /** A conversation with the asker, read until its question blocks. */
    async function blockedQuestion() {
      openAI.server.enqueue({ steps: [{ type: 'tool-call', name: 'ask_user_question', args: { question: 'Which?', options: [{ label: 'A' }, { label: 'B' }] } }] }, textScenario(['Chose.']));
      const created = unwrapResult(await grace.createConversation({ title: 'Q', visibility: 'unlisted', message: { ...hello('Pick @asker'), mentions: [{ configurationId: asker }] } }));
      const conversationId = created.conversation.sId;
      const messageId = created.conversation.content.flat().find((m) => m.type === 'agent_message')!.sId;
      for (let attempt = 0; attempt < 200; attempt += 1) {
        const { blockedActions } = unwrapResult(await grace.getBlockedActions({ conversationId }));
        if (blockedActions.length > 0) return { conversationId, messageId, blocked: blockedActions[0] };
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      throw new Error('the question never blocked');
    }

    method('getBlockedActions', async () => {
      const { messageId, blocked } = await blockedQuestion();
      expect(blocked).toMatchObject({ messageId, status: 'blocked_user_answer_required', question: { question: 'Which?' } });
    });

    method('answerUserQuestion', async () => {
      const { conversationId, messageId, blocked } = await blockedQuestion();
      expect(unwrapResult(await grace.answerUserQuestion({ conversationId, messageId, actionId: blocked.actionId, answer: { selectedOptions: [1] } }))).toEqual({ success: true });
      expect(await api.settled(conversationId, messageId)).toMatchObject({ status: 'succeeded', content: 'Chose.' });
    });

    method('validateAction', async () => {
      const { conversationId, messageId, blocked } = await blockedQuestion();
      // A question is not approved: validate-action refuses it, as the real service does.
      expect(errorTypeOf(await grace.validateAction({ conversationId, messageId, actionId: blocked.actionId, approved: 'approved' }))).toBe('action_not_blocked');
      expect(errorTypeOf(await grace.validateAction({ conversationId, messageId, actionId: 'act_unknown', approved: 'approved' }))).toBe('action_not_found');
      unwrapResult(await grace.answerUserQuestion({ conversationId, messageId, actionId: blocked.actionId, answer: { selectedOptions: [0] } }));
    });
  });

  describe('client-side MCP servers', () => {
    method('registerMCPServer', async () => {
      const registered = unwrapResult(await grace.registerMCPServer({ serverName: 'grace tools' }));
      expect(registered.serverId).toEqual(expect.any(String));
      expect(Date.parse(registered.expiresAt)).toBeGreaterThan(Date.now());
    });

    method('heartbeatMCPServer', async () => {
      const { serverId, expiresAt } = unwrapResult(await grace.registerMCPServer({ serverName: 'beating tools' }));
      const beat = unwrapResult(await grace.heartbeatMCPServer({ serverId }));
      expect(beat.success).toBe(true);
      expect(Date.parse(beat.expiresAt)).toBeGreaterThanOrEqual(Date.parse(expiresAt));
    });

    method('getMCPRequestsConnectionDetails', async () => {
      const { serverId } = unwrapResult(await grace.registerMCPServer({ serverName: 'streamed tools' }));
      const { url, headers } = unwrapResult(await grace.getMCPRequestsConnectionDetails({ serverId }));
      const controller = new AbortController();
      const response = await fetch(url, { headers, signal: controller.signal });
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toContain('text/event-stream');
      controller.abort();
    });

    method('postMCPResults', async () => {
      // A run lending the server sends it requests over its stream (first `initialize`); one is answered through the client.
      const { serverId } = unwrapResult(await grace.registerMCPServer({ serverName: 'answering tools' }));
      const { url, headers } = unwrapResult(await grace.getMCPRequestsConnectionDetails({ serverId }));
      const controller = new AbortController();
      const stream = await fetch(url, { headers, signal: controller.signal });
      openAI.server.enqueue(textScenario(['No tools needed.']));
      const created = unwrapResult(
        await grace.createConversation({ title: 'Lent', visibility: 'unlisted', message: { ...hello(), context: { ...CONTEXT, clientSideMCPServerIds: [serverId] } } }),
      );
      const request = await firstRequest(stream.body!);
      const posted = unwrapResult(
        await grace.postMCPResults({ serverId, result: { jsonrpc: '2.0', id: request.id, result: { protocolVersion: '2025-06-18', capabilities: {}, serverInfo: { name: 'answering', version: '1' } } } }),
      );
      expect(posted).toEqual({ success: true });
      // The same request answered twice, or one never sent, is refused.
      expect(errorTypeOf(await grace.postMCPResults({ serverId, result: { jsonrpc: '2.0', id: 'unknown', result: {} } }))).toBe('invalid_request_error');
      controller.abort();
      const agentMessage = created.conversation.content.flat().find((m) => m.type === 'agent_message')!;
      unwrapResult(await grace.cancelMessageGeneration({ conversationId: created.conversation.sId, messageIds: [agentMessage.sId] }));
    });

    method('getMCPServerViews', async () => {
      const globalId = unwrapResult(await admin.getSpaces()).find((space) => space.kind === 'global')!.sId;
      expect(Array.isArray(unwrapResult(await admin.getMCPServerViews(globalId, true)))).toBe(true);
      expect(errorTypeOf(await admin.getMCPServerViews('vlt_nope'))).toBe('space_not_found');
    });

    method('postConversationTools', async () => {
      const created = unwrapResult(await grace.createConversation({ title: 'Tools', visibility: 'unlisted' }));
      const refused = await grace.postConversationTools({ conversationId: created.conversation.sId, action: 'add', mcpServerViewId: 'msv_nope' });
      expect(errorTypeOf(refused)).toBe('mcp_server_view_not_found');
    });
  });

  describe('data sources and search', () => {
    method('getDataSources', async () => {
      expect(unwrapResult(await admin.getDataSources())).toEqual([expect.objectContaining({ sId: dataSourceId, name: 'Books' })]);
    });

    method('patchDataSourceView', async () => {
      // A space of its own: a view narrowed to `shelf` would hide the library's nodes from the searches below.
      const archiveId = (await http('POST', `/api/w/${workspaceId}/spaces`, { name: 'Archive', isRestricted: true })).body.space.sId;
      await http('POST', `/api/w/${workspaceId}/spaces/${archiveId}/data_sources`, { name: 'Old books', description: null });
      const view = (await http('GET', `/api/v1/w/${workspaceId}/spaces/${archiveId}/data_source_views`)).body.dataSourceViews[0];
      expect(unwrapResult(await admin.patchDataSourceView(view, { parentsIn: ['shelf'] }))).toMatchObject({ sId: view.sId, parentsIn: ['shelf'] });
    });

    method('searchDataSourceViews', async () => {
      const views = unwrapResult(await admin.searchDataSourceViews(new URLSearchParams({ vaultId: libraryId })));
      expect(views).toEqual([expect.objectContaining({ spaceId: libraryId, dataSource: expect.objectContaining({ sId: dataSourceId }) })]);
    });

    method('tokenize', async () => {
      const tokens = unwrapResult(await admin.tokenize('Hello tokens', dataSourceId));
      expect(tokens.map(([, text]) => text).join('')).toBe('Hello tokens');
    });

    const folder = (folderId: string, title: string) => ({
      dataSourceId,
      folderId,
      timestamp: 1_700_000_000_000,
      title,
      parentId: null,
      parents: [folderId],
      mimeType: 'application/vnd.dust.folder',
      sourceUrl: null,
      providerVisibility: null,
    });

    method('upsertFolder', async () => {
      expect(unwrapResult(await admin.upsertFolder(folder('contracts', 'Contracts')))).toMatchObject({ folder: { folder_id: 'contracts', title: 'Contracts' } });
    });

    method('deleteFolder', async () => {
      unwrapResult(await admin.upsertFolder(folder('gone', 'Gone')));
      expect(unwrapResult(await admin.deleteFolder({ dataSourceId, folderId: 'gone' }))).toEqual({ folder: { folder_id: 'gone' } });
    });

    method('searchNodes', async () => {
      unwrapResult(await admin.upsertFolder(folder('contracts', 'Contracts')));
      const nodes = unwrapResult(await admin.searchNodes({ query: 'contract', viewType: 'all', spaceIds: [], includeDataSources: false, limit: 10 }));
      expect(nodes).toEqual([expect.objectContaining({ internalId: 'contracts', title: 'Contracts', type: 'folder' })]);
    });

    method('searchUnified', async () => {
      unwrapResult(await admin.upsertFolder(folder('contracts', 'Contracts')));
      const result = unwrapResult(await admin.searchUnified({ query: 'contract', limit: 5, viewType: 'all', includeDataSources: false }));
      const events: any[] = [];
      for await (const event of result.eventStream) events.push(event);
      expect(events[0].knowledgeResults.nodes).toEqual([expect.objectContaining({ internalId: 'contracts' })]);
    });
  });

  describe('files', () => {
    const upload = async (text: string) =>
      unwrapResult(
        await grace.uploadFile({ contentType: 'text/plain', fileName: 'notes.txt', fileSize: Buffer.byteLength(text), useCase: 'conversation', fileObject: new File([text], 'notes.txt', { type: 'text/plain' }) }),
      );

    method('uploadFile', async () => {
      expect(await upload('Some notes.')).toMatchObject({ sId: expect.stringMatching(/^fil_/), fileName: 'notes.txt', status: 'ready' });
    });

    method('getFileContent', async () => {
      const file = await upload('Read me back.');
      expect(await unwrapResult(await grace.getFileContent({ fileId: file.sId })).text()).toBe('Read me back.');
    });

    method('deleteFile', async () => {
      const file = await upload('Gone soon.');
      const deleted = unwrapResult(await grace.deleteFile({ fileID: file.sId })) as { response: { status: number } };
      expect(deleted.response.status).toBe(204);
      // getFileContent hands back whatever body it gets, here the error envelope.
      expect(JSON.parse(await unwrapResult(await grace.getFileContent({ fileId: file.sId })).text())).toMatchObject({ error: { type: 'file_not_found' } });
    });
  });

  describe('spaces and projects', () => {
    method('getSpaceConversationIds', async () => {
      const created = unwrapResult(await grace.createConversation({ title: 'In the project', visibility: 'unlisted', spaceId: projectId }));
      expect(unwrapResult(await admin.getSpaceConversationIds({ spaceId: projectId })).conversationIds).toContain(created.conversation.sId);
    });

    method('getSpaceConversationsForDataSource', async () => {
      const created = unwrapResult(await grace.createConversation({ title: 'Synced', visibility: 'unlisted', spaceId: projectId }));
      const { conversations } = unwrapResult(await admin.getSpaceConversationsForDataSource({ spaceId: projectId }));
      expect(conversations.map((c) => c.sId)).toContain(created.conversation.sId);
    });

    method('getSpaceMetadata', async () => {
      const { metadata } = unwrapResult(await admin.getSpaceMetadata({ spaceId: projectId }));
      expect(metadata).toMatchObject({ spaceId: projectId });
    });

    method('getSpaceProjectFiles', async () => {
      // The client uploads conversation files only: a project's file is uploaded over HTTP.
      const uploaded = await uploadFile(baseUrl, token, workspaceId, { name: 'briefs/plan.txt', type: 'text/plain', bytes: 'The plan.', projectId });
      expect(uploaded.status).toBe(200);
      const { files } = unwrapResult(await grace.getSpaceProjectFiles({ spaceId: projectId }));
      expect(files).toEqual([
        { isDirectory: true, fileName: 'briefs', path: '/briefs', sizeBytes: 9, lastModifiedMs: expect.any(Number) },
        expect.objectContaining({ isDirectory: false, fileName: 'plan.txt', path: '/briefs/plan.txt', sizeBytes: 9, contentType: 'text/plain', fileId: uploaded.fileId }),
      ]);
      expect(unwrapResult(await grace.getSpaceProjectFiles({ spaceId: projectId, updatedSince: Date.now() + 60_000 })).files).toEqual([]);
    });
  });

  describe('Dust apps, which this deployment does not run', () => {
    method('exportApps', async () => {
      expect(unwrapResult(await admin.exportApps({ appSpaceId: libraryId }))).toEqual([]);
      expect(errorTypeOf(await admin.exportApps({ appSpaceId: 'vlt_nope' }))).toBe('space_not_found');
    });

    method('checkApps', async () => {
      const apps = [{ appId: 'a1', appHash: 'h1' }, { appId: 'a2', appHash: 'h2' }];
      expect(unwrapResult(await admin.checkApps({ apps }, libraryId))).toEqual([
        { appId: 'a1', appHash: 'h1', deployed: false },
        { appId: 'a2', appHash: 'h2', deployed: false },
      ]);
      expect(errorTypeOf(await admin.checkApps({ apps }, 'vlt_nope'))).toBe('space_not_found');
    });
  });

  it('calls every public method of the client but the four that cannot apply', () => {
    const publicMethods = Object.getOwnPropertyNames(DustAPI.prototype).filter(
      (name) => name !== 'constructor' && !name.startsWith('_') && typeof Object.getOwnPropertyDescriptor(DustAPI.prototype, name)?.value === 'function',
    );
    const expected = publicMethods.filter((name) => !NOT_APPLICABLE.includes(name)).sort();
    expect([...covered].sort()).toEqual(expected);
    expect(NOT_APPLICABLE.every((name) => publicMethods.includes(name))).toBe(true);
  });
});
