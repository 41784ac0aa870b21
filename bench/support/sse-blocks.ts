/**
 * Reads a server-sent event body block by block (the text between blank lines), as fast as it
 * comes; stops at the end of the body or when `onBlock` returns `'stop'` (the body is cancelled).
 */
export async function forEachSseBlock(body: ReadableStream<Uint8Array>, onBlock: (block: string) => 'stop' | void): Promise<void> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) return;
    buffer += decoder.decode(value, { stream: true });
    let index: number;
    while ((index = buffer.indexOf('\n\n')) >= 0) {
      const block = buffer.slice(0, index);
      buffer = buffer.slice(index + 2);
      if (onBlock(block) === 'stop') {
        await reader.cancel();
        return;
      }
    }
  }
}
