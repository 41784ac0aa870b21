import type JSZip from 'jszip';
import { loadOnFirstUse } from '../../common/load-on-first-use';
import { parseSkillMd, SkillMdError, type ParsedSkillMd } from './skill-md';

// Only an imported bundle needs the zip reader: the boot does not load it.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const jszip = loadOnFirstUse<typeof import('jszip')>(() => require('jszip'));

/** A file found beside a `SKILL.md`, by its path relative to the skill's folder. */
export interface BundledFile {
  readonly path: string;
  readonly bytes: Buffer;
}

/** One skill of an upload: its `SKILL.md`, and the files beside it (none for a lone `SKILL.md`). */
export interface SkillBundle {
  readonly skill: ParsedSkillMd;
  readonly files: readonly BundledFile[];
}

/** Bounds of an import: what a zip may hold once inflated, whatever it claims. */
export const SKILL_BUNDLE_LIMITS = {
  maxUploadBytes: 10 * 1024 * 1024,
  maxSkillMdBytes: 256 * 1024,
  maxEntries: 500,
  maxSkills: 50,
  maxFilesPerSkill: 64,
  maxFileBytes: 1024 * 1024,
  maxTotalBytes: 20 * 1024 * 1024,
} as const;

const SKILL_MD = 'SKILL.md';
const ZIP_MAGIC = Buffer.from([0x50, 0x4b, 0x03, 0x04]);
const SYMLINK_MODE = 0o120000;
const FILE_TYPE_MASK = 0o170000;

/** The upload cannot be imported; the message says why (400). */
export class SkillBundleError extends Error {}

/**
 * The skills of an uploaded file: a lone `SKILL.md`, or a zip holding one or more folders each with
 * a `SKILL.md` (at the root or below) and the files beside it. A zip is read defensively: entries
 * whose path leaves the archive (`..`, absolute, drive letters, backslashes) or that are links
 * refuse the whole upload, and inflation stops at the per-file and total caps whatever sizes the
 * archive declares, so a zip bomb costs at most those caps.
 */
export async function readSkillBundles(bytes: Buffer): Promise<SkillBundle[]> {
  if (bytes.subarray(0, 4).equals(ZIP_MAGIC)) return readZip(bytes);
  return [{ skill: parseText(bytes, SKILL_MD), files: [] }];
}

function parseText(bytes: Buffer, path: string): ParsedSkillMd {
  if (bytes.length > SKILL_BUNDLE_LIMITS.maxSkillMdBytes) throw new SkillBundleError(`${path} is larger than ${SKILL_BUNDLE_LIMITS.maxSkillMdBytes} bytes.`);
  const text = utf8(bytes);
  if (text === null) throw new SkillBundleError(`${path} is not UTF-8 text.`);
  try {
    return parseSkillMd(text);
  } catch (error) {
    if (error instanceof SkillMdError) throw new SkillBundleError(`${path}: ${error.message}`);
    throw error;
  }
}

async function readZip(bytes: Buffer): Promise<SkillBundle[]> {
  const declared = declaredEntryCount(bytes);
  if (declared === null) throw new SkillBundleError('The upload is not a readable zip archive.');
  if (declared > SKILL_BUNDLE_LIMITS.maxEntries) throw new SkillBundleError(`The zip holds more than ${SKILL_BUNDLE_LIMITS.maxEntries} files.`);
  let zip: JSZip;
  try {
    // No `checkCRC32`: it inflates every entry whole while loading, before any cap applies (a
    // 500 KB bomb of 512 MiB took 2.6 s that way, 90 ms without); entries are inflated capped below.
    zip = await jszip().loadAsync(bytes);
  } catch {
    throw new SkillBundleError('The upload is not a readable zip archive.');
  }
  const entries = Object.values(zip.files).filter((entry) => !entry.dir);
  if (entries.length > SKILL_BUNDLE_LIMITS.maxEntries) throw new SkillBundleError(`The zip holds more than ${SKILL_BUNDLE_LIMITS.maxEntries} files.`);
  for (const entry of entries) checkEntry(entry);
  const paths = entries.map((entry) => entry.name).filter((name) => !isIgnored(name));
  const skillFolders = paths.filter((path) => basename(path) === SKILL_MD).map(dirname);
  if (skillFolders.length === 0) throw new SkillBundleError('The zip holds no SKILL.md.');
  if (skillFolders.length > SKILL_BUNDLE_LIMITS.maxSkills) throw new SkillBundleError(`The zip holds more than ${SKILL_BUNDLE_LIMITS.maxSkills} skills.`);
  const budget = { left: SKILL_BUNDLE_LIMITS.maxTotalBytes };
  const bundles: SkillBundle[] = [];
  for (const folder of skillFolders) {
    const owned = paths.filter((path) => path !== join(folder, SKILL_MD) && ownerOf(path, skillFolders) === folder);
    if (owned.length > SKILL_BUNDLE_LIMITS.maxFilesPerSkill) throw new SkillBundleError(`${join(folder, SKILL_MD)} has more than ${SKILL_BUNDLE_LIMITS.maxFilesPerSkill} files beside it.`);
    const skillMd = await inflate(zip.files[join(folder, SKILL_MD)], SKILL_BUNDLE_LIMITS.maxSkillMdBytes, budget);
    const skill = parseText(skillMd, join(folder, SKILL_MD));
    const files: BundledFile[] = [];
    for (const path of owned) files.push({ path: path.slice(folder.length === 0 ? 0 : folder.length + 1), bytes: await inflate(zip.files[path], SKILL_BUNDLE_LIMITS.maxFileBytes, budget) });
    bundles.push({ skill, files });
  }
  return bundles;
}

