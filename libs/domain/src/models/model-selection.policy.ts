import { REASONING_EFFORTS, type ModelEntry, type ReasoningEffort } from '@app/contracts/language-models/model.types';

/** The workspace settings that restrict which models may run. */
export interface WorkspaceModelPolicy {
  /** `null` means every provider enabled on the deployment is allowed. */
  readonly whiteListedProviders: readonly string[] | null;
  /** When set, only models served in the deployment's region are allowed. */
  readonly regionalModelsOnly: boolean;
}

/** Outcome of validating a `modelSelection`: expected failures are values, typed as on the wire. */
export type ModelSelectionResult =
  | { readonly ok: true; readonly model: ModelEntry; readonly reasoningEffort: ReasoningEffort }
  | { readonly ok: false; readonly type: 'invalid_request_error' | 'model_disabled'; readonly message: string };

const ALLOWED_KEYS: ReadonlySet<string> = new Set(['providerId', 'modelId', 'reasoningEffort']);

/**
 * Validates a raw `modelSelection` against the deployment's catalog and the workspace's policy
 * (spec 4.3): malformed → `invalid_request_error`; not enabled, not whitelisted or out of region →
 * `model_disabled`. There is deliberately no fallback to another model.
 */
export function validateModelSelection(
  raw: unknown,
  catalog: readonly ModelEntry[],
  workspace: WorkspaceModelPolicy,
  region: string,
): ModelSelectionResult {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
    return invalid('modelSelection must be an object with providerId and modelId.');
  }
  const fields: Record<string, unknown> = { ...raw };
  const unknownKeys = Object.keys(fields).filter((key) => !ALLOWED_KEYS.has(key));
  if (unknownKeys.length > 0) {
    return invalid(`modelSelection has unknown field(s): ${unknownKeys.join(', ')}.`);
  }
  const { providerId, modelId, reasoningEffort } = fields;
  if (typeof providerId !== 'string' || providerId.length === 0) {
    return invalid('modelSelection.providerId must be a non-empty string.');
  }
  if (typeof modelId !== 'string' || modelId.length === 0) {
    return invalid('modelSelection.modelId must be a non-empty string.');
  }
  // null is how many JSON clients spell "not set"; it is not an effort.
  const requestedEffort = reasoningEffort ?? undefined;
  if (requestedEffort !== undefined && !isReasoningEffort(requestedEffort)) {
    return invalid(`modelSelection.reasoningEffort must be one of: ${REASONING_EFFORTS.join(', ')}.`);
  }

  const model = catalog.find((entry) => entry.providerId === providerId && entry.modelId === modelId);
  if (model === undefined) {
    return disabled(`Model ${providerId}/${modelId} is not enabled on this deployment.`);
  }
  const refusal = authorizationRefusal(model, workspace, region);
  if (refusal !== null) return disabled(refusal);

  if (requestedEffort !== undefined && !model.reasoningEfforts.includes(requestedEffort)) {
    return invalid(
      `Model ${providerId}/${modelId} does not support reasoningEffort "${requestedEffort}" ` +
        `(supported: ${model.reasoningEfforts.join(', ')}).`,
    );
  }
  return { ok: true, model, reasoningEffort: requestedEffort ?? model.defaultReasoningEffort };
}

/** Whether a catalog model may run for this workspace in this region (also used for agent models). */
export function isModelAuthorized(model: ModelEntry, workspace: WorkspaceModelPolicy, region: string): boolean {
  return authorizationRefusal(model, workspace, region) === null;
}

/** Narrows an unknown value to a reasoning effort. */
export function isReasoningEffort(value: unknown): value is ReasoningEffort {
  return REASONING_EFFORTS.some((effort) => effort === value);
}

function authorizationRefusal(model: ModelEntry, workspace: WorkspaceModelPolicy, region: string): string | null {
  const name = `${model.providerId}/${model.modelId}`;
  if (workspace.whiteListedProviders !== null && !workspace.whiteListedProviders.includes(model.providerId)) {
    return `Model ${name} is disabled: provider ${model.providerId} is not whitelisted for this workspace.`;
  }
  if (workspace.regionalModelsOnly && !model.regions.includes(region)) {
    return `Model ${name} is disabled: it is not available in region ${region} and this workspace uses regional models only.`;
  }
  return null;
}

function invalid(message: string): ModelSelectionResult {
  return { ok: false, type: 'invalid_request_error', message };
}

function disabled(message: string): ModelSelectionResult {
  return { ok: false, type: 'model_disabled', message };
}
