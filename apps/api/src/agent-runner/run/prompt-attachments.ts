import type { ConversationEvent } from '@app/contracts/events/conversation/conversation.events';
import type { FileDocument } from '@app/contracts/read-models/file.read-models';
import type { BlobStore } from '@app/storage';
import type { ReadModels } from '../../event-sourcing/reading/read-models';
import { isModelImageType } from '@app/contracts/files/file-formats';
import type { AttachmentContent } from './attachment-budget';

/** Largest image sent to a model (the upload cap of images). */
const MAX_IMAGE_BYTES = 5 * 1024 * 1024;

/**
 * What the files attached to a conversation hold, for its prompt: the processed text of each
 * file fragment still current, and the bytes of its images when the model takes images. A file
 * deleted since, or whose bytes are gone, is simply absent (the prompt says it is unavailable).
 */
export async function loadPromptAttachments(
  events: readonly ConversationEvent[],
  readModels: ReadModels,
  blobs: BlobStore,
  options: { readonly acceptsImages: boolean; readonly maxTextChars: number },
): Promise<Map<string, AttachmentContent>> {
  const superseded = new Set<string>();
  const fileIds = new Map<string, string>();
  for (const event of events) {
    if (event.type === 'ContentFragmentAdded' && event.data.fileId !== null && event.data.textContent === null) {
      fileIds.set(event.data.messageId, event.data.fileId);
    }
    if (event.type === 'ContentFragmentSuperseded') superseded.add(event.data.messageId);
  }
  const current = [...new Set([...fileIds].filter(([messageId]) => !superseded.has(messageId)).map(([, fileId]) => fileId))];
  const docs = await readModels.getMany<FileDocument>('files', current);
  const attachments = new Map<string, AttachmentContent>();
  for (const doc of docs.values()) {
    if (doc.status !== 'ready') continue;
    if (doc.processedHash !== null) {
      // No prompt takes more than maxTextChars of it: 4 bytes a character at most is enough to read.
      const limit = Math.min(Number.MAX_SAFE_INTEGER, options.maxTextChars * 4);
      const read = await readStart(blobs, doc.processedHash, limit);
      if (read) attachments.set(doc.sId, { kind: 'text', text: read.bytes.toString('utf8'), cut: read.cut });
    } else if (options.acceptsImages && isModelImageType(doc.contentType) && doc.originalHash !== null) {
      const read = await readStart(blobs, doc.originalHash, MAX_IMAGE_BYTES);
      const bytes = read && !read.cut ? read.bytes : null;
      if (bytes) attachments.set(doc.sId, { kind: 'image', bytes, mediaType: doc.contentType });
    } else if (isModelImageType(doc.contentType)) {
      attachments.set(doc.sId, { kind: 'image', bytes: new Uint8Array(), mediaType: doc.contentType });
    }
  }
  return attachments;
}

/** The first `maxBytes` of a blob (cut: there was more), or null when the blob is gone. */
async function readStart(blobs: BlobStore, hash: string, maxBytes: number): Promise<{ bytes: Buffer; cut: boolean } | null> {
  const stream = await blobs.get(hash);
  if (stream === null) return null;
  const parts: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream) {
    const bytes = Buffer.from(chunk as Uint8Array);
    if (size + bytes.length > maxBytes) {
      parts.push(bytes.subarray(0, maxBytes - size));
      stream.destroy();
      return { bytes: Buffer.concat(parts), cut: true };
    }
    size += bytes.length;
    parts.push(bytes);
  }
  return { bytes: Buffer.concat(parts), cut: false };
}
