/**
 * Turns the bytes of an uploaded file into the text an agent reads (the file's "processed" version).
 * Implementations run off the request path, bound their time and memory, and never throw for bad
 * input: a file that cannot be read is an `ok: false` result with a reason the API can show.
 */
export interface ExtractedTable {
  /** Sheet name for spreadsheets, file name for CSV/TSV. */
  readonly name: string;
  /** Header row first; every row has the header's width. */
  readonly rows: readonly (readonly string[])[];
}

export type ExtractionResult =
  | {
      readonly ok: true;
      /** Readable text of the whole file (tables rendered as CSV blocks under their name). */
      readonly text: string;
      /** Present for spreadsheets and CSV/TSV: one table per sheet. */
      readonly tables?: readonly ExtractedTable[];
    }
  | { readonly ok: false; readonly reason: string };

export interface TextExtractor {
  /**
   * `contentType` is the declared MIME type, already checked against the bytes by the caller.
   * `fileName`, when given, names the table of a CSV/TSV file.
   */
  extract(bytes: Uint8Array, contentType: string, fileName?: string): Promise<ExtractionResult>;
  /** Stops the workers; pending extractions answer `ok: false`. */
  close(): Promise<void>;
}

export const TEXT_EXTRACTOR = Symbol('TEXT_EXTRACTOR');
