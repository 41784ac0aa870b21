import { EVENT_STORE, type EventStore } from '@app/storage';
import { FakeOpenAIServer, type RecordedRequest, type Scenario } from './fake-openai-server';
import { collectSse, type ReceivedFrame } from './sse-client';
import { call, startTestApp, type TestApp } from './test-app';

/** The context every test message is posted with. */
export const CONTEXT = { username: 'ada', fullName: 'Ada Lovelace', timezone: 'UTC', origin: 'api' } as const;

/** Payload types that end an agent message stream. */
export const TERMINAL_TYPES = ['agent_message_success', 'agent_error', 'agent_generation_cancelled'];

/** Environment that points the OpenAI provider at the fake server. */
export function openAIEnv(fake: FakeOpenAIServer, extra: Record<string, string> = {}): Record<string, string> {
  return { OPENAI_API_KEY: 'sk-test', OPENAI_BASE_URL: fake.baseUrl, ...extra };
}

/** Whether a fake-server request is the conversation title request (not an agent run). */
export function isTitleRequest(request: RecordedRequest): boolean {
  return JSON.stringify(request.body ?? {}).includes('You write conversation titles');
}

/** Requests that were agent runs (title requests left out). */
export function runRequests(fake: FakeOpenAIServer): RecordedRequest[] {
  return fake.requests.filter((request) => !isTitleRequest(request));
}

/** A request body as one string, for "did the prompt contain this" assertions. */
export function sentText(body: unknown): string {
  return JSON.stringify(body);
}

/** A text scenario from tokens. */
export function textScenario(tokens: readonly string[], delayMs = 0): Scenario {
  return { steps: [{ type: 'text', tokens, delayMs }], usage: { inputTokens: 100, outputTokens: 50 } };
}

/** One workspace on a running app, with conversation helpers over HTTP. */
export class AgentApi {
  constructor(
    readonly t: TestApp,
    readonly workspaceId: string,
    readonly key: string,
  ) {}

  static async start(env: Record<string, string>, dataDir?: string): Promise<AgentApi> {
    const t = await startTestApp(env, dataDir);
    const { workspaceId, apiKey } = await t.createWorkspace('Acme');
    return new AgentApi(t, workspaceId, apiKey);
  }

  /** Same workspace and key on another app instance (a restart on the same data dir). */
  on(t: TestApp): AgentApi {
    return new AgentApi(t, this.workspaceId, this.key);
  }

  path(suffix = ''): string {
    return `/api/v1/w/${this.workspaceId}/assistant/conversations${suffix}`;
  }

  async createConversation(
    content: string,
    options: { title?: string | null; agent?: string; modelSelection?: unknown; contentFragments?: unknown[] } = {},
  ): Promise<{ conversationId: string; userMessageId: string; agentMessageId: string; body: any }> {
    const response = await call(this.t.baseUrl, 'POST', this.path(), {
      key: this.key,
      body: {
        title: options.title === undefined ? 'A test conversation' : options.title,
        ...(options.contentFragments ? { contentFragments: options.contentFragments } : {}),
        message: {
          content,
          mentions: [{ configurationId: options.agent ?? 'dust' }],
          context: CONTEXT,
          ...(options.modelSelection ? { modelSelection: options.modelSelection } : {}),
        },
      },
    });
    if (response.status !== 200) throw new Error(`create conversation: ${response.status} ${JSON.stringify(response.body)}`);
    const conversation = response.body.conversation;
    const agent = conversation.content.flat().find((m: any) => m.type === 'agent_message');
    return { conversationId: conversation.sId, userMessageId: response.body.message.sId, agentMessageId: agent.sId, body: response.body };
  }

  async postMessage(conversationId: string, content: string, agent = 'dust'): Promise<{ userMessageId: string; agentMessageId: string }> {
    const response = await call(this.t.baseUrl, 'POST', this.path(`/${conversationId}/messages`), {
      key: this.key,
      body: { content, mentions: [{ configurationId: agent }], context: CONTEXT },
    });
    if (response.status !== 200) throw new Error(`post message: ${response.status} ${JSON.stringify(response.body)}`);
    return { userMessageId: response.body.message.sId, agentMessageId: response.body.agentMessages[0].sId };
  }

  async conversation(conversationId: string): Promise<any> {
    const response = await call(this.t.baseUrl, 'GET', this.path(`/${conversationId}`), { key: this.key });
    return response.body.conversation;
  }

  async message(conversationId: string, messageId: string): Promise<any> {
    const conversation = await this.conversation(conversationId);
    return conversation.content.flat().find((m: any) => m.sId === messageId);
  }

  /** Polls the conversation until the message leaves `created` (or the time is up). */
  async settled(conversationId: string, messageId: string, timeoutMs = 10_000): Promise<any> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const message = await this.message(conversationId, messageId);
      if ((message && message.status !== 'created') || Date.now() > deadline) return message;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  /** Collects the message's SSE frames until a terminal event (or `done`, or the timeout). */
  async events(
    conversationId: string,
    messageId: string,
    options: { lastEventId?: string; header?: string; stop?: (frames: ReceivedFrame[]) => boolean; timeoutMs?: number; family?: 'public' | 'private' } = {},
  ): Promise<{ frames: ReceivedFrame[]; comments: string[]; closedByServer: boolean }> {
    const prefix = options.family === 'private' ? `/api/w/${this.workspaceId}/assistant/conversations` : this.path();
    const query = options.lastEventId !== undefined ? `?lastEventId=${options.lastEventId}` : '';
    return collectSse(`${this.t.baseUrl}${prefix}/${conversationId}/messages/${messageId}/events${query}`, {
      key: this.key,
      headers: options.header !== undefined ? { 'last-event-id': options.header } : {},
      stop: options.stop ?? ((frames) => frames.some((f) => f.raw === 'done')),
      timeoutMs: options.timeoutMs ?? 15_000,
    });
  }
}

/** Payload objects of data frames (the `done` marker left out). */
export function payloads(frames: readonly ReceivedFrame[]): any[] {
  return frames.filter((frame) => frame.data !== undefined).map((frame) => frame.data);
}

/** The answer text streamed as `generation_tokens` of a classification. */
export function streamedText(frames: readonly ReceivedFrame[], classification = 'tokens'): string {
  return payloads(frames)
    .filter((data) => data.type === 'generation_tokens' && data.classification === classification)
    .map((data) => data.text)
    .join('');
}

/** Every event the app's store holds, in log order. */
export async function allEvents(api: AgentApi): Promise<{ type: string; streamName: string; data: any; metadata: any }[]> {
  return api.t.app.get<EventStore>(EVENT_STORE).readAll();
}