const END_OF_CENTRAL_DIRECTORY = 0x06054b50;
const EOCD_BYTES = 22;
const MAX_COMMENT_BYTES = 0xffff;

/**
 * The entry count the archive's end record declares, read before the archive is parsed (a zip of
 * hundreds of thousands of empty entries would otherwise cost their parsing); null without an end
 * record. ZIP64 archives (count 0xFFFF) count as too many: a skill needs none of that size.
 */
function declaredEntryCount(bytes: Buffer): number | null {
  const from = Math.max(0, bytes.length - EOCD_BYTES - MAX_COMMENT_BYTES);
  for (let at = bytes.length - EOCD_BYTES; at >= from; at -= 1) {
    if (bytes.readUInt32LE(at) === END_OF_CENTRAL_DIRECTORY) return bytes.readUInt16LE(at + 10);
  }
  return null;
}

/** Refuses entries that would land outside the archive, or that are links. */
function checkEntry(entry: JSZip.JSZipObject): void {
  // JSZip resolves `..` in `name`; the archive's own spelling is what an unpacker would follow.
  const name = entry.unsafeOriginalName ?? entry.name;
  const segments = name.split('/');
  if (name.startsWith('/') || name.includes('\\') || /^[A-Za-z]:/.test(name) || segments.some((segment) => segment === '..' || segment === '.') || name.includes('\0')) {
    throw new SkillBundleError(`The zip entry "${name.slice(0, 200)}" has a path outside the archive.`);
  }
  const mode = typeof entry.unixPermissions === 'number' ? entry.unixPermissions : 0;
  if ((mode & FILE_TYPE_MASK) === SYMLINK_MODE) throw new SkillBundleError(`The zip entry "${name.slice(0, 200)}" is a link.`);
}

/** The bytes of an entry, refused once they pass `maxBytes` or what is left of the total. */
function inflate(entry: JSZip.JSZipObject, maxBytes: number, budget: { left: number }): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let done = false;
    // Inflated a chunk at a time: nothing past the caps is ever produced.
    const stream = entry.nodeStream('nodebuffer');
    const fail = (error: Error) => {
      if (done) return;
      done = true;
      stream.pause();
      stream.removeAllListeners('data');
      reject(error);
    };
    stream.on('data', (chunk: Buffer) => {
      if (done) return;
      size += chunk.length;
      budget.left -= chunk.length;
      if (size > maxBytes) return fail(new SkillBundleError(`The zip entry "${entry.name.slice(0, 200)}" is larger than ${maxBytes} bytes once inflated.`));
      if (budget.left < 0) return fail(new SkillBundleError(`The zip holds more than ${SKILL_BUNDLE_LIMITS.maxTotalBytes} bytes once inflated.`));
      chunks.push(chunk);
    });
    stream.on('error', () => fail(new SkillBundleError(`The zip entry "${entry.name.slice(0, 200)}" could not be inflated.`)));
    stream.on('end', () => {
      if (done) return;
      done = true;
      resolve(Buffer.concat(chunks));
    });
  });
}

/** The skill folder a path belongs to: the deepest one holding it. */
function ownerOf(path: string, folders: readonly string[]): string | null {
  let owner: string | null = null;
  for (const folder of folders) {
    if ((folder === '' || path.startsWith(`${folder}/`)) && (owner === null || folder.length > owner.length)) owner = folder;
  }
  return owner;
}

/** Archive noise: macOS resource forks and folder metadata. */
function isIgnored(path: string): boolean {
  return path.startsWith('__MACOSX/') || basename(path) === '.DS_Store';
}

function basename(path: string): string {
  return path.slice(path.lastIndexOf('/') + 1);
}

function dirname(path: string): string {
  const index = path.lastIndexOf('/');
  return index < 0 ? '' : path.slice(0, index);
}

function join(folder: string, name: string): string {
  return folder === '' ? name : `${folder}/${name}`;
}

/** The text of UTF-8 bytes, or null when they are not UTF-8. */
export function utf8(bytes: Buffer): string | null {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return null;
  }
}
