/** Marks a probe that removes the key instead of setting it. */
export const OMIT = Symbol('omit');

/** A value written at a path of a valid body, or `OMIT`. */
export type Probe = unknown;

/** Values of every JSON type, at the edges the request schemas draw. */
export const BODY_PROBES: readonly Probe[] = [
  OMIT,
  null,
  '',
  '   ',
  'x',
  'UTC',
  'x'.repeat(129),
  'x'.repeat(255),
  'x'.repeat(513),
  0,
  -1,
  1.5,
  2 ** 53,
  true,
  false,
  [],
  [''],
  ['x'],
  [1],
  [null],
  {},
  { a: 1 },
  [{}],
  [{ configurationId: 'dust' }],
  [{ type: 'user', userId: 'u' }],
  [[]],
];

/** What a query parameter can be once the extended query parser has read it. */
export const QUERY_PROBES: readonly Probe[] = [OMIT, '', '0', '1', '5', '500', '501', '1000', '1001', '-1', '1.5', '1e2', ' 7 ', '0x10', 'abc', 'true', 'false', 'maybe', 'TRUE', 'all', 'full', 'light', ['5'], ['1', '2'], ['true'], { a: '1' }];

/** A body derived from a valid one, and where it differs. */
export interface Mutation {
  readonly label: string;
  readonly value: unknown;
}

/**
 * Every body that differs from `base` at one path (object keys and array items, at any depth) by
 * one probe, plus one with an unknown key added to each object.
 */
export function mutations(base: unknown, probes: readonly Probe[]): Mutation[] {
  const result: Mutation[] = [];
  for (const path of pathsOf(base)) {
    for (const probe of probes) {
      result.push({ label: `${path.join('.')} = ${describe(probe)}`, value: withValue(base, path, probe) });
    }
  }
  for (const path of [[], ...pathsOf(base)]) {
    const target = valueAt(base, path);
    if (isRecord(target)) result.push({ label: `${[...path, 'unknownKey'].join('.')} = 1`, value: withValue(base, [...path, 'unknownKey'], 1) });
  }
  return result;
}

function pathsOf(value: unknown, prefix: readonly string[] = []): string[][] {
  if (!isRecord(value) && !Array.isArray(value)) return [];
  return Object.entries(value).flatMap(([key, child]) => [[...prefix, key], ...pathsOf(child, [...prefix, key])]);
}

function valueAt(value: unknown, path: readonly string[]): unknown {
  return path.reduce<unknown>((current, key) => (Array.isArray(current) ? current[Number(key)] : isRecord(current) ? current[key] : undefined), value);
}

function withValue(base: unknown, path: readonly string[], probe: Probe): unknown {
  const copy: unknown = structuredClone(base);
  const parent = valueAt(copy, path.slice(0, -1));
  const key = path[path.length - 1];
  if (Array.isArray(parent)) {
    if (probe === OMIT) parent.splice(Number(key), 1);
    else parent[Number(key)] = structuredClone(probe);
  } else if (isRecord(parent)) {
    if (probe === OMIT) delete parent[key];
    else parent[key] = structuredClone(probe);
  }
  return copy;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function describe(probe: Probe): string {
  if (probe === OMIT) return '(omitted)';
  const text = JSON.stringify(probe);
  return text.length > 24 ? `${text.slice(0, 21)}...` : text;
}
