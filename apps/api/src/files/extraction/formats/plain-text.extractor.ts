import type { FormatExtractor } from './format-extractor';
import { decodeUtf8Text } from './utf8-text';

/** Plain text, Markdown, source code and the other text formats: the text as it is. */
export const extractPlainText: FormatExtractor = async (bytes) => ({ text: decodeUtf8Text(bytes) });
