import { extractText, getDocumentProxy } from 'unpdf';
import type { FormatExtractor } from './format-extractor';

/** PDF text, page after page, pages separated by a blank line. */
export const extractPdf: FormatExtractor = async (bytes) => {
  // PDF.js may take ownership of (detach) the buffer it is given: hand it a copy.
  const document = await getDocumentProxy(new Uint8Array(bytes), { useSystemFonts: false, verbosity: 0 });
  try {
    const { text } = await extractText(document, { mergePages: false });
    return { text: text.map((page) => page.trim()).join('\n\n') };
  } finally {
    // The worker that ran this extracts the next file too: let go of the document's memory.
    await document.loadingTask.destroy();
  }
};
