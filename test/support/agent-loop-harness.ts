
import type { LanguageModel } from 'ai';
import type { OpenAIApiMode, ProviderSettings } from '../../apps/api/src/config/provider-settings';
import { runAgentLoop } from '../../apps/api/src/agent-runner/loop/agent-loop';
import type { AgentLoopEvent, AgentLoopInput, AgentLoopOutcome } from '../../apps/api/src/agent-runner/loop/agent-loop.types';
import { createLanguageModel } from '../../apps/api/src/agent-runner/models/language-model.factory';
import { StaticToolRegistry, type StaticTool } from '../../apps/api/src/agent-runner/tools/static-tool-registry';
import type { ToolContext } from '../../apps/api/src/agent-runner/tools/tool-registry.port';
import type { RecordedRequest } from './fake-openai-server';
import { useFakeOpenAI as useFakeOpenAIServer, type FakeOpenAIFixture } from './use-fake-openai';
import { parseSettings } from './provider-settings-helpers';
import { until } from '@app/contracts/test/until';

/** The two wire formats of the OpenAI provider; most loop behaviour is checked in both. */
export const OPENAI_API_MODES: readonly OpenAIApiMode[] = ['responses', 'chat'];

/** The system prompt every loop run is given. */
export const LOOP_SYSTEM_PROMPT = 'You are Scout, a terse research assistant.';

/** The tool context every loop run is given. */
export const LOOP_TOOL_CONTEXT: ToolContext = {
  workspaceId: 'w0000000001',
  conversationId: 'c0000000001',
  agentMessageId: 'm0000000001',
  userId: 'u0000000001',
  agentConfigurationId: 'a0000000001',
  toolset: [],
};

/** A fake OpenAI server and models that reach it through the production settings → factory path. */
export interface FakeOpenAI extends FakeOpenAIFixture {
  /** OpenAI provider settings pointed at the fake server. */
  settings(mode: OpenAIApiMode): ProviderSettings;
  /** `@ai-sdk/openai` pointed at the fake server. */
  model(mode: OpenAIApiMode, modelId?: string): LanguageModel;
  /** An operator-declared OpenAI-compatible endpoint (`@ai-sdk/openai-compatible`, chat completions). */
  customModel(): LanguageModel;
}

/** Registers the fake server's lifecycle hooks in the calling spec file; call it at the top level. */
export function useFakeOpenAI(): FakeOpenAI {
  const fixture = useFakeOpenAIServer();
  const settings = (mode: OpenAIApiMode): ProviderSettings =>
    parseSettings({ OPENAI_API_KEY: 'sk-test', OPENAI_BASE_URL: fixture.server.baseUrl, OPENAI_API_MODE: mode });
  return {
    get server() {
      return fixture.server;
    },
    settings,
    model: (mode, modelId = 'gpt-4.1') => createLanguageModel(settings(mode), 'openai', modelId),
    customModel: () => {
      const custom = parseSettings({
        CUSTOM_MODEL_PROVIDERS: JSON.stringify([
          { id: 'local', baseUrl: fixture.server.baseUrl, models: [{ modelId: 'qwen3', contextSize: 32_000 }] },
        ]),
      });
      return createLanguageModel(custom, 'local', 'qwen3');
    },
  };
}

/** Runs the loop with test defaults (no tools, 4 steps, no retries), collecting what it emits. */
export async function runLoop(
  model: LanguageModel,
  overrides: Partial<AgentLoopInput> = {},
  onEvent?: (event: AgentLoopEvent) => void | Promise<void>,
): Promise<{ outcome: AgentLoopOutcome; events: AgentLoopEvent[] }> {
  const events: AgentLoopEvent[] = [];
  const outcome = await runAgentLoop(
    {
      model,
      system: LOOP_SYSTEM_PROMPT,
      messages: [{ role: 'user', content: 'What is new?' }],
      tools: new StaticToolRegistry([]),
      toolContext: LOOP_TOOL_CONTEXT,
      maxSteps: 4,
      maxRetries: 0,
      abortSignal: new AbortController().signal,
      ...overrides,
    },
    async (event) => {
      events.push(event);
      await onEvent?.(event);
    },
  );
  return { outcome, events };
}

/** A `search_docs` tool of the `Docs` server, answered by `handler`. */
export function searchTool(handler: StaticTool['handler']): StaticTool {
  return {
    definition: {
      name: 'search_docs',
      description: 'Searches the workspace documents.',
      inputSchema: { type: 'object', properties: { query: { type: 'string' } }, required: ['query'] },
      serverId: 'srv_docs',
      serverName: 'Docs',
    },
    handler,
  };
}

/** The JSON body of a recorded request. */
export function bodyOf(request: RecordedRequest | undefined): Record<string, unknown> {
  const body = request?.body;
  if (typeof body !== 'object' || body === null) throw new Error('request body is not an object');
  return { ...body };
}

/** The tool-output item the adapter sent back to the model, in either wire format. */
export function toolOutputSent(mode: OpenAIApiMode, request: RecordedRequest | undefined): { callId: unknown; output: unknown } {
  const body = bodyOf(request);
  const items: unknown[] = Array.isArray(body.input) ? body.input : Array.isArray(body.messages) ? body.messages : [];
  for (const item of items) {
    if (typeof item !== 'object' || item === null) continue;
    const record: Record<string, unknown> = { ...item };
    if (mode === 'responses' && record.type === 'function_call_output') {
      return { callId: record.call_id, output: record.output };
    }
    if (mode === 'chat' && record.role === 'tool') return { callId: record.tool_call_id, output: record.content };
  }
  throw new Error(`no tool output in ${JSON.stringify(body)}`);
}

/** Polls `predicate` every 10 ms until it holds; fails after `timeoutMs`. */
export function waitFor(predicate: () => boolean, timeoutMs = 1_000): Promise<void> {
  return until(async () => predicate(), timeoutMs);
}
