/**
 * Real HTTP servers speaking Anthropic's, Google's and Mistral's streaming wire formats, scripted by
 * tests as the fake OpenAI server is (same scenarios, same recorded requests), so the production
 * `@ai-sdk/anthropic`, `@ai-sdk/google` and `@ai-sdk/mistral` adapters are what runs. The wires live in
 * `./fake-models/`.
 */
import { ANTHROPIC_WIRE } from './fake-models/anthropic.wire';
import { GEMINI_WIRE } from './fake-models/gemini.wire';
import { MISTRAL_WIRE } from './fake-models/mistral.wire';
import { ScriptedModelServer } from './fake-models/scripted-model.server';

export { ScriptedModelServer as FakeModelServer } from './fake-models/scripted-model.server';
export type { RecordedRequest, Scenario } from './fake-openai/scenario.types';

/** Anthropic's Messages API; `baseUrl` ends with `/v1`, as ANTHROPIC_BASE_URL takes it. */
export function startFakeAnthropicServer(): Promise<ScriptedModelServer> {
  return ScriptedModelServer.start(ANTHROPIC_WIRE);
}

/** The Gemini API; `baseUrl` ends with `/v1beta`, as GOOGLE_GENERATIVE_AI_BASE_URL takes it. */
export function startFakeGoogleServer(): Promise<ScriptedModelServer> {
  return ScriptedModelServer.start(GEMINI_WIRE);
}

/** Mistral's chat completions; `baseUrl` ends with `/v1`, as MISTRAL_BASE_URL takes it. */
export function startFakeMistralServer(): Promise<ScriptedModelServer> {
  return ScriptedModelServer.start(MISTRAL_WIRE);
}
