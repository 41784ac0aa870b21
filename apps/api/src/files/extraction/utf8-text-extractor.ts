import type { ExtractionResult, TextExtractor } from './text-extractor.port';

/**
 * Extraction for formats that are already text (plain text, Markdown): the bytes decoded as UTF-8,
 * refusing invalid sequences rather than passing replacement characters to a model.
 */
export class Utf8TextExtractor implements TextExtractor {
  private readonly decoder = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false });

  async extract(bytes: Uint8Array, contentType: string): Promise<ExtractionResult> {
    if (!contentType.startsWith('text/plain') && !contentType.startsWith('text/markdown')) {
      return { ok: false, reason: `No text extractor for "${contentType}".` };
    }
    try {
      return { ok: true, text: this.decoder.decode(bytes) };
    } catch {
      return { ok: false, reason: 'The file is not valid UTF-8 text.' };
    }
  }

  async close(): Promise<void> {}
}
