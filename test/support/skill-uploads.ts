import { postContent } from './file-upload-helpers';

export { skillMd, zipOf } from './skill-files';

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
