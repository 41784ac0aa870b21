import { DONE_FRAME, encodeSseFrame } from './sse-frame';

describe('encodeSseFrame', () => {
  it('makes the data line the official client parses, and the same bytes as one HTTP chunk sized in bytes', () => {
    const frame = encodeSseFrame({ eventId: '7', data: { type: 'generation_tokens', text: 'café ✓' }, terminal: false });
    const text = 'data: {"eventId":"7","data":{"type":"generation_tokens","text":"café ✓"}}\n\n';
    expect(frame.bytes.toString('utf8')).toBe(text);
    const size = Buffer.byteLength(text);
    expect(size).toBeGreaterThan(text.length);
    expect(frame.chunk.equals(Buffer.concat([Buffer.from(`${size.toString(16)}\r\n`), frame.bytes, Buffer.from('\r\n')]))).toBe(true);
    expect(frame.terminal).toBe(false);
  });

  it('marks terminal frames, and done is a plain data line', () => {
    expect(encodeSseFrame({ eventId: '1', data: {}, terminal: true }).terminal).toBe(true);
    expect(DONE_FRAME.bytes.toString()).toBe('data: done\n\n');
    expect(DONE_FRAME.chunk.toString()).toBe('c\r\ndata: done\n\n\r\n');
  });
});
