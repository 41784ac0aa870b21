/**
 * A real HTTP server speaking the OpenAI wire protocol (chat completions and responses), scripted by
 * tests, so the production `@ai-sdk/openai` / `@ai-sdk/openai-compatible` adapters are what runs.
 *
 * The import path specs, benches and unit tests use; the pieces live in `./fake-openai/`: the server
 * and its routing, the scenario types, and one writer per wire format (chat completions, Responses,
 * non-streaming JSON).
 */
export { FakeOpenAIServer, startFakeOpenAIServer } from './fake-openai/fake-openai.server';
export type { RecordedRequest, Scenario, ScenarioResolver, ScenarioStep } from './fake-openai/scenario.types';
