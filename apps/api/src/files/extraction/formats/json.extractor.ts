import { jsonTextNestingExceeds } from '@app/contracts/http/validation/json-text-bounds';
import { UnreadableFileError, type FormatExtractor } from './format-extractor';
import { decodeUtf8Text } from './utf8-text';

/**
 * JSON, validated and pretty-printed with two-space indentation. The nesting is measured on the
 * bytes before JSON.parse and JSON.stringify, whose recursion a hostile file could otherwise drive
 * to a stack overflow.
 */
export const extractJson: FormatExtractor = async (bytes, { limits }) => {
  const text = decodeUtf8Text(bytes);
  if (jsonTextNestingExceeds(bytes, limits.maxJsonDepth)) {
    throw new UnreadableFileError(`The JSON is nested deeper than ${limits.maxJsonDepth} levels.`);
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new UnreadableFileError(`The file is not valid JSON: ${(error as Error).message}`);
  }
  return { text: JSON.stringify(value, null, 2) };
};
