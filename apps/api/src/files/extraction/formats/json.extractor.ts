import { UnreadableFileError, type FormatExtractor } from './format-extractor';
import { decodeUtf8Text } from './utf8-text';

/**
 * Deepest nesting of arrays and objects in JSON text, counted without parsing. Checked before
 * JSON.parse and JSON.stringify, whose recursion a hostile file could otherwise drive to a stack overflow.
 */
export function jsonDepth(text: string): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    if (inString) {
      if (code === 0x5c) index += 1; // backslash: the next character is escaped
      else if (code === 0x22) inString = false;
    } else if (code === 0x22) inString = true;
    else if (code === 0x5b || code === 0x7b) deepest = Math.max(deepest, (depth += 1));
    else if (code === 0x5d || code === 0x7d) depth -= 1;
  }
  return deepest;
}

/** JSON, validated and pretty-printed with two-space indentation. */
export const extractJson: FormatExtractor = async (bytes, { limits }) => {
  const text = decodeUtf8Text(bytes);
  if (jsonDepth(text) > limits.maxJsonDepth) {
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
