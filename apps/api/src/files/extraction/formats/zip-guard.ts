import { inflateRawSync } from 'node:zlib';
import type { ExtractionLimits } from '../../../config/file-extraction-settings';
import { UnreadableFileError } from './format-extractor';

// Record signatures and fixed sizes of the zip format (PKWARE APPNOTE 4.3).
const END_OF_CENTRAL_DIRECTORY = 0x06054b50;
const ZIP64_END_LOCATOR = 0x07064b50;
const ZIP64_END_OF_CENTRAL_DIRECTORY = 0x06064b50;
const CENTRAL_FILE_HEADER = 0x02014b50;
const LOCAL_FILE_HEADER = 0x04034b50;
const ZIP64_EXTRA_FIELD = 0x0001;
const STORED = 0;
const DEFLATED = 8;

interface ZipEntry {
  readonly method: number;
  readonly compressedSize: number;
  readonly uncompressedSize: number;
  readonly localHeaderOffset: number;
}

function notAZip(): UnreadableFileError {
  return new UnreadableFileError('The file is not a valid Office document (not a zip archive).');
}

/**
 * Checks an Office file (a zip archive) before a library unpacks it: the entry count and the
 * uncompressed sizes its central directory declares stay under the limits, and every entry really
 * inflates to no more than it declares (a zip bomb may lie in its directory). Inflation is bounded
 * by `maxOutputLength`, so a lying entry costs at most its declared size.
 */
export function assertZipWithinLimits(bytes: Uint8Array, limits: ExtractionLimits): void {
  const entries = readCentralDirectory(bytes, limits);
  let declaredTotal = 0;
  for (const entry of entries) declaredTotal += entry.uncompressedSize;
  if (declaredTotal > limits.maxUnzippedBytes) {
    throw new UnreadableFileError(`The document unpacks to more than ${limits.maxUnzippedBytes} bytes.`);
  }
  for (const entry of entries) checkEntryInflatesAsDeclared(bytes, entry);
}

function view(bytes: Uint8Array): DataView {
  return new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

function findEndOfCentralDirectory(data: DataView): number {
  // The record is 22 bytes followed by a comment of at most 65535 bytes.
  const earliest = Math.max(0, data.byteLength - 22 - 0xffff);
  for (let offset = data.byteLength - 22; offset >= earliest; offset -= 1) {
    if (data.getUint32(offset, true) === END_OF_CENTRAL_DIRECTORY) return offset;
  }
  throw notAZip();
}

function readCentralDirectory(bytes: Uint8Array, limits: ExtractionLimits): ZipEntry[] {
  const data = view(bytes);
  if (data.byteLength < 22) throw notAZip();
  const end = findEndOfCentralDirectory(data);
  let count = data.getUint16(end + 10, true);
  let offset = data.getUint32(end + 16, true);
  if (count === 0xffff || offset === 0xffffffff) ({ count, offset } = readZip64End(data, end));
  if (count > limits.maxZipEntries) throw new UnreadableFileError(`The document holds more than ${limits.maxZipEntries} parts.`);
  const entries: ZipEntry[] = [];
  for (let index = 0; index < count; index += 1) {
    if (offset + 46 > data.byteLength || data.getUint32(offset, true) !== CENTRAL_FILE_HEADER) throw notAZip();
    const nameLength = data.getUint16(offset + 28, true);
    const extraLength = data.getUint16(offset + 30, true);
    const commentLength = data.getUint16(offset + 32, true);
    const sizes = {
      compressedSize: data.getUint32(offset + 20, true),
      uncompressedSize: data.getUint32(offset + 24, true),
      localHeaderOffset: data.getUint32(offset + 42, true),
    };
    const extraStart = offset + 46 + nameLength;
    if (extraStart + extraLength > data.byteLength) throw notAZip();
    entries.push({ method: data.getUint16(offset + 10, true), ...applyZip64Extra(data, extraStart, extraLength, sizes) });
    offset = extraStart + extraLength + commentLength;
  }
  return entries;
}

function readZip64End(data: DataView, end: number): { count: number; offset: number } {
  const locator = end - 20;
  if (locator < 0 || data.getUint32(locator, true) !== ZIP64_END_LOCATOR) throw notAZip();
  const record = Number(data.getBigUint64(locator + 8, true));
  if (record + 56 > data.byteLength || data.getUint32(record, true) !== ZIP64_END_OF_CENTRAL_DIRECTORY) throw notAZip();
  return { count: Number(data.getBigUint64(record + 32, true)), offset: Number(data.getBigUint64(record + 48, true)) };
}

/** Sizes marked 0xffffffff live, in this order, in the entry's zip64 extra field. */
function applyZip64Extra(
  data: DataView,
  start: number,
  length: number,
  sizes: Omit<ZipEntry, 'method'>,
): Omit<ZipEntry, 'method'> {
  let { uncompressedSize, compressedSize, localHeaderOffset } = sizes;
  for (let field = start; field + 4 <= start + length; ) {
    const id = data.getUint16(field, true);
    const size = data.getUint16(field + 2, true);
    if (id === ZIP64_EXTRA_FIELD) {
      let cursor = field + 4;
      const next = (): number => {
        if (cursor + 8 > field + 4 + size) throw notAZip();
        const value = Number(data.getBigUint64(cursor, true));
        cursor += 8;
        return value;
      };
      if (uncompressedSize === 0xffffffff) uncompressedSize = next();
      if (compressedSize === 0xffffffff) compressedSize = next();
      if (localHeaderOffset === 0xffffffff) localHeaderOffset = next();
    }
    field += 4 + size;
  }
  return { uncompressedSize, compressedSize, localHeaderOffset };
}

function checkEntryInflatesAsDeclared(bytes: Uint8Array, entry: ZipEntry): void {
  const data = view(bytes);
  const header = entry.localHeaderOffset;
  if (header + 30 > data.byteLength || data.getUint32(header, true) !== LOCAL_FILE_HEADER) throw notAZip();
  const start = header + 30 + data.getUint16(header + 26, true) + data.getUint16(header + 28, true);
  const end = start + entry.compressedSize;
  if (end > bytes.byteLength) throw notAZip();
  if (entry.method === STORED) {
    if (entry.compressedSize !== entry.uncompressedSize) throw notAZip();
    return;
  }
  if (entry.method !== DEFLATED) throw new UnreadableFileError(`The document uses an unsupported zip compression (method ${entry.method}).`);
  if (!inflatesWithin(bytes.subarray(start, end), entry.uncompressedSize)) {
    throw new UnreadableFileError('The document holds a part that unpacks to more than it declares, or is corrupt.');
  }
}

/** Whether deflated data inflates to at most `size` bytes; never allocates more than that. */
function inflatesWithin(deflated: Uint8Array, size: number): boolean {
  try {
    return inflateRawSync(deflated, { maxOutputLength: Math.max(1, size) }).byteLength <= size;
  } catch {
    return false;
  }
}
