import { tooDeepMessage } from './json-bounds';

/**
 * Keys that mean something to every JavaScript object: `__proto__`, `prototype` and the names of
 * `Object.prototype`'s members (`constructor`, `toString`, `valueOf`, `hasOwnProperty`, …).
 * JSON.parse makes them ordinary own properties, but downstream an assignment would change an
 * object's prototype, and an own `toString` or `constructor` breaks whatever converts or inspects
 * the object. Every request value carrying one is refused, naming it, the same way on every route
 * and for CSV headers, rather than stored under another name or dropped without a word.
 */
export const RESERVED_KEYS: ReadonlySet<string> = new Set(['__proto__', 'prototype', ...Object.getOwnPropertyNames(Object.prototype)]);

/** The refusal of a reserved key, with where it was found (`"metadata.a"`; empty at the top). */
export function reservedKeyMessage(key: string, path: string): string {
  const where = path === '' ? '' : ` at "${path}"`;
  return `key "${key}" is reserved${where} (names of JavaScript's object prototype, such as __proto__, constructor or toString, cannot be used as keys)`;
}

interface Pending {
  readonly value: object;
  readonly depth: number;
  readonly parent: Pending | undefined;
  readonly step: string;
}

/**
 * What the validation pipe refuses in a request value before transforming it: nesting deeper than
 * `maxDepth` (the value itself is level 1), or a reserved key (named, with its path). One walk
 * without recursion, once per key and item; a path is only spelled out for the key it reports.
 */
export function requestValueProblem(root: unknown, maxDepth: number): string | undefined {
  if (typeof root !== 'object' || root === null) return undefined;
  const pending: Pending[] = [{ value: root, depth: 1, parent: undefined, step: '' }];
  for (let next = pending.pop(); next; next = pending.pop()) {
    if (next.depth > maxDepth) return tooDeepMessage(maxDepth);
    const depth = next.depth + 1;
    if (Array.isArray(next.value)) {
      for (let index = 0; index < next.value.length; index += 1) {
        const child: unknown = next.value[index];
        if (typeof child === 'object' && child !== null) pending.push({ value: child, depth, parent: next, step: `[${index}]` });
      }
      continue;
    }
    for (const [key, child] of Object.entries(next.value)) {
      if (RESERVED_KEYS.has(key)) return reservedKeyMessage(key, pathOf(next));
      if (typeof child === 'object' && child !== null) pending.push({ value: child, depth, parent: next, step: key });
    }
  }
  return undefined;
}

function pathOf(entry: Pending): string {
  const steps: string[] = [];
  for (let at: Pending | undefined = entry; at?.parent; at = at.parent) steps.push(at.step);
  return steps.reverse().reduce((path, step) => (step.startsWith('[') || path === '' ? `${path}${step}` : `${path}.${step}`), '');
}
