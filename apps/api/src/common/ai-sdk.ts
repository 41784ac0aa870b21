/* eslint-disable @typescript-eslint/no-require-imports -- each package is required on first use */
import { loadOnFirstUse } from './load-on-first-use';

/**
 * The AI SDK, loaded when a run, a title, a compaction or an embedding first needs it: with its
 * telemetry and gateway dependencies it costs a boot some 100 ms, before any request needs it.
 */
export const aiSdk = loadOnFirstUse<typeof import('ai')>(() => require('ai'));

/**
 * The AI SDK's provider packages, each loaded when a model of its provider is first made: together
 * they cost a boot some 200 ms, and a deployment uses one or two of them, after its first request.
 */
export const aiSdkProviders = {
  anthropic: loadOnFirstUse<typeof import('@ai-sdk/anthropic')>(() => require('@ai-sdk/anthropic')),
  google: loadOnFirstUse<typeof import('@ai-sdk/google')>(() => require('@ai-sdk/google')),
  mistral: loadOnFirstUse<typeof import('@ai-sdk/mistral')>(() => require('@ai-sdk/mistral')),
  openai: loadOnFirstUse<typeof import('@ai-sdk/openai')>(() => require('@ai-sdk/openai')),
  openAiCompatible: loadOnFirstUse<typeof import('@ai-sdk/openai-compatible')>(() => require('@ai-sdk/openai-compatible')),
} as const;
