import type { ConversationEvent } from '@app/contracts/events/conversation.events';
import type { FileDocument } from '@app/contracts/read-models/file.read-models';
import type { BlobStore } from '@app/storage';
import type { ReadModels } from '../../infrastructure/read-models.service';
import { isModelImageType } from '../../files/file-formats';
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
  options: { readonly acceptsImages: boolean },
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
      const bytes = await readBlob(blobs, doc.processedHash, Number.POSITIVE_INFINITY);
      if (bytes) attachments.set(doc.sId, { kind: 'text', text: bytes.toString('utf8') });
    } else if (options.acceptsImages && isModelImageType(doc.contentType) && doc.originalHash !== null) {
      const bytes = await readBlob(blobs, doc.originalHash, MAX_IMAGE_BYTES);
      if (bytes) attachments.set(doc.sId, { kind: 'image', bytes, mediaType: doc.contentType });
    } else if (isModelImageType(doc.contentType)) {
      attachments.set(doc.sId, { kind: 'image', bytes: new Uint8Array(), mediaType: doc.contentType });
    }
  }
  return attachments;
}

async function readBlob(blobs: BlobStore, hash: string, maxBytes: number): Promise<Buffer | null> {
  const stream = await blobs.get(hash);
  if (stream === null) return null;
  const parts: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream) {
    size += (chunk as Uint8Array).byteLength;
    if (size > maxBytes) {
      stream.destroy();
      return null;
    }
    parts.push(Buffer.from(chunk as Uint8Array));
  }
  return Buffer.concat(parts);
}
