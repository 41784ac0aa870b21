// The composer's attachments as a list of plain values, and what happens to them: each one goes
// from uploading (bytes going out) to reading (the api extracts its text) to ready, or to refused
// with the api's reason; any can be removed. Pure, for the spec.

/** One file attached to the message being written. */
export type Attachment =
  | { readonly key: string; readonly fileName: string; readonly status: 'uploading'; readonly sentBytes: number; readonly totalBytes: number }
  | { readonly key: string; readonly fileName: string; readonly status: 'reading' }
  | { readonly key: string; readonly fileName: string; readonly status: 'ready'; readonly fileId: string }
  | { readonly key: string; readonly fileName: string; readonly status: 'refused'; readonly reason: string };

export type AttachmentEvent =
  | { readonly type: 'added'; readonly key: string; readonly fileName: string; readonly totalBytes: number }
  | { readonly type: 'progressed'; readonly key: string; readonly sentBytes: number; readonly totalBytes: number }
  | { readonly type: 'ready'; readonly key: string; readonly fileId: string }
  | { readonly type: 'refused'; readonly key: string; readonly reason: string }
  | { readonly type: 'removed'; readonly key: string }
  /** The message went with its files: the composer starts empty again. */
  | { readonly type: 'sent' };

/** A file the message takes as a content fragment. */
export interface AttachedFile {
  readonly title: string;
  readonly fileId: string;
}

/** The list after `event`. An event about a file no longer there (removed while it uploaded) changes nothing. */
export function attachmentsAfter(list: readonly Attachment[], event: AttachmentEvent): readonly Attachment[] {
  switch (event.type) {
    case 'added':
      return [...list, { key: event.key, fileName: event.fileName, status: 'uploading', sentBytes: 0, totalBytes: event.totalBytes }];
    case 'progressed':
      return list.map((item) => {
        if (item.key !== event.key || item.status !== 'uploading') return item;
        if (event.sentBytes >= event.totalBytes) return { key: item.key, fileName: item.fileName, status: 'reading' };
        return { ...item, sentBytes: event.sentBytes, totalBytes: event.totalBytes };
      });
    case 'ready':
      return list.map((item) => (item.key === event.key ? { key: item.key, fileName: item.fileName, status: 'ready', fileId: event.fileId } : item));
    case 'refused':
      return list.map((item) => (item.key === event.key ? { key: item.key, fileName: item.fileName, status: 'refused', reason: event.reason } : item));
    case 'removed':
      return list.filter((item) => item.key !== event.key);
    case 'sent':
      return [];
    default:
      return unexpected(event);
  }
}

/** Whether a file is still on its way: the message cannot go until it is ready or refused. */
export function isUploading(list: readonly Attachment[]): boolean {
  return list.some((item) => item.status === 'uploading' || item.status === 'reading');
}

/** The files the message takes, in the order they were attached (refused ones stay behind). */
export function attachedFiles(list: readonly Attachment[]): AttachedFile[] {
  return list.flatMap((item) => (item.status === 'ready' ? [{ title: item.fileName, fileId: item.fileId }] : []));
}

/** Whole percent of the bytes sent, 0 to 100. */
export function percentSent(sentBytes: number, totalBytes: number): number {
  if (totalBytes <= 0) return 0;
  return Math.min(100, Math.max(0, Math.floor((sentBytes / totalBytes) * 100)));
}

function unexpected(event: never): never {
  throw new Error(`Unknown attachment event: ${JSON.stringify(event)}`);
}
