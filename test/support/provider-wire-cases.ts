import { startFakeAnthropicServer, startFakeGoogleServer, startFakeMistralServer, type FakeModelServer, type RecordedRequest } from './fake-model-servers';

/** A function tool as the request offered it: its name and JSON schema. */
export interface OfferedTool {
  readonly name: string;
  readonly schema: unknown;
}

/** A tool result the api sent back to the model: the call it answers, and its text. */
export interface ReturnedToolResult {
  readonly callId: string;
  readonly text: string;
}

/** An image the request carries: its media type and its bytes in base64. */
export interface SentImage {
  readonly mediaType: string;
  readonly base64: string;
}

/**
 * One built-in provider as the e2e spec drives it: the variables pointing the api at its fake, the
 * model an agent runs on, and how to read its requests (each provider's own JSON shapes).
 */
export interface ProviderWireCase {
  readonly providerId: string;
  readonly modelId: string;
  /** The effort the agent is configured with (undefined: the model has no reasoning). */
  readonly reasoningEffort?: string;
  /** The credentials (and version) headers every request must carry, by their provider's names. */
  readonly expectedAuth: Readonly<Record<string, string>>;
  /** The request's reasoning settings the agent's effort maps to (undefined: none sent). */
  readonly expectedReasoning: unknown;
  /** The id the fake gives its tool call, in the provider's format. */
  readonly callId: string;
  start(): Promise<FakeModelServer>;
  env(fake: FakeModelServer): Record<string, string>;
  /** Path (and query) every streamed run request goes to. */
  readonly path: string;
  readonly query: string;
  /** The request's credentials and version headers, as the provider names them. */
  authHeaders(request: RecordedRequest): Record<string, unknown>;
  tools(body: any): OfferedTool[];
  /** Tool results in the request's history. */
  toolResults(body: any): ReturnedToolResult[];
  /** What the request says about reasoning, in the provider's terms. */
  reasoning(body: any): unknown;
  /** Images in the request's messages, in the provider's own part shape. */
  images(body: any): SentImage[];
}

/** The content parts of every message of an Anthropic or Mistral request (string contents have none). */
const partsOf = (messages: any[]): any[] => messages.flatMap((message: any) => (Array.isArray(message.content) ? message.content : []));

const textOf = (content: unknown): string => (typeof content === 'string' ? content : JSON.stringify(content));

/** Anthropic, Google and Mistral, each with its fake and a model of its built-in catalog. */
export const PROVIDER_WIRE_CASES: readonly ProviderWireCase[] = [
  {
    providerId: 'anthropic',
    modelId: 'claude-sonnet-4-5',
    reasoningEffort: 'medium',
    expectedAuth: { 'x-api-key': 'sk-ant-test', 'anthropic-version': '2023-06-01' },
    expectedReasoning: { type: 'enabled', budget_tokens: 8_192 },
    callId: 'toolu_01LeaveSearch',
    start: startFakeAnthropicServer,
    env: (fake) => ({ ANTHROPIC_API_KEY: 'sk-ant-test', ANTHROPIC_BASE_URL: fake.baseUrl }),
    path: '/v1/messages',
    query: '',
    authHeaders: (request) => ({ 'x-api-key': request.headers['x-api-key'], 'anthropic-version': request.headers['anthropic-version'] }),
    tools: (body) => (body.tools ?? []).map((tool: any) => ({ name: tool.name, schema: tool.input_schema })),
    toolResults: (body) =>
      partsOf(body.messages)
        .filter((part: any) => part.type === 'tool_result')
        .map((part: any) => ({ callId: part.tool_use_id, text: textOf(part.content) })),
    reasoning: (body) => body.thinking,
    // An `image` block with a base64 source.
    images: (body) =>
      partsOf(body.messages)
        .filter((part: any) => part.type === 'image' && part.source?.type === 'base64')
        .map((part: any) => ({ mediaType: part.source.media_type, base64: part.source.data })),
  },
  {
    providerId: 'google_ai_studio',
    modelId: 'gemini-2.5-flash',
    reasoningEffort: 'light',
    expectedAuth: { 'x-goog-api-key': 'g-test' },
    expectedReasoning: { thinkingBudget: 2_048, includeThoughts: true },
    callId: 'fc-leave-search',
    start: startFakeGoogleServer,
    env: (fake) => ({ GOOGLE_GENERATIVE_AI_API_KEY: 'g-test', GOOGLE_GENERATIVE_AI_BASE_URL: fake.baseUrl }),
    path: '/v1beta/models/gemini-2.5-flash:streamGenerateContent',
    query: 'alt=sse',
    authHeaders: (request) => ({ 'x-goog-api-key': request.headers['x-goog-api-key'] }),
    // `parametersJsonSchema` takes JSON Schema as it is (`parameters` takes Google's OpenAPI subset).
    tools: (body) =>
      (body.tools ?? []).flatMap((tool: any) => tool.functionDeclarations ?? []).map((declaration: any) => ({ name: declaration.name, schema: declaration.parametersJsonSchema })),
    // The response names the function as well as the call.
    toolResults: (body) =>
      body.contents
        .flatMap((content: any) => content.parts ?? [])
        .filter((part: any) => part.functionResponse !== undefined)
        .map((part: any) => ({ callId: part.functionResponse.id, text: `${part.functionResponse.name} ${textOf(part.functionResponse.response)}` })),
    reasoning: (body) => body.generationConfig?.thinkingConfig,
    // An `inlineData` part.
    images: (body) =>
      body.contents
        .flatMap((content: any) => content.parts ?? [])
        .filter((part: any) => part.inlineData !== undefined)
        .map((part: any) => ({ mediaType: part.inlineData.mimeType, base64: part.inlineData.data })),
  },
  {
    providerId: 'mistral',
    // Magistral reasons (thinking content parts) and takes images (Mistral Large does not).
    modelId: 'magistral-medium-latest',
    reasoningEffort: 'high',
    expectedAuth: { authorization: 'Bearer m-test' },
    expectedReasoning: 'high',
    callId: 'Lv8Sx2Qa1',
    start: startFakeMistralServer,
    env: (fake) => ({ MISTRAL_API_KEY: 'm-test', MISTRAL_BASE_URL: fake.baseUrl }),
    path: '/v1/chat/completions',
    query: '',
    authHeaders: (request) => ({ authorization: request.headers.authorization }),
    tools: (body) => (body.tools ?? []).map((tool: any) => ({ name: tool.function.name, schema: tool.function.parameters })),
    toolResults: (body) =>
      body.messages.filter((message: any) => message.role === 'tool').map((message: any) => ({ callId: message.tool_call_id, text: textOf(message.content) })),
    reasoning: (body) => body.reasoning_effort,
    // An `image_url` part whose URL is a data URL (a string, not OpenAI's `{ url }`).
    images: (body) =>
      partsOf(body.messages)
        .filter((part: any) => part.type === 'image_url' && typeof part.image_url === 'string')
        .map((part: any) => {
          const [, mediaType, base64] = /^data:([^;]+);base64,(.*)$/.exec(part.image_url) ?? [];
          return { mediaType, base64 };
        }),
  },
];
