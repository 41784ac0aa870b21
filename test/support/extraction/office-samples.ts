/**
 * Real Office Open XML files built in code: DOCX and PPTX assembled from their XML parts with
 * JSZip (the parts a minimal document needs), XLSX written by ExcelJS.
 */
import ExcelJS from 'exceljs';
import JSZip from 'jszip';

const XML_HEADER = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';
const RELS_NS = 'http://schemas.openxmlformats.org/package/2006/relationships';
const OFFICE_RELS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const DRAWING_NS = 'http://schemas.openxmlformats.org/drawingml/2006/main';
const PRESENTATION_NS = 'http://schemas.openxmlformats.org/presentationml/2006/main';

function escapeXml(text: string): string {
  return text.replace(/[<>&"]/g, (char) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;' })[char]!);
}

function relationships(rels: readonly { id: string; type: string; target: string }[]): string {
  const items = rels.map((rel) => `<Relationship Id="${rel.id}" Type="${OFFICE_RELS}/${rel.type}" Target="${rel.target}"/>`);
  return `${XML_HEADER}<Relationships xmlns="${RELS_NS}">${items.join('')}</Relationships>`;
}

function contentTypes(overrides: readonly { part: string; type: string }[]): string {
  const items = overrides.map(({ part, type }) => `<Override PartName="${part}" ContentType="${type}"/>`);
  return (
    `${XML_HEADER}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">` +
    '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
    `<Default Extension="xml" ContentType="application/xml"/>${items.join('')}</Types>`
  );
}

async function generate(zip: JSZip): Promise<Uint8Array> {
  return zip.generateAsync({ type: 'uint8array', compression: 'DEFLATE' });
}

/** A Word document whose body is these paragraphs; a paragraph given as an array is split into runs. */
export async function docxWithParagraphs(paragraphs: readonly (string | readonly string[])[]): Promise<Uint8Array> {
  const body = paragraphs
    .map((paragraph) => (typeof paragraph === 'string' ? [paragraph] : paragraph))
    .map((runs) => `<w:p>${runs.map((run) => `<w:r><w:t xml:space="preserve">${escapeXml(run)}</w:t></w:r>`).join('')}</w:p>`)
    .join('');
  const zip = new JSZip();
  zip.file('[Content_Types].xml', contentTypes([{ part: '/word/document.xml', type: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml' }]));
  zip.file('_rels/.rels', relationships([{ id: 'rId1', type: 'officeDocument', target: 'word/document.xml' }]));
  zip.file('word/document.xml', `${XML_HEADER}<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>${body}</w:body></w:document>`);
  return generate(zip);
}

export interface SlideSample {
  /** Paragraphs of the slide; a paragraph given as an array is split into runs. */
  readonly paragraphs: readonly (string | readonly string[])[];
  readonly notes?: readonly string[];
}

function shapeTree(paragraphs: readonly (string | readonly string[])[]): string {
  const body = paragraphs
    .map((paragraph) => (typeof paragraph === 'string' ? [paragraph] : paragraph))
    .map((runs) => `<a:p>${runs.map((run) => `<a:r><a:t>${escapeXml(run)}</a:t></a:r>`).join('')}</a:p>`)
    .join('\n      ');
  // Indented like PowerPoint's own output with pretty-printing: the whitespace between tags is not text.
  return `<p:cSld><p:spTree>
    <p:sp><p:txBody>
      ${body}
    </p:txBody></p:sp>
  </p:spTree></p:cSld>`;
}

/**
 * A presentation with these slides in this order. The slide files are numbered in reverse, so a
 * reader that orders slides by file name instead of by the presentation's slide list gets it wrong.
 */
export async function pptxWithSlides(slides: readonly SlideSample[]): Promise<Uint8Array> {
  const zip = new JSZip();
  const ns = `xmlns:a="${DRAWING_NS}" xmlns:p="${PRESENTATION_NS}" xmlns:r="${OFFICE_RELS}"`;
  const overrides = [{ part: '/ppt/presentation.xml', type: 'application/vnd.openxmlformats-officedocument.presentationml.presentation.main+xml' }];
  const presentationRels: { id: string; type: string; target: string }[] = [];
  const slideIds: string[] = [];
  slides.forEach((slide, index) => {
    const fileNumber = slides.length - index;
    const relId = `rId${index + 1}`;
    presentationRels.push({ id: relId, type: 'slide', target: `slides/slide${fileNumber}.xml` });
    slideIds.push(`<p:sldId id="${256 + index}" r:id="${relId}"/>`);
    zip.file(`ppt/slides/slide${fileNumber}.xml`, `${XML_HEADER}<p:sld ${ns}>${shapeTree(slide.paragraphs)}</p:sld>`);
    overrides.push({ part: `/ppt/slides/slide${fileNumber}.xml`, type: 'application/vnd.openxmlformats-officedocument.presentationml.slide+xml' });
    if (slide.notes) {
      const slideNumberField = '<a:p><a:fld id="{1}" type="slidenum"><a:t>7</a:t></a:fld></a:p>';
      const notes = shapeTree(slide.notes).replace('</p:txBody>', `${slideNumberField}</p:txBody>`);
      zip.file(`ppt/notesSlides/notesSlide${fileNumber}.xml`, `${XML_HEADER}<p:notes ${ns}>${notes}</p:notes>`);
      zip.file(`ppt/slides/_rels/slide${fileNumber}.xml.rels`, relationships([{ id: 'rId1', type: 'notesSlide', target: `../notesSlides/notesSlide${fileNumber}.xml` }]));
    }
  });
  zip.file('[Content_Types].xml', contentTypes(overrides));
  zip.file('_rels/.rels', relationships([{ id: 'rId1', type: 'officeDocument', target: 'ppt/presentation.xml' }]));
  zip.file('ppt/_rels/presentation.xml.rels', relationships(presentationRels));
  zip.file('ppt/presentation.xml', `${XML_HEADER}<p:presentation ${ns}><p:sldIdLst>${slideIds.join('')}</p:sldIdLst></p:presentation>`);
  return generate(zip);
}

export interface SheetSample {
  readonly name: string;
  readonly rows: readonly (readonly ExcelJS.CellValue[])[];
}

/** A workbook written by ExcelJS with one worksheet per sample, rows from A1. */
export async function xlsxWithSheets(sheets: readonly SheetSample[]): Promise<Uint8Array> {
  const workbook = new ExcelJS.Workbook();
  for (const sheet of sheets) {
    const worksheet = workbook.addWorksheet(sheet.name);
    for (const row of sheet.rows) worksheet.addRow([...row]);
  }
  return new Uint8Array(await workbook.xlsx.writeBuffer());
}
