/**
 * Hostile zip archives (Office files are zip archives), written byte by byte so that the central
 * directory can say what a real writer would never say.
 */
import { once } from 'node:events';
import { crc32, createDeflateRaw, deflateRawSync } from 'node:zlib';

interface RawEntry {
  readonly name: string;
  readonly deflated: Uint8Array;
  readonly crc: number;
  /** Real uncompressed size. */
  readonly size: number;
  /** Size written in the headers, when it should differ from the real one. */
  readonly declaredSize?: number;
}

function entry(name: string, content: string): RawEntry {
  const bytes = Buffer.from(content);
  return { name, deflated: deflateRawSync(bytes), crc: crc32(bytes), size: bytes.byteLength };
}

/** A zip archive (deflate, no data descriptors) of the entries, with the sizes they declare. */
export function zipOf(entries: readonly RawEntry[]): Uint8Array {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const item of entries) {
    const name = Buffer.from(item.name);
    const declared = item.declaredSize ?? item.size;
    // Both headers hold version, flags, method, time, date, CRC, sizes and name length in the same
    // order; the central one starts two bytes later (it adds "version made by").
    const header = (signature: number, length: number, shift: number): Buffer => {
      const bytes = Buffer.alloc(length);
      bytes.writeUInt32LE(signature, 0);
      bytes.writeUInt16LE(20, 4 + shift);
      bytes.writeUInt16LE(8, 8 + shift);
      bytes.writeUInt32LE(item.crc >>> 0, 14 + shift);
      bytes.writeUInt32LE(item.deflated.byteLength, 18 + shift);
      bytes.writeUInt32LE(declared, 22 + shift);
      bytes.writeUInt16LE(name.byteLength, 26 + shift);
      return bytes;
    };
    locals.push(header(0x04034b50, 30, 0), name, Buffer.from(item.deflated));
    const central = header(0x02014b50, 46, 2);
    central.writeUInt16LE(20, 4);
    central.writeUInt32LE(offset, 42);
    centrals.push(central, name);
    offset += 30 + name.byteLength + item.deflated.byteLength;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.byteLength, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

/** `head`, then `chunk` repeated until the content reaches `size` bytes, then `tail`: deflated as a stream, never held whole. */
async function deflatedRepeat(name: string, head: string, chunk: string, size: number, tail: string): Promise<RawEntry> {
  const block = Buffer.from(chunk.repeat(Math.ceil((1024 * 1024) / chunk.length)));
  const deflate = createDeflateRaw({ level: 1 });
  const output: Buffer[] = [];
  deflate.on('data', (data: Buffer) => output.push(data));
  let crc = 0;
  let written = 0;
  const write = async (data: Buffer): Promise<void> => {
    crc = crc32(data, crc);
    written += data.byteLength;
    if (!deflate.write(data)) await once(deflate, 'drain');
  };
  await write(Buffer.from(head));
  while (written < size) await write(block);
  await write(Buffer.from(tail));
  deflate.end();
  await once(deflate, 'end');
  return { name, deflated: Buffer.concat(output), crc, size: written };
}

const WORD_CONTENT_TYPES =
  '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
  '<Default Extension="xml" ContentType="application/xml"/></Types>';
const WORD_HEAD = '<?xml version="1.0" encoding="UTF-8"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>';
const WORD_TAIL = '</w:body></w:document>';
const WORD_PARAGRAPH = '<w:p><w:r><w:t>all work and no play</w:t></w:r></w:p>';

/** A Word document of a few kilobytes whose directory honestly declares a 4 GB body. */
export function docxDeclaringHugeBody(): Uint8Array {
  return zipOf([
    entry('[Content_Types].xml', WORD_CONTENT_TYPES),
    { ...entry('word/document.xml', `${WORD_HEAD}${WORD_TAIL}`), declaredSize: 0xfffffff0 },
  ]);
}

/** A Word document whose body declares 2 kB but inflates to `realBytes`: the directory lies. */
export async function docxLyingAboutItsSize(realBytes: number): Promise<Uint8Array> {
  const body = await deflatedRepeat('word/document.xml', WORD_HEAD, WORD_PARAGRAPH, realBytes, WORD_TAIL);
  return zipOf([entry('[Content_Types].xml', WORD_CONTENT_TYPES), { ...body, declaredSize: 2048 }]);
}

/** A Word document whose body really is `bytes` of paragraphs, declared honestly (a classic bomb, ~1000:1). */
export async function docxWithHugeBody(bytes: number): Promise<Uint8Array> {
  const body = await deflatedRepeat('word/document.xml', WORD_HEAD, WORD_PARAGRAPH, bytes, WORD_TAIL);
  return zipOf([entry('[Content_Types].xml', WORD_CONTENT_TYPES), body]);
}

/** A workbook whose one sheet really is `bytes` of rows, declared honestly. */
export async function xlsxWithHugeSheet(bytes: number): Promise<Uint8Array> {
  const ns = 'xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"';
  const relsNs = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
  const sheet = await deflatedRepeat(
    'xl/worksheets/sheet1.xml',
    `<?xml version="1.0" encoding="UTF-8"?><worksheet ${ns}><sheetData>`,
    '<row><c t="inlineStr"><is><t>bomb</t></is></c><c><v>1</v></c></row>',
    bytes,
    '</sheetData></worksheet>',
  );
  return zipOf([
    entry(
      '[Content_Types].xml',
      '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
        '<Default Extension="xml" ContentType="application/xml"/><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
        '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>' +
        '<Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/></Types>',
    ),
    entry(
      '_rels/.rels',
      `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${relsNs}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
    ),
    entry('xl/workbook.xml', `<?xml version="1.0" encoding="UTF-8"?><workbook ${ns} xmlns:r="${relsNs}"><sheets><sheet name="Bomb" sheetId="1" r:id="rId1"/></sheets></workbook>`),
    entry(
      'xl/_rels/workbook.xml.rels',
      `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${relsNs}/worksheet" Target="worksheets/sheet1.xml"/></Relationships>`,
    ),
    sheet,
  ]);
}

/** A presentation archive of `count` tiny entries: a bomb by entry count rather than by size. */
export function pptxWithManyEntries(count: number): Uint8Array {
  const empty = entry('x', '');
  return zipOf(Array.from({ length: count }, (_, index) => ({ ...empty, name: `ppt/slides/slide${index}.xml` })));
}

/** Bytes that are no format at all (a fixed pseudo-random sequence, never valid UTF-8: it holds 0xff). */
export function binaryGarbage(length = 64 * 1024): Uint8Array {
  const bytes = new Uint8Array(length);
  let state = 0x2545f491;
  for (let index = 0; index < length; index += 1) {
    state = (Math.imul(state, 1103515245) + 12345) >>> 0;
    bytes[index] = state >>> 24;
  }
  bytes[0] = 0xff;
  return bytes;
}
