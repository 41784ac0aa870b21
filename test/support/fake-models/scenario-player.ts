import { isRecord, sendJson } from '../fake-openai/http-json';
import type { ScenarioResponse } from '../fake-openai/scenario-response';
import type { RecordedRequest, Scenario, ScenarioStep } from '../fake-openai/scenario.types';

/** A tool call step of a scenario. */
export type ToolCallStep = Extract<ScenarioStep, { type: 'tool-call' }>;

/** An in-stream provider error step of a scenario. */
export type ProviderErrorStep = Extract<ScenarioStep, { type: 'provider-error' }>;

/** How one wire writes each kind of step; pacing, stalls and disconnects are the player's. */
export interface StepWriter {
  /** Before the first token of a text or reasoning step (a content block opens). */
  blockStart?(kind: 'text' | 'reasoning'): void;
  token(kind: 'text' | 'reasoning', token: string): void;
  /** After the last token of the step. */
  blockEnd?(kind: 'text' | 'reasoning'): void;
  toolCall(step: ToolCallStep): void;
  malformed(payload: string | undefined): void;
  providerError(step: ProviderErrorStep): void;
}

/**
 * Plays the steps in order through `writer`; true when the whole scenario was written and the
 * wire should close its stream normally, false when it ended early (a disconnect, a provider error
 * that closes the stream, or the client gone).
 */
export async function playSteps(out: ScenarioResponse, scenario: Scenario, writer: StepWriter): Promise<boolean> {
  for (const step of scenario.steps) {
    if (out.gone) return false;
    switch (step.type) {
      case 'text':
      case 'reasoning':
        for (const [index, token] of step.tokens.entries()) {
          await out.beforeToken(step, index);
          if (index === 0) writer.blockStart?.(step.type);
          writer.token(step.type, token);
        }
        if (step.tokens.length > 0) writer.blockEnd?.(step.type);
        break;
      case 'tool-call':
        writer.toolCall(step);
        break;
      case 'stall':
        await out.sleep(step.ms);
        break;
      case 'disconnect':
        await out.disconnect();
        return false;
      case 'malformed':
        writer.malformed(step.payload);
        break;
      case 'provider-error':
        // A provider closes the stream after its error event.
        writer.providerError(step);
        out.res.end();
        return false;
      case 'http-error':
        break; // answered before streaming started (checked by the server)
    }
  }
  return !out.gone;
}

/** For a wire without an in-stream error event (OpenAI's, Mistral's): the scenario is a mistake. */
export function noProviderErrorEvent(wireName: string): never {
  throw new Error(`${wireName} has no in-stream error event: script an http-error or a disconnect`);
}

/** Opens a server-sent events answer. */
export function startEventStream(out: ScenarioResponse): void {
  out.res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', connection: 'keep-alive' });
}

/**
 * The JSON body of a request asking for a stream; anything else is answered 400 in the provider's
 * envelope (`undefined`), since the api streams every run and these fakes speak only that.
 */
export function streamedRequestBody(
  out: ScenarioResponse,
  request: RecordedRequest,
  errorBody: (status: number, message: string) => unknown,
): Record<string, unknown> | undefined {
  const body = isRecord(request.body) ? request.body : {};
  if (body.stream === true) return body;
  sendJson(out.res, 400, errorBody(400, 'this fake answers streamed requests only'));
  return undefined;
}
