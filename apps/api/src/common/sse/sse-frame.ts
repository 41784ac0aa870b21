/** One frame to send: the id a client resumes from, and the payload. */
export interface SseFrame {
  readonly eventId: string;
  readonly data: object;
  /** The stream ends after this frame (`data: done`, then close). */
  readonly terminal?: boolean;
}

/**
 * A frame as bytes, ready for any number of connections: the same Buffers go to every socket, so a
 * frame shared by many listeners is serialized and UTF-8 encoded once.
 */
export interface EncodedSseFrame {
  /** The SSE text (`data: ...\n\n`). */
  readonly bytes: Buffer;
  /** The same text as one HTTP/1.1 chunk (size line, text, CRLF), for a chunked response's socket. */
  readonly chunk: Buffer;
  readonly terminal: boolean;
}

/** Encodes raw SSE text (a frame, `data: done`, a comment) once for every connection. */
export function encodeSseText(text: string, terminal = false): EncodedSseFrame {
  const bytes = Buffer.from(text, 'utf8');
  const chunk = Buffer.concat([Buffer.from(`${bytes.length.toString(16)}\r\n`, 'latin1'), bytes, CRLF]);
  return { bytes, chunk, terminal };
}

const CRLF = Buffer.from('\r\n', 'latin1');

/** What the official client parses (dust-api §3.2): one unnamed `data:` line of `{"eventId", "data"}`. */
export function encodeSseFrame(frame: SseFrame): EncodedSseFrame {
  return encodeSseText(`data: ${JSON.stringify({ eventId: frame.eventId, data: frame.data })}\n\n`, frame.terminal === true);
}

/** Frames of the end of a stream and of a keepalive, the same for every stream. */
export const DONE_FRAME = encodeSseText('data: done\n\n');
export const KEEPALIVE_FRAME = encodeSseText(': ping\n\n');
