/**
 * @nestjs/swagger writes the `openapi` field we ask for but still emits a few OpenAPI 3.0 schema
 * keywords (`nullable: true` from `@ApiProperty({ nullable: true })`, boolean
 * `exclusiveMinimum`/`exclusiveMaximum`). In 3.1 schemas are JSON Schema 2020-12, where those
 * keywords are unknown or mean something else, so a 3.1 reader would silently ignore them.
 */

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type JsonObject = { [key: string]: Json };

// Values under these keys are data (examples, defaults, enums), not schemas: never rewritten.
const DATA_KEYS = new Set(['example', 'examples', 'default', 'enum', 'const']);
// The keys of these maps are names (a property called `default`, the `default` response), not keywords.
const NAME_MAPS = new Set(['properties', 'patternProperties', '$defs', 'schemas', 'responses', 'paths', 'content', 'headers', 'webhooks', 'callbacks']);
const COMPOSITIONS = ['$ref', 'allOf', 'oneOf', 'anyOf'];

/** Rewrites every 3.0-only schema keyword in a document (or any part of one) into its 3.1 form. */
export function toOpenApi31Schemas<T>(value: T): T {
  return rewrite(value as Json, false) as T;
}

function rewrite(value: Json, keysAreNames: boolean): Json {
  if (Array.isArray(value)) return value.map((item) => rewrite(item, false));
  if (value === null || typeof value !== 'object') return value;
  const result: JsonObject = {};
  for (const [key, child] of Object.entries(value)) {
    result[key] = !keysAreNames && DATA_KEYS.has(key) ? child : rewrite(child, !keysAreNames && NAME_MAPS.has(key));
  }
  return keysAreNames ? result : nullableTo31(exclusiveBoundsTo31(result));
}

function exclusiveBoundsTo31(schema: JsonObject): JsonObject {
  const result = { ...schema };
  for (const [exclusive, bound] of [
    ['exclusiveMinimum', 'minimum'],
    ['exclusiveMaximum', 'maximum'],
  ] as const) {
    if (typeof result[exclusive] !== 'boolean') continue;
    // 3.0 `exclusiveMinimum: true` qualifies `minimum`; in 3.1 the keyword carries the bound itself.
    if (result[exclusive] === true && typeof result[bound] === 'number') {
      result[exclusive] = result[bound];
      delete result[bound];
    } else {
      delete result[exclusive];
    }
  }
  return result;
}

function nullableTo31(schema: JsonObject): JsonObject {
  if (typeof schema.nullable !== 'boolean') return schema;
  const { nullable, ...rest } = schema;
  if (!nullable) return rest;
  if (Array.isArray(rest.enum) && !rest.enum.includes(null)) rest.enum = [...rest.enum, null];
  if (COMPOSITIONS.some((key) => key in rest)) {
    // A reference or composition cannot take `null` in its `type`: offer null as an alternative.
    // The `type: object` swagger adds beside a nullable `allOf` would exclude null again: drop it.
    const { type: _type, description, title, ...target } = rest;
    return { ...(description !== undefined ? { description } : {}), ...(title !== undefined ? { title } : {}), anyOf: [target, { type: 'null' }] };
  }
  if (typeof rest.type === 'string') return { ...rest, type: [rest.type, 'null'] };
  if (Array.isArray(rest.type)) return rest.type.includes('null') ? rest : { ...rest, type: [...rest.type, 'null'] };
  return rest;
}
