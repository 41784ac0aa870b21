import type { WorkspaceSettings } from '@app/contracts/events/workspace.events';
import { ApiError } from '../common/http/api-error';

const PROVIDER_ID = /^[a-z0-9][a-z0-9_-]{0,63}$/;

/**
 * Reads a workspace settings update: exactly one of `{name}`, `{ssoEnforced}`,
 * `{whiteListedProviders, defaultEmbeddingProvider}`, `{regionalModelsOnly}`, `{segmentation}`,
 * `{metadata}`, as the real service accepts them.
 */
export function parseWorkspaceSettingsUpdate(body: unknown): Partial<WorkspaceSettings> {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) invalid('expected a JSON object');
  const keys = Object.keys(body).sort().join(',');
  const value = body as Record<string, unknown>;
  switch (keys) {
    case 'name': {
      const name = value.name;
      if (typeof name !== 'string' || name.trim().length === 0 || name.length > 255) invalid('name must be a non-empty string of at most 255 characters');
      return { name: name.trim() };
    }
    case 'ssoEnforced':
      if (typeof value.ssoEnforced !== 'boolean') invalid('ssoEnforced must be a boolean');
      return { ssoEnforced: value.ssoEnforced };
    case 'defaultEmbeddingProvider,whiteListedProviders': {
      const providers = value.whiteListedProviders;
      const embedding = value.defaultEmbeddingProvider;
      if (!Array.isArray(providers) || !providers.every((p): p is string => typeof p === 'string' && PROVIDER_ID.test(p))) {
        invalid('whiteListedProviders must be an array of provider ids');
      }
      if (embedding !== null && (typeof embedding !== 'string' || !PROVIDER_ID.test(embedding))) {
        invalid('defaultEmbeddingProvider must be a provider id or null');
      }
      return { whiteListedProviders: [...new Set(providers)], defaultEmbeddingProvider: embedding };
    }
    case 'regionalModelsOnly':
      if (typeof value.regionalModelsOnly !== 'boolean') invalid('regionalModelsOnly must be a boolean');
      return { regionalModelsOnly: value.regionalModelsOnly };
    case 'segmentation': {
      const segmentation = value.segmentation;
      if (segmentation !== null && (typeof segmentation !== 'string' || segmentation.length > 255)) {
        invalid('segmentation must be a string of at most 255 characters or null');
      }
      return { segmentation };
    }
    case 'metadata': {
      const metadata = value.metadata;
      if (metadata !== null && (typeof metadata !== 'object' || Array.isArray(metadata))) invalid('metadata must be an object or null');
      if (JSON.stringify(metadata).length > 64 * 1024) invalid('metadata must be at most 64 KiB of JSON');
      return { metadata: metadata as Record<string, unknown> | null };
    }
    default:
      return invalid(
        'send exactly one of {name}, {ssoEnforced}, {whiteListedProviders, defaultEmbeddingProvider}, {regionalModelsOnly}, {segmentation}, {metadata}',
      );
  }
}

function invalid(reason: string): never {
  throw new ApiError('invalid_request_error', `Invalid request body: ${reason}.`);
}
