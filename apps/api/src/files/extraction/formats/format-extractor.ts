import type { ExtractedTable } from '../text-extractor.port';
import type { ExtractionLimits } from '../../../config/file-extraction-settings';

/** What a format extractor reads out of a file: its text, and its tables for spreadsheets and CSV. */
export interface ExtractedContent {
  readonly text: string;
  readonly tables?: readonly ExtractedTable[];
}

/** What an extractor knows besides the bytes. */
export interface ExtractionContext {
  readonly limits: ExtractionLimits;
  /** The uploaded file's name, when the caller gave it: the name of a CSV file's table. */
  readonly fileName?: string;
}

/** Reads one format. Throws `UnreadableFileError` (or whatever its library throws) when it cannot. */
export type FormatExtractor = (bytes: Uint8Array, context: ExtractionContext) => Promise<ExtractedContent>;

/** A file that is not what it claims to be, or breaks a limit: the message is the reason shown to the user. */
export class UnreadableFileError extends Error {
  override readonly name = 'UnreadableFileError';
}
