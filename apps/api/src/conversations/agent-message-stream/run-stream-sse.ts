import type { RecordedEvent } from '@app/storage';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { SseConnection, type SseConnectionOptions } from '../../common/sse/sse-connection';
import type { EncodedSseFrame } from '../../common/sse/sse-frame';
import type { RunStreamListener, RunStreamSink } from './run-stream-hub';

/**
 * Serves a run stream followed through RunStreamHub as server-sent events: each event's frames go
 * out as they are handed over, and a client that falls behind is skipped until its socket drains,
 * then catches up from the events the hub holds. The stream ends on a terminal frame, a timeout,
 * the client leaving, or the store subscription ending (the client then resumes from its last id).
 */
export function serveRunStreamSse(
  request: IncomingMessage,
  response: ServerResponse,
  follow: (sink: RunStreamSink) => RunStreamListener,
  framesOf: (event: RecordedEvent) => readonly EncodedSseFrame[],
  options: SseConnectionOptions,
): void {
  // Nothing is delivered before `resume`, so the sink may use the connection opened below.
  const listener = follow({
    event: (event) => {
      let ready = true;
      for (const frame of framesOf(event)) ready = connection.send(frame);
      if (!ready && !connection.isClosed) connection.whenDrained(() => listener.resume());
      return ready;
    },
    end: () => connection.close(false),
  });
  const connection = new SseConnection(request, response, options, () => listener.close());
  listener.resume();
}
