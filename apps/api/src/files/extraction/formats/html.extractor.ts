import { convert, type SelectorDefinition } from 'html-to-text';
import { UnreadableFileError, type FormatExtractor } from './format-extractor';
import { htmlNestingDepth } from './html-depth';
import { decodeUtf8Text } from './utf8-text';

// Headings keep their case (html-to-text upper-cases them by default), tables keep their columns.
const selectors: SelectorDefinition[] = [
  ...['h1', 'h2', 'h3', 'h4', 'h5', 'h6'].map((selector) => ({ selector, options: { uppercase: false } })),
  { selector: 'table', format: 'dataTable', options: { uppercaseHeaderCells: false } },
  { selector: 'img', format: 'skip' },
];

/** HTML as readable text: no scripts or styles, links as their text followed by the address. */
export const extractHtml: FormatExtractor = async (bytes, { limits }) => {
  const html = decodeUtf8Text(bytes);
  if (htmlNestingDepth(html, limits.maxHtmlDepth) > limits.maxHtmlDepth) {
    throw new UnreadableFileError(`The HTML is nested deeper than ${limits.maxHtmlDepth} levels.`);
  }
  const text = convert(html, {
    wordwrap: false,
    selectors,
    // A second bound on the converter's recursion, should the estimate above count short.
    limits: { maxDepth: limits.maxHtmlDepth, ellipsis: '…' },
  });
  return { text };
};
