/** Reasoning effort as on the wire (`model.reasoningEffort`, `modelSelection.reasoningEffort`). */
export type ReasoningEffort = 'none' | 'light' | 'medium' | 'high';

/** Every reasoning effort, in increasing order; the source of truth for validation. */
export const REASONING_EFFORTS: readonly ReasoningEffort[] = ['none', 'light', 'medium', 'high'];

/** Deployment regions a model can be restricted to (`REGION`, `regionalModelsOnly`). */
export type ModelRegion = 'us-central1' | 'europe-west1';

/** One model this deployment can run: the registry entry behind validation, routing and billing. */
export interface ModelEntry {
  /** Provider id as on the wire (`openai`, `anthropic`, `google_ai_studio`, `mistral`, or a custom id). */
  readonly providerId: string;
  /** Model id as the provider names it (`gpt-4.1`, `claude-sonnet-4-5`, …). */
  readonly modelId: string;
  readonly displayName: string;
  /** Context window in tokens. */
  readonly contextSize: number;
  /** Efforts this model accepts; `['none']` for a model without configurable reasoning. */
  readonly reasoningEfforts: readonly ReasoningEffort[];
  readonly defaultReasoningEffort: ReasoningEffort;
  /** Credits per million input tokens (1 credit = 1 micro-USD, i.e. USD price per million tokens × 10⁶). */
  readonly creditsPerMillionInputTokens: number;
  /** Credits per million output tokens, reasoning tokens included (same unit as input). */
  readonly creditsPerMillionOutputTokens: number;
  /** Regions where the model may serve requests (`us-central1`, `europe-west1`). */
  readonly regions: readonly string[];
  /** Whether the model takes images in its input (attached images are sent only to such models). */
  readonly acceptsImages?: boolean;
}

/** A per-message or per-agent choice of model (`modelSelection` on the wire). */
export interface ModelSelection {
  readonly providerId: string;
  readonly modelId: string;
  readonly reasoningEffort?: ReasoningEffort;
}
