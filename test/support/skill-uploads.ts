import JSZip from 'jszip';
import { postContent } from './file-upload-helpers';

/** A SKILL.md in the Agent Skills format. */
export function skillMd(name: string, description: string, instructions: string): string {
  return `---\nname: ${name}\ndescription: ${description}\n---\n${instructions}\n`;
}

/** A zip of `files` (path → content), paths kept as given (even hostile ones). */
export async function zipOf(files: Record<string, string | Buffer>, options: { permissions?: Record<string, number> } = {}): Promise<Buffer> {
  const zip = new JSZip();
  for (const [path, content] of Object.entries(files)) zip.file(path, content, { unixPermissions: options.permissions?.[path], createFolders: false });
  return zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE', platform: 'UNIX' });
}

/** `POST …/skills/import` with one part `file`. */
export function importSkills(
  baseUrl: string,
  key: string,
  workspaceId: string,
  upload: { bytes: Buffer | string; name: string; type: string },
  onConflict?: string,
  family: 'public' | 'private' = 'public',
): Promise<{ status: number; body: any }> {
  const prefix = family === 'public' ? `/api/v1/w/${workspaceId}` : `/api/w/${workspaceId}`;
  const query = onConflict === undefined ? '' : `?onConflict=${encodeURIComponent(onConflict)}`;
  const bytes = typeof upload.bytes === 'string' ? Buffer.from(upload.bytes, 'utf8') : upload.bytes;
  return postContent(baseUrl, key, `${prefix}/skills/import${query}`, bytes, upload.name, upload.type);
}
