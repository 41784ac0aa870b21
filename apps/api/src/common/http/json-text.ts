import type { NestExpressApplication } from '@nestjs/platform-express';

const JSON_CONTENT_TYPE = 'application/json; charset=utf-8';

/**
 * A response body already serialized to JSON, for answers worth keeping serialized (see
 * RenderedConversations). `T` is the shape the text holds, for the reader of the handler's type.
 */
export class JsonText<T> {
  declare private readonly shape?: T;
  private encoded: Buffer | null = null;

  constructor(readonly text: string) {}

  /** The text as UTF-8, encoded once however often the answer is sent. */
  get bytes(): Buffer {
    this.encoded ??= Buffer.from(this.text, 'utf8');
    return this.encoded;
  }
}

/**
 * How JSON answers are sent. Nest hands every object body to `res.json`; here a JsonText goes out
 * as the text it holds, and any other body is serialized as Express would (`JSON.stringify`, no
 * settings of ours change it). Both leave as UTF-8 bytes with the JSON content type set as a
 * header: Express's own `res.json` sends a string, which makes `res.send` parse the content type
 * again to set its charset, a tenth of what a small answer costs the server.
 */
export function sendJsonTextAsIs(app: NestExpressApplication): void {
  const response = (app.getHttpAdapter().getInstance() as { response: { json(this: JsonResponse, body: unknown): unknown } }).response;
  const json = response.json;
  response.json = function sendJson(this: JsonResponse, body: unknown) {
    const bytes = body instanceof JsonText ? body.bytes : utf8JsonOf(body);
    if (bytes === null) return json.call(this, body);
    if (!this.hasHeader('Content-Type')) this.setHeader('Content-Type', JSON_CONTENT_TYPE);
    return this.send(bytes);
  };
}

/** `body` as JSON in UTF-8; null for what JSON.stringify cannot write (undefined, a function), which Express answers itself. */
function utf8JsonOf(body: unknown): Buffer | null {
  const text: string | undefined = JSON.stringify(body);
  return text === undefined ? null : Buffer.from(text, 'utf8');
}

interface JsonResponse {
  hasHeader(name: string): boolean;
  setHeader(name: string, value: string): unknown;
  send(body: Buffer): unknown;
}
