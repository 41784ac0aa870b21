import { call } from './test-app';

/** Requests an upload then posts the bytes as the official client does (multipart, one part `file`). */
export async function uploadFile(
  baseUrl: string,
  key: string,
  workspaceId: string,
  file: { name: string; type: string; bytes: Uint8Array | string; declaredSize?: number; partType?: string; conversationId?: string; projectId?: string },
  family: 'public' | 'private' = 'public',
): Promise<{ status: number; body: any; fileId: string }> {
  const bytes = typeof file.bytes === 'string' ? Buffer.from(file.bytes, 'utf8') : Buffer.from(file.bytes);
  const prefix = family === 'public' ? `/api/v1/w/${workspaceId}` : `/api/w/${workspaceId}`;
  const requested = await call(baseUrl, 'POST', `${prefix}/files`, {
    key,
    body: {
      contentType: file.type,
      fileName: file.name,
      fileSize: file.declaredSize ?? bytes.length,
      useCase: file.projectId ? 'project_context' : 'conversation',
      ...(file.conversationId ? { useCaseMetadata: { conversationId: file.conversationId } } : {}),
      ...(file.projectId ? { useCaseMetadata: { spaceId: file.projectId } } : {}),
    },
  });
  if (requested.status !== 200) return { status: requested.status, body: requested.body, fileId: '' };
  const fileId: string = requested.body.file.sId;
  const uploaded = await postContent(baseUrl, key, `${prefix}/files/${fileId}`, bytes, file.name, file.partType ?? file.type);
  return { ...uploaded, fileId };
}

/** Posts bytes as the `file` part of a multipart body. */
export async function postContent(
  baseUrl: string,
  key: string,
  path: string,
  bytes: Uint8Array,
  name: string,
  type: string,
): Promise<{ status: number; body: any }> {
  const form = new FormData();
  form.append('file', new File([bytes], name, { type }));
  const response = await fetch(`${baseUrl}${path}`, { method: 'POST', headers: { authorization: `Bearer ${key}` }, body: form });
  const text = await response.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // not JSON
  }
  return { status: response.status, body };
}

/** A one-pixel PNG. */
export const PNG_PIXEL = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
