/**
 * Real PDF files written in code: a catalog, a page tree, a standard font and one content stream
 * per page, with a correct cross-reference table, the way a minimal PDF writer lays them out.
 */

/** Numbered objects into a PDF file with its xref table and trailer; object 1 is the catalog. */
function assemblePdf(objects: readonly string[]): Uint8Array {
  const parts: string[] = ['%PDF-1.4\n'];
  let length = parts[0]!.length;
  const offsets: number[] = [];
  objects.forEach((body, index) => {
    offsets.push(length);
    const object = `${index + 1} 0 obj\n${body}\nendobj\n`;
    parts.push(object);
    length += object.length;
  });
  const xref = [`xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`, ...offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`)];
  parts.push(...xref, `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${length}\n%%EOF\n`);
  return Buffer.from(parts.join(''), 'latin1');
}

function stream(content: string, dictionary = ''): string {
  return `<< ${dictionary}/Length ${content.length} >>\nstream\n${content}\nendstream`;
}

function pdfString(text: string): string {
  return `(${text.replace(/[\\()]/g, (char) => `\\${char}`)})`;
}

/** A PDF with one page per entry, each page showing its lines top-down in Helvetica (Latin-1 text). */
export function pdfWithPages(pages: readonly (readonly string[])[]): Uint8Array {
  const objects = ['<< /Type /Catalog /Pages 2 0 R >>', '', '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>'];
  const kids: string[] = [];
  for (const lines of pages) {
    const pageId = objects.length + 1;
    kids.push(`${pageId} 0 R`);
    const content = `BT /F1 11 Tf 14 TL 72 760 Td ${lines.map((line) => `${pdfString(line)} Tj T*`).join(' ')} ET`;
    objects.push(`<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 3 0 R >> >> /Contents ${pageId + 1} 0 R >>`);
    objects.push(stream(content));
  }
  objects[1] = `<< /Type /Pages /Kids [${kids.join(' ')}] /Count ${pages.length} >>`;
  return assemblePdf(objects);
}

/**
 * A PDF of a few kilobytes whose text never finishes: its page draws a form that draws the next
 * form ten times, twelve levels deep, so a reader walks 10^12 text operations.
 */
export function neverEndingPdf(levels = 12): Uint8Array {
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /XObject << /X 6 0 R >> >> /Contents 5 0 R >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
    stream('/X Do'),
  ];
  for (let level = 0; level < levels; level += 1) {
    const leaf = level === levels - 1;
    const resources = leaf ? '/Font << /F1 4 0 R >>' : `/XObject << /X ${objects.length + 2} 0 R >>`;
    const content = leaf ? 'BT /F1 12 Tf 10 10 Td (x) Tj ET' : Array<string>(10).fill('/X Do').join(' ');
    objects.push(stream(content, `/Type /XObject /Subtype /Form /BBox [0 0 612 792] /Resources << ${resources} >> `));
  }
  return assemblePdf(objects);
}

/** Roughly `targetBytes` of PDF: pages of 50 lines of prose, each line numbered so no two are alike. */
export function largeTextPdf(targetBytes: number): Uint8Array {
  const line = (page: number, index: number): string =>
    `Page ${page} line ${index}: the quarterly report lists revenue, costs and the outlook for next year.`;
  const bytesPerPage = 50 * (line(1000, 10).length + 8) + 200;
  const pageCount = Math.max(1, Math.round(targetBytes / bytesPerPage));
  return pdfWithPages(Array.from({ length: pageCount }, (_, page) => Array.from({ length: 50 }, (_, index) => line(page + 1, index + 1))));
}
