import type { ModelEntry } from '@app/contracts/language-models/model.types';
import { isModelAuthorized, type WorkspaceModelPolicy } from './model-selection.policy';

/** A provider the deployment configures whose models the workspace may not run, and why. */
export interface DisabledProvider {
  readonly providerId: string;
  readonly reason: string;
}

/**
 * The providers of the deployment's catalog of which the workspace's policy allows no model, so a
 * picker can show them disabled and say why: left out of the allow-list, or serving no model in
 * the deployment's region while the workspace keeps to regional models. Catalog order.
 */
export function disabledProviders(catalog: readonly ModelEntry[], policy: WorkspaceModelPolicy, region: string): DisabledProvider[] {
  const providers = [...new Set(catalog.map((model) => model.providerId))];
  return providers
    .filter((providerId) => !catalog.some((model) => model.providerId === providerId && isModelAuthorized(model, policy, region)))
    .map((providerId) => ({
      providerId,
      reason:
        policy.whiteListedProviders !== null && !policy.whiteListedProviders.includes(providerId)
          ? 'An admin of the workspace has not allowed this provider.'
          : `None of its models is served in region ${region}, and the workspace uses regional models only.`,
    }));
}
