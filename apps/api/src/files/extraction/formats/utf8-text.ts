import { UnreadableFileError } from './format-extractor';

// fatal: a model should never read replacement characters standing for bytes we could not decode.
const decoder = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false });

/** The bytes as UTF-8 text without a byte order mark; invalid UTF-8 is an UnreadableFileError. */
export function decodeUtf8Text(bytes: Uint8Array): string {
  try {
    return decoder.decode(bytes);
  } catch {
    throw new UnreadableFileError('The file is not valid UTF-8 text.');
  }
}
