import { describe, expect, it } from '@jest/globals';
import { attachedFiles, attachmentsAfter, isUploading, percentSent, type Attachment, type AttachmentEvent } from './attachment-list';
import { contentTypeOf } from './content-type';

function after(events: readonly AttachmentEvent[]): readonly Attachment[] {
  return events.reduce<readonly Attachment[]>(attachmentsAfter, []);
}

describe("the composer's attachments", () => {
  it('go from uploading, with the bytes sent, to reading once every byte is out, to ready', () => {
    const added: AttachmentEvent = { type: 'added', key: 'a', fileName: 'notes.pdf', totalBytes: 1000 };
    expect(after([added])).toEqual([{ key: 'a', fileName: 'notes.pdf', status: 'uploading', sentBytes: 0, totalBytes: 1000 }]);
    expect(after([added, { type: 'progressed', key: 'a', sentBytes: 400, totalBytes: 1200 }])).toEqual([
      { key: 'a', fileName: 'notes.pdf', status: 'uploading', sentBytes: 400, totalBytes: 1200 },
    ]);
    const read = after([added, { type: 'progressed', key: 'a', sentBytes: 1200, totalBytes: 1200 }]);
    expect(read).toEqual([{ key: 'a', fileName: 'notes.pdf', status: 'reading' }]);
    expect(isUploading(read)).toBe(true);
    const ready = attachmentsAfter(read, { type: 'ready', key: 'a', fileId: 'fil_1' });
    expect(ready).toEqual([{ key: 'a', fileName: 'notes.pdf', status: 'ready', fileId: 'fil_1' }]);
    expect(isUploading(ready)).toBe(false);
  });

  it('keep a refusal with its reason, and send only the ready files, in the order they were attached', () => {
    const list = after([
      { type: 'added', key: 'a', fileName: 'a.pdf', totalBytes: 10 },
      { type: 'added', key: 'b', fileName: 'b.zip', totalBytes: 10 },
      { type: 'added', key: 'c', fileName: 'c.md', totalBytes: 10 },
      { type: 'ready', key: 'c', fileId: 'fil_c' },
      { type: 'refused', key: 'b', reason: 'Content type "application/zip" is not supported.' },
      { type: 'ready', key: 'a', fileId: 'fil_a' },
    ]);
    expect(list[1]).toEqual({ key: 'b', fileName: 'b.zip', status: 'refused', reason: 'Content type "application/zip" is not supported.' });
    expect(attachedFiles(list)).toEqual([
      { title: 'a.pdf', fileId: 'fil_a' },
      { title: 'c.md', fileId: 'fil_c' },
    ]);
    expect(isUploading(list)).toBe(false);
  });

  it('forget a removed file, even when its upload reports after it was removed, and start empty once sent', () => {
    const list = after([
      { type: 'added', key: 'a', fileName: 'a.pdf', totalBytes: 10 },
      { type: 'added', key: 'b', fileName: 'b.pdf', totalBytes: 10 },
      { type: 'removed', key: 'a' },
      { type: 'progressed', key: 'a', sentBytes: 10, totalBytes: 10 },
      { type: 'ready', key: 'a', fileId: 'fil_a' },
    ]);
    expect(list.map((item) => item.key)).toEqual(['b']);
    expect(attachmentsAfter(list, { type: 'sent' })).toEqual([]);
  });

  it('count the percent sent in whole numbers within 0 and 100', () => {
    expect([percentSent(0, 0), percentSent(1, 3), percentSent(999, 1000), percentSent(5, 4)]).toEqual([0, 33, 99, 100]);
  });

  it('declare the type the browser gives, or the one a text file is named for when it gives none', () => {
    expect(contentTypeOf({ name: 'report.pdf', type: 'application/pdf' })).toBe('application/pdf');
    expect(contentTypeOf({ name: 'README.MD', type: '' })).toBe('text/markdown');
    expect(contentTypeOf({ name: 'data.csv', type: 'application/octet-stream' })).toBe('text/csv');
    expect(contentTypeOf({ name: 'blob', type: '' })).toBe('application/octet-stream');
    expect(contentTypeOf({ name: 'archive.zip', type: 'application/zip' })).toBe('application/zip');
  });
});
