import { ScriptedModelServer, type ModelWire } from '../fake-models/scripted-model.server';
import { writeChatStream } from './chat-completions.writer';
import { errorBody, isRecord } from './http-json';
import { writeNonStreaming } from './non-streaming.writer';
import { writeResponsesStream } from './responses.writer';
import type { Endpoint, RecordedRequest } from './scenario.types';

function endpointOf(request: RecordedRequest): Endpoint | undefined {
  if (request.path.endsWith('/chat/completions')) return 'chat';
  return request.path.endsWith('/responses') ? 'responses' : undefined;
}

/** Chat completions and Responses, streamed or not, at `/v1`. */
const OPENAI_WIRE: ModelWire = {
  name: 'OpenAI',
  basePath: '/v1',
  answers: (request) => request.method === 'POST' && endpointOf(request) !== undefined,
  errorBody: (status, message) => errorBody(message, status === 404 ? 'invalid_request_error' : 'server_error'),
  async write(out, scenario, request) {
    const endpoint = endpointOf(request) ?? 'chat';
    const body = isRecord(request.body) ? request.body : {};
    const model = typeof body.model === 'string' ? body.model : 'fake-model';
    if (body.stream !== true) {
      await writeNonStreaming(out, endpoint, scenario, model);
      return;
    }
    out.res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', connection: 'keep-alive' });
    const includeUsage = isRecord(body.stream_options) && body.stream_options.include_usage === true;
    if (endpoint === 'chat') await writeChatStream(out, scenario, model, includeUsage);
    else await writeResponsesStream(out, scenario, model);
  },
};

/** The running server; `baseUrl` ends with `/v1` as OpenAI SDKs expect. */
export class FakeOpenAIServer extends ScriptedModelServer {
  private constructor() {
    super(OPENAI_WIRE);
  }

  /** Starts a server on an ephemeral port of 127.0.0.1. */
  static override start(): Promise<FakeOpenAIServer> {
    return ScriptedModelServer.listen(new FakeOpenAIServer());
  }
}

/** Starts a fake OpenAI-compatible server on 127.0.0.1 with an ephemeral port. */
export function startFakeOpenAIServer(): Promise<FakeOpenAIServer> {
  return FakeOpenAIServer.start();
}
