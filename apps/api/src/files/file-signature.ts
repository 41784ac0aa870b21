import { mediaTypeOf } from '@app/contracts/files/file-formats';

/** How many leading bytes the signature check needs at most. */
export const SIGNATURE_BYTES = 16;

const ZIP = [0x50, 0x4b, 0x03, 0x04];
const OLE = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];

type Check = (head: Uint8Array) => boolean;

const startsWith =
  (bytes: readonly number[], offset = 0): Check =>
  (head) =>
    bytes.every((byte, i) => head[offset + i] === byte);
const ascii = (text: string, offset = 0): Check => startsWith([...Buffer.from(text, 'latin1')], offset);
const anyOf =
  (...checks: Check[]): Check =>
  (head) =>
    checks.some((check) => check(head));

/** Magic bytes of the binary formats: a declared type whose bytes say otherwise is refused. */
const SIGNATURES: ReadonlyMap<string, Check> = new Map<string, Check>([
  ['application/pdf', ascii('%PDF-')],
  ['image/png', startsWith([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])],
  ['image/jpeg', startsWith([0xff, 0xd8, 0xff])],
  ['image/gif', anyOf(ascii('GIF87a'), ascii('GIF89a'))],
  ['image/webp', (head) => ascii('RIFF')(head) && ascii('WEBP', 8)(head)],
  ['image/bmp', ascii('BM')],
  ['image/x-icon', startsWith([0x00, 0x00, 0x01, 0x00])],
  ['application/vnd.openxmlformats-officedocument.wordprocessingml.document', startsWith(ZIP)],
  ['application/vnd.openxmlformats-officedocument.presentationml.presentation', startsWith(ZIP)],
  ['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', startsWith(ZIP)],
  // The legacy Office types are also used for their XML successors by some uploaders.
  ['application/msword', anyOf(startsWith(OLE), startsWith(ZIP))],
  ['application/vnd.ms-powerpoint', anyOf(startsWith(OLE), startsWith(ZIP))],
  ['application/vnd.ms-excel', anyOf(startsWith(OLE), startsWith(ZIP))],
  ['audio/mpeg', anyOf(ascii('ID3'), (head) => head[0] === 0xff && ((head[1] ?? 0) & 0xe0) === 0xe0)],
  ['audio/ogg', ascii('OggS')],
  ['audio/wav', (head) => ascii('RIFF')(head) && ascii('WAVE', 8)(head)],
  ['audio/x-wav', (head) => ascii('RIFF')(head) && ascii('WAVE', 8)(head)],
  ['audio/webm', startsWith([0x1a, 0x45, 0xdf, 0xa3])],
  ['video/webm', startsWith([0x1a, 0x45, 0xdf, 0xa3])],
  ['audio/x-m4a', ascii('ftyp', 4)],
]);

/**
 * Null when the first bytes of a file fit its declared type, else why not. Text formats have no
 * signature; they are checked as UTF-8 when their text is extracted.
 */
export function signatureProblem(contentType: string, head: Uint8Array): string | null {
  const type = mediaTypeOf(contentType);
  const check = SIGNATURES.get(type);
  if (!check || check(head)) return null;
  return `The file's content is not ${type}: its first bytes do not match that format.`;
}
