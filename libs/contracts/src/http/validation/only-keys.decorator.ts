import 'reflect-metadata';
import { ObjectRule, sentKeys } from './object-rule.decorator';

const ONLY_KEYS = Symbol('onlyKeys');

/**
 * A strict object, like zod's `.strict()`: any other key is refused. The rule sees the transformed
 * instance, which no longer holds the keys that the validation pipe strips (`__proto__`,
 * `constructor`, `prototype`) or that class-transformer skips (`toString` and the other names of
 * `Object.prototype`), so the pipe also checks the keys of the raw body with `allowedKeysOf`.
 */
export function OnlyKeys(keys: readonly string[]): ClassDecorator {
  const rule = ObjectRule('onlyKeys', (object) => unrecognizedKeysMessage(sentKeys(object), keys));
  return (target) => {
    Reflect.defineMetadata(ONLY_KEYS, keys, target);
    rule(target);
  };
}

// The pipe asks on every request; reflect-metadata walks the class's prototype chain each time.
// Decorators have run by the time a class is validated, so the answer never changes.
const allowedKeysByClass = new WeakMap<object, readonly string[] | undefined>();

/** The keys a strict class accepts, or `undefined` for a class that lets other keys through. */
export function allowedKeysOf(target: object): readonly string[] | undefined {
  if (allowedKeysByClass.has(target)) return allowedKeysByClass.get(target);
  const keys: unknown = Reflect.getMetadata(ONLY_KEYS, target);
  const allowed = Array.isArray(keys) && keys.every((key) => typeof key === 'string') ? (keys as readonly string[]) : undefined;
  allowedKeysByClass.set(target, allowed);
  return allowed;
}

// Key names come from the client: a few, shortened, are enough to say what is wrong.
const LISTED_KEYS_MAX = 5;
const LISTED_KEY_LENGTH_MAX = 64;

/** zod's wording for keys a strict object does not know, or `undefined` when there are none. */
export function unrecognizedKeysMessage(sent: readonly string[], allowed: readonly string[]): string | undefined {
  const unknown = sent.filter((key) => !allowed.includes(key));
  if (unknown.length === 0) return undefined;
  const listed = unknown.slice(0, LISTED_KEYS_MAX).map((key) => `'${key.length > LISTED_KEY_LENGTH_MAX ? `${key.slice(0, LISTED_KEY_LENGTH_MAX)}…` : key}'`);
  const more = unknown.length > LISTED_KEYS_MAX ? ` and ${unknown.length - LISTED_KEYS_MAX} more` : '';
  return `Unrecognized key(s) in object: ${listed.join(', ')}${more}`;
}
