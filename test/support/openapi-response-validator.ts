// ajv is not a dependency of its own: it comes with @seriousme/openapi-schema-validator, whose
// 2020-12 build is the dialect OpenAPI 3.1 schemas are written in.
import Ajv2020, { type ValidateFunction } from 'ajv/dist/2020';

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

const DOCUMENT_ID = 'https://openapi.test/document.json';

/**
 * Checks real response bodies against the schema an OpenAPI 3.1 document gives their operation and
 * status. Every object schema with named properties is closed (`unevaluatedProperties: false`)
 * unless it says otherwise, so a field the server sends but the document does not name fails too.
 */
export class OpenApiResponseValidator {
  private readonly ajv = new Ajv2020({ allErrors: true, strict: true });
  private readonly compiled = new Map<string, ValidateFunction>();

  constructor(private readonly document: any) {
    // Annotations OpenAPI adds to JSON Schema; they do not constrain anything.
    this.ajv.addKeyword('example');
    const schemas = rewriteRefs(document.components.schemas) as Record<string, Json>;
    const closed = Object.fromEntries(Object.entries(schemas).map(([name, schema]) => [name, closeObject(schema)]));
    this.ajv.addSchema({ $id: DOCUMENT_ID, $defs: closed });
  }

  /** Where in the document the JSON schema of a response lives, or null when it has no JSON body. */
  responseSchema(method: string, path: string, status: number): Json | null {
    const response = this.document.paths[path]?.[method.toLowerCase()]?.responses?.[String(status)];
    if (!response) throw new Error(`${method} ${path} documents no ${status} response`);
    return response.content?.['application/json']?.schema ?? null;
  }

  /** The errors of `body` against the documented response (`[]` when it conforms). */
  errors(method: string, path: string, status: number, body: unknown): string[] {
    const key = `${method.toUpperCase()} ${path} ${status}`;
    let validate = this.compiled.get(key);
    if (!validate) {
      const schema = this.responseSchema(method, path, status);
      if (schema === null) throw new Error(`${key} has no JSON body schema`);
      validate = this.ajv.compile(rewriteRefs(schema) as object);
      this.compiled.set(key, validate);
    }
    if (validate(body)) return [];
    return (validate.errors ?? []).map((error) => `${error.instancePath || '/'} ${error.message ?? ''} ${JSON.stringify(error.params)}`);
  }
}

/** Points `#/components/schemas/X` at the validator's copy of the components. */
function rewriteRefs(value: Json): Json {
  if (Array.isArray(value)) return value.map(rewriteRefs);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, child]) => [
      key,
      key === '$ref' && typeof child === 'string' ? child.replace('#/components/schemas/', `${DOCUMENT_ID}#/$defs/`) : rewriteRefs(child),
    ]),
  );
}

/** Closes an object schema and the inline object schemas under its properties and items. */
function closeObject(schema: Json): Json {
  if (schema === null || typeof schema !== 'object' || Array.isArray(schema)) return schema;
  const result: { [key: string]: Json } = { ...schema };
  if (result.properties && typeof result.properties === 'object' && !Array.isArray(result.properties)) {
    result.properties = Object.fromEntries(Object.entries(result.properties).map(([name, child]) => [name, closeObject(child)]));
    if (!('additionalProperties' in result) && !('unevaluatedProperties' in result)) result.unevaluatedProperties = false;
  }
  if (result.items) result.items = closeObject(result.items);
  for (const key of ['anyOf', 'oneOf', 'allOf'] as const) {
    const list = result[key];
    if (Array.isArray(list)) result[key] = list.map(closeObject);
  }
  return result;
}
