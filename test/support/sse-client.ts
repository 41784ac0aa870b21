import { SseBlocks } from './sse-blocks';

/** A frame as the server sent it: parsed `data:` JSON, or a comment / `done` marker. */
export interface ReceivedFrame {
  readonly eventId?: string;
  readonly data?: any;
  readonly raw: string;
}

/**
 * Opens an SSE response and collects frames until `stop(frames)` says so, the server closes, or
 * `timeoutMs` passes. Throws on a non-200 answer (with its body) so tests see why.
 */
export async function collectSse(
  url: string,
  options: { key: string; headers?: Record<string, string>; stop?: (frames: ReceivedFrame[]) => boolean; timeoutMs?: number },
): Promise<{ frames: ReceivedFrame[]; comments: string[]; closedByServer: boolean; contentType: string | null }> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), options.timeoutMs ?? 5000);
  const response = await fetch(url, {
    headers: { authorization: `Bearer ${options.key}`, accept: 'text/event-stream', ...options.headers },
    signal: controller.signal,
  });
  if (response.status !== 200) {
    clearTimeout(timer);
    throw new Error(`SSE ${response.status}: ${await response.text()}`);
  }
  const frames: ReceivedFrame[] = [];
  const comments: string[] = [];
  let closedByServer = false;
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  const blocks = new SseBlocks((block) => {
    for (const line of block.split('\n')) {
      if (line.startsWith(':')) comments.push(line);
      else if (line.startsWith('data: ')) {
        const payload = line.slice(6);
        if (payload === 'done') frames.push({ raw: payload });
        else {
          const parsed = JSON.parse(payload);
          frames.push({ eventId: parsed.eventId, data: parsed.data, raw: payload });
        }
      } else if (line.length > 0) frames.push({ raw: line });
    }
  });
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) {
        closedByServer = true;
        break;
      }
      blocks.push(decoder.decode(value, { stream: true }));
      if (options.stop?.(frames)) break;
    }
  } catch (error) {
    // The abort reason is a DOMException, which is not an `Error` of the test's realm under jest.
    if ((error as { name?: unknown } | null)?.name !== 'AbortError') throw error;
  } finally {
    clearTimeout(timer);
    controller.abort();
  }
  return { frames, comments, closedByServer, contentType: response.headers.get('content-type') };
}
