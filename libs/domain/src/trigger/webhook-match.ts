import type { WebhookConfig } from '@app/contracts/events/trigger.events';
import { DomainError } from '../shared/domain-error';

/** The filter as a map of dotted paths (`pull_request.base.ref`) to the values they must hold. */
export function parseWebhookFilter(filter: string): ReadonlyMap<string, unknown> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(filter);
  } catch {
    throw new DomainError('invalid_request_error', 'The filter must be a JSON object of dotted paths to expected values.');
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    throw new DomainError('invalid_request_error', 'The filter must be a JSON object of dotted paths to expected values.');
  }
  return new Map(Object.entries(parsed));
}

function valueAt(payload: unknown, path: string): unknown {
  let current = payload;
  for (const key of path.split('.')) {
    if (typeof current !== 'object' || current === null || !Object.hasOwn(current, key)) return undefined;
    current = (current as Record<string, unknown>)[key];
  }
  return current;
}

function sameValue(actual: unknown, expected: unknown): boolean {
  if (typeof expected !== 'object' || expected === null) return actual === expected;
  return JSON.stringify(actual) === JSON.stringify(expected);
}

/** Whether a delivery starts a run: its event name is the configured one (if any) and the payload holds every filtered value. */
export function webhookMatches(config: Pick<WebhookConfig, 'event' | 'filter'>, eventName: string | null, payload: unknown): boolean {
  if (config.event !== null && config.event !== eventName) return false;
  if (config.filter === null) return true;
  for (const [path, expected] of parseWebhookFilter(config.filter)) {
    if (!sameValue(valueAt(payload, path), expected)) return false;
  }
  return true;
}
