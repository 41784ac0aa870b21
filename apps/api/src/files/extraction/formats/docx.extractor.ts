import mammoth from 'mammoth';
import type { FormatExtractor } from './format-extractor';
import { assertZipWithinLimits } from './zip-guard';

/** Word documents: the raw text of the body, paragraphs separated by a blank line. */
export const extractDocx: FormatExtractor = async (bytes, { limits }) => {
  assertZipWithinLimits(bytes, limits);
  const { value } = await mammoth.extractRawText({ buffer: Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength) });
  return { text: value.trim() };
};
