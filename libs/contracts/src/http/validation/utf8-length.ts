// Node's Buffer, declared here for this one use: the web app type-checks the contracts it reads
// with browser types only, where the global Buffer does not exist. The validators run on the server.
declare const Buffer: { byteLength(text: string, encoding: 'utf8'): number };

/** Bytes of `text` in UTF-8 (Node's own count: a lone surrogate counts as the 3 bytes of U+FFFD). */
export function utf8ByteLength(text: string): number {
  return Buffer.byteLength(text, 'utf8');
}
