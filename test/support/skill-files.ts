// Kept apart from the e2e helpers so unit specs can use it without loading the whole app.
import JSZip from 'jszip';

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
