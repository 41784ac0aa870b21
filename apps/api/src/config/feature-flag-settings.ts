import { nonEmpty, type Environment } from '@app/storage';

/** A feature flag's name, as the real product spells them (`deepseek_feature`, `labs_trackers`). */
const FLAG_NAME = /^[a-z0-9][a-z0-9_]{0,63}$/;
const MAX_FLAGS = 100;

/**
 * The feature flags this deployment turns on for its workspaces (`GET …/feature_flags`, the
 * official client's `getWorkspaceFeatureFlags`): FEATURE_FLAGS, names separated by commas.
 * Unset, none. The real product turns flags on per workspace; a self-hosted deployment turns
 * them on for all of its own.
 */
export function parseFeatureFlags(env: Environment, problems: string[]): readonly string[] {
  const value = nonEmpty(env.FEATURE_FLAGS);
  if (value === undefined) return [];
  const names = [...new Set(value.split(',').map((name) => name.trim()).filter((name) => name !== ''))];
  const invalid = names.filter((name) => !FLAG_NAME.test(name));
  if (invalid.length > 0) problems.push(`FEATURE_FLAGS must be names of lower-case letters, digits and _ (got ${invalid.slice(0, 3).map((name) => JSON.stringify(name.slice(0, 80))).join(', ')})`);
  if (names.length > MAX_FLAGS) problems.push(`FEATURE_FLAGS names at most ${MAX_FLAGS} flags (got ${names.length})`);
  return names;
}
