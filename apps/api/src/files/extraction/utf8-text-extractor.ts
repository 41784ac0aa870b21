import { UnreadableFileError } from './formats/format-extractor';
import { decodeUtf8Text } from './formats/utf8-text';
import type { ExtractionResult, TextExtractor } from './text-extractor.port';

/**
 * Extraction for formats that are already text (plain text, Markdown), in the calling thread: the
 * bytes decoded as UTF-8, refusing invalid sequences rather than passing replacement characters to
 * a model. For tests and tools that need no worker threads; the application uses the worker pool.
 */
export class Utf8TextExtractor implements TextExtractor {
  async extract(bytes: Uint8Array, contentType: string): Promise<ExtractionResult> {
    if (!contentType.startsWith('text/plain') && !contentType.startsWith('text/markdown')) {
      return { ok: false, reason: `No text extractor for "${contentType}".` };
    }
    try {
      return { ok: true, text: decodeUtf8Text(bytes) };
    } catch (error) {
      if (error instanceof UnreadableFileError) return { ok: false, reason: error.message };
      throw error;
    }
  }

  async close(): Promise<void> {}
}
