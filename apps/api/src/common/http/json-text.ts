import type { NestExpressApplication } from '@nestjs/platform-express';

/**
 * A response body already serialized to JSON, for answers worth keeping serialized (see
 * RenderedConversations). `T` is the shape the text holds, for the reader of the handler's type.
 */
export class JsonText<T> {
  declare private readonly shape?: T;

  constructor(readonly text: string) {}
}

/**
 * Lets handlers return a JsonText: Nest hands every object body to `res.json`, which here sends a
 * JsonText's text as it is (with the JSON content type) instead of serializing the wrapper.
 */
export function sendJsonTextAsIs(app: NestExpressApplication): void {
  const response = (app.getHttpAdapter().getInstance() as { response: { json(this: JsonResponse, body: unknown): unknown } }).response;
  const json = response.json;
  response.json = function sendJson(this: JsonResponse, body: unknown) {
    if (!(body instanceof JsonText)) return json.call(this, body);
    if (!this.get('Content-Type')) this.set('Content-Type', 'application/json; charset=utf-8');
    return this.send(body.text);
  };
}

interface JsonResponse {
  get(name: string): string | undefined;
  set(name: string, value: string): unknown;
  send(body: string): unknown;
}
