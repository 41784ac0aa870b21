/**
 * Reads a server-sent event body block by block (the text between blank lines), as fast as it
 * comes; stops at the end of the body or when `onBlock` returns `'stop'` (the body is cancelled).
 */
export async function forEachSseBlock(body: ReadableStream<Uint8Array>, onBlock: (block: string) => 'stop' | void): Promise<void> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  const blocks = new SseBlocks(onBlock);
  for (;;) {
    const { value, done } = await reader.read();
    if (done) return;
    if (blocks.push(decoder.decode(value, { stream: true })) === 'stop') {
      await reader.cancel();
      return;
    }
  }
}

/** Cuts decoded SSE text into blocks (the text between blank lines) as it arrives, for `onBlock`. */
export class SseBlocks {
  private buffer = '';

  constructor(private readonly onBlock: (block: string) => 'stop' | void) {}

  /** Adds text; `'stop'` when `onBlock` asked to stop (the rest is dropped). */
  push(text: string): 'stop' | void {
    this.buffer += text;
    let index: number;
    while ((index = this.buffer.indexOf('\n\n')) >= 0) {
      const block = this.buffer.slice(0, index);
      this.buffer = this.buffer.slice(index + 2);
      if (this.onBlock(block) === 'stop') return 'stop';
    }
  }
}
