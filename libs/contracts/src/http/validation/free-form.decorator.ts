import { getMetadataStorage, ValidateBy, type ValidationArguments, type ValidationOptions } from 'class-validator';
import { jsonBoundsProblem, jsonByteLength, nestingExceeds, tooDeepMessage, tooLargeMessage, type JsonBounds } from './json-bounds';
import { ObjectRule } from './object-rule.decorator';

// Free-form values (metadata, model options, the keys a mention or a context carries besides its
// own) are kept as sent and end up in events and read models. The body's own depth bound keeps the
// service safe; these tighter bounds keep what is stored small and shallow, whatever a client sends.

/** Bounds of a free-form field unless it says otherwise: 8 levels, 16 KiB of JSON. */
export const FREE_FORM_BOUNDS: JsonBounds = { maxDepth: 8, maxBytes: 16 * 1024 };

/** How the bounds read in a field's documentation. */
export function describeBounds(bounds: JsonBounds = FREE_FORM_BOUNDS): string {
  return `At most ${bounds.maxDepth} levels deep and ${bounds.maxBytes / 1024} KiB of JSON.`;
}

/** A free-form JSON value, nested at most `maxDepth` levels (itself being level 1) and at most `maxBytes` long as JSON. */
export function BoundedJson(bounds: JsonBounds = FREE_FORM_BOUNDS, options?: ValidationOptions): PropertyDecorator {
  return ValidateBy(
    {
      name: 'boundedJson',
      constraints: [bounds.maxDepth, bounds.maxBytes],
      validator: {
        validate: (value: unknown) => jsonBoundsProblem(value, bounds) === undefined,
        defaultMessage: (args?: ValidationArguments) => (args ? (jsonBoundsProblem(args.value, bounds) ?? '') : ''),
      },
    },
    options,
  );
}

/**
 * For a class that keeps keys it does not declare: each such key's value nests at most
 * `maxDepth` levels, and all of them together are at most `maxBytes` of JSON. The failure names
 * the key and is reported at the object's path.
 */
export function BoundedExtraKeys(bounds: JsonBounds = FREE_FORM_BOUNDS): ClassDecorator {
  return (target) => {
    ObjectRule('boundedExtraKeys', (object) => extraKeysProblem(object, declaredKeys(target), bounds))(target);
  };
}

function extraKeysProblem(object: Readonly<Record<string, unknown>>, declared: ReadonlySet<string>, bounds: JsonBounds): string | undefined {
  // One pass that stops as soon as the extras outgrow the bound: a client may send thousands of
  // them, and their size is known to be too large long before the last one.
  let bytes = 2; // the braces of the object they would form
  for (const key of Object.keys(object)) {
    const value = object[key];
    if (declared.has(key) || value === undefined) continue;
    if (nestingExceeds(value, bounds.maxDepth)) return `"${shortened(key)}" ${tooDeepMessage(bounds.maxDepth)}`;
    bytes += jsonByteLength(key) + 1 + jsonByteLength(value) + 1;
    if (bytes - 1 > bounds.maxBytes) return `undocumented keys together ${tooLargeMessage(bounds.maxBytes)}`;
  }
  return undefined;
}

// Key names come from the client: shortened, they are enough to say which one is wrong.
const KEY_SHOWN_MAX = 64;

function shortened(key: string): string {
  return key.length > KEY_SHOWN_MAX ? `${key.slice(0, KEY_SHOWN_MAX)}…` : key;
}

const DECLARED_KEYS = new WeakMap<object, ReadonlySet<string>>();

/** Properties a class declares a check for (its own and inherited ones), read once the class is complete. */
function declaredKeys(target: object): ReadonlySet<string> {
  let keys = DECLARED_KEYS.get(target);
  if (!keys) {
    const metadata = typeof target === 'function' ? getMetadataStorage().getTargetValidationMetadatas(target, '', true, false) : [];
    keys = new Set(metadata.map((entry) => entry.propertyName).filter((name) => name !== ''));
    DECLARED_KEYS.set(target, keys);
  }
  return keys;
}
