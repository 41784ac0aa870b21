/**
 * The Gemini API on the wire (POST /v1beta/models/<model>:streamGenerateContent?alt=sse), as Google
 * documents it and `@ai-sdk/google`'s dist parses it (`chunkSchema`): `data:` lines each holding a
 * GenerateContentResponse, whose first candidate's `content.parts` carry text, thoughts (`thought:
 * true`, thought summaries as `includeThoughts` asks for them) and whole function calls (`functionCall: { id, name, args }`, which
 * Gemini does not stream piecewise); the last chunk says `finishReason: "STOP"` (tool calls too) and
 * `usageMetadata`. A broken stream ends with a chunk holding `error` in the API's error envelope.
 */
import { isRecord, sendJson } from '../fake-openai/http-json';
import { DEFAULT_USAGE } from '../fake-openai/scenario-response';
import type { RecordedRequest } from '../fake-openai/scenario.types';
import { geminiRefusal } from './gemini.requests';
import { playSteps, startEventStream } from './scenario-player';
import type { ModelWire } from './scripted-model.server';

const STREAM_PATH = /^\/v1beta\/models\/([^/:]+):streamGenerateContent$/;

/** The gRPC status name Google's error envelope gives with an HTTP status; others are `INTERNAL`. */
const STATUS_NAMES: Readonly<Record<number, string>> = {
  400: 'INVALID_ARGUMENT',
  401: 'UNAUTHENTICATED',
  403: 'PERMISSION_DENIED',
  404: 'NOT_FOUND',
  429: 'RESOURCE_EXHAUSTED',
  503: 'UNAVAILABLE',
};

function statusName(status: number): string {
  return STATUS_NAMES[status] ?? 'INTERNAL';
}

function errorBody(status: number, message: string): { error: Record<string, unknown> } {
  return { error: { code: status, message, status: statusName(status) } };
}

/**
 * Google's error envelope for a refused quota, as the Gemini API sends it with a 429: the quota that
 * ran out (QuotaFailure), a link (Help) and, last, the wait before a retry (RetryInfo, a protobuf
 * Duration such as "43s").
 */
export function geminiQuotaErrorBody(retryAfterMs: number, message = 'You exceeded your current quota, please check your plan and billing details.'): Record<string, unknown> {
  return {
    error: {
      code: 429,
      message,
      status: 'RESOURCE_EXHAUSTED',
      details: [
        {
          '@type': 'type.googleapis.com/google.rpc.QuotaFailure',
          violations: [
            {
              quotaMetric: 'generativelanguage.googleapis.com/generate_content_free_tier_requests',
              quotaId: 'GenerateRequestsPerMinutePerProjectPerModel-FreeTier',
              quotaDimensions: { location: 'global', model: 'gemini-2.5-flash' },
              quotaValue: '10',
            },
          ],
        },
        { '@type': 'type.googleapis.com/google.rpc.Help', links: [{ description: 'Learn more about Gemini API quotas', url: 'https://ai.google.dev/gemini-api/docs/rate-limits' }] },
        retryInfo(retryAfterMs),
      ],
    },
  };
}

/** The `details` entry saying how long to wait before a retry. */
function retryInfo(retryAfterMs: number): Record<string, unknown> {
  return { '@type': 'type.googleapis.com/google.rpc.RetryInfo', retryDelay: `${retryAfterMs / 1000}s` };
}

/** Whether the request asks the model to think (a thinking budget other than 0). */
function thinks(request: RecordedRequest): boolean {
  const body = isRecord(request.body) ? request.body : {};
  const config = isRecord(body.generationConfig) && isRecord(body.generationConfig.thinkingConfig) ? body.generationConfig.thinkingConfig : undefined;
  return config !== undefined && config.thinkingBudget !== 0;
}

/** streamGenerateContent at `/v1beta`, in its SSE form only (`alt=sse`, which the SDK always asks for). */
export const GEMINI_WIRE: ModelWire = {
  name: 'Gemini',
  basePath: '/v1beta',
  answers: (request) => request.method === 'POST' && STREAM_PATH.test(request.path),
  refuse: geminiRefusal,
  errorBody,
  async write(out, scenario, request) {
    if (!new URLSearchParams(request.query).has('alt', 'sse')) {
      sendJson(out.res, 400, errorBody(400, 'this fake answers alt=sse requests only'));
      return;
    }
    const modelVersion = STREAM_PATH.exec(request.path)?.[1] ?? 'gemini-fake';
    const responseId = out.newId();
    const chunk = (
      parts: readonly Record<string, unknown>[],
      extra: { candidate?: Record<string, unknown>; response?: Record<string, unknown> } = {},
    ): void =>
      out.writeData(
        JSON.stringify({ candidates: [{ content: { parts, role: 'model' }, index: 0, ...extra.candidate }], modelVersion, responseId, ...extra.response }),
      );
    startEventStream(out);
    // With thinking on, the first function call of a response carries the thought signature the
    // model must be sent back with it (Gemini's "thought signatures").
    let signature = thinks(request) ? Buffer.from(`thought-${responseId}`).toString('base64') : undefined;
    const finished = await playSteps(out, scenario, {
      token: (kind, token) => chunk([kind === 'text' ? { text: token } : { text: token, thought: true }]),
      toolCall: (step) => {
        const args: unknown = typeof step.args === 'string' ? JSON.parse(step.args) : step.args;
        const call = { functionCall: { ...(step.callId === undefined ? {} : { id: step.callId }), name: step.name, args } };
        chunk([signature === undefined ? call : { ...call, thoughtSignature: signature }]);
        signature = undefined;
      },
      malformed: (payload) => out.writeData(payload ?? '{"candidates": [ oops'),
      providerError: (step) => {
        const { error } = errorBody(step.status, step.message ?? statusName(step.status));
        const details = step.retryAfterMs === undefined ? {} : { details: [retryInfo(step.retryAfterMs)] };
        out.writeData(JSON.stringify({ error: { ...error, ...details } }));
      },
    });
    if (!finished) return;
    const usage = scenario.usage ?? DEFAULT_USAGE;
    const thoughts = usage.reasoningTokens ?? 0;
    chunk([{ text: '' }], {
      candidate: { finishReason: 'STOP' },
      response: {
        usageMetadata: {
          promptTokenCount: usage.inputTokens,
          candidatesTokenCount: usage.outputTokens - thoughts,
          ...(thoughts > 0 ? { thoughtsTokenCount: thoughts } : {}),
          totalTokenCount: usage.inputTokens + usage.outputTokens,
        },
      },
    });
    out.res.end();
  },
};
