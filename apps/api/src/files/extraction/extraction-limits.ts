/** Bounds one extraction observes inside its worker, on top of the worker's heap cap and time limit. */
export interface ExtractionLimits {
  /** Longest text handed back; longer text is cut with a marker saying so. */
  readonly maxOutputChars: number;
  /** Total uncompressed size an Office (zip) file may declare and hold. */
  readonly maxUnzippedBytes: number;
  /** Entries an Office (zip) file may hold. */
  readonly maxZipEntries: number;
  /** Deepest nesting of arrays and objects a JSON file may have. */
  readonly maxJsonDepth: number;
  /** Deepest HTML element nesting a page may have. */
  readonly maxHtmlDepth: number;
}

export const DEFAULT_EXTRACTION_LIMITS: ExtractionLimits = {
  maxOutputChars: 2_000_000,
  maxUnzippedBytes: 200 * 1024 * 1024,
  maxZipEntries: 10_000,
  maxJsonDepth: 64,
  maxHtmlDepth: 1_000,
};
