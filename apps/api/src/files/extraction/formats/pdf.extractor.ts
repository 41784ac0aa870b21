import { getDocumentProxy } from 'unpdf';
import type { FormatExtractor } from './format-extractor';

/**
 * PDF text, page after page, pages separated by a blank line. Pages are read one at a time and
 * released (unpdf's `extractText` asks for every page at once, which holds them all in memory),
 * and reading stops once the text passes the output cap.
 */
export const extractPdf: FormatExtractor = async (bytes, { limits }) => {
  // PDF.js may take ownership of (detach) the buffer it is given: hand it a copy.
  const document = await getDocumentProxy(new Uint8Array(bytes), { useSystemFonts: false, verbosity: 0 });
  try {
    const pages: string[] = [];
    let length = 0;
    for (let pageNumber = 1; pageNumber <= document.numPages && length <= limits.maxOutputChars; pageNumber += 1) {
      const page = await document.getPage(pageNumber);
      const { items } = await page.getTextContent();
      const text = items.map((item) => ('str' in item ? item.str + (item.hasEOL ? '\n' : '') : '')).join('').trim();
      page.cleanup();
      pages.push(text);
      length += text.length + 2;
    }
    return { text: pages.join('\n\n') };
  } finally {
    // The worker that ran this extracts the next file too: let go of the document's memory.
    await document.loadingTask.destroy();
  }
};
