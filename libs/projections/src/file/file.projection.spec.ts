import type { FileEvent } from '@app/contracts/events/file.events';
import { CURRENT_SCHEMA_VERSION } from '@app/contracts/events/upcast';
import type { RecordedEvent } from '@app/storage';
import { project } from '../../test/conversation-recorded.fixtures';
import { fileProjection as projection } from './file.projection';

function recorded(event: FileEvent, position: number): RecordedEvent {
  return {
    id: `00000000-0000-4000-8000-${String(position).padStart(12, '0')}`,
    streamName: 'file-fil_000000000001',
    revision: position - 1,
    position,
    type: event.type,
    data: event.data,
    metadata: { schemaVersion: CURRENT_SCHEMA_VERSION },
    recordedAt: 1_700_000_000_000,
  };
}

const ids = { workspaceId: 'W0rkspace1', fileId: 'fil_000000000001' };
const requested = recorded(
  {
    type: 'FileUploadRequested',
    data: { ...ids, contentType: 'text/plain', fileName: 'a.txt', fileSize: 10, useCase: 'conversation', useCaseMetadata: { conversationId: 'cnv0000001' }, keyId: 'k', at: 1 },
  },
  1,
);
const stored = recorded({ type: 'FileContentStored', data: { ...ids, originalHash: 'a'.repeat(64), byteSize: 9, at: 2 } }, 2);
const processed = recorded({ type: 'FileProcessed', data: { ...ids, processedHash: 'b'.repeat(64), processedBytes: 9, snippet: 'hello', at: 3 } }, 3);

describe('file projection', () => {
  it('follows a file from its request to ready, keeping the hashes of its blobs', () => {
    expect(project(projection, [requested]).get(ids.fileId)).toMatchObject({ status: 'created', conversationId: 'cnv0000001', originalHash: null });
    expect(project(projection, [requested, stored, processed]).get(ids.fileId)).toEqual({
      sId: ids.fileId,
      workspaceId: 'W0rkspace1',
      contentType: 'text/plain',
      fileName: 'a.txt',
      fileSize: 9,
      useCase: 'conversation',
      useCaseMetadata: { conversationId: 'cnv0000001' },
      conversationId: 'cnv0000001',
      spaceId: null,
      status: 'ready',
      failureReason: null,
      originalHash: 'a'.repeat(64),
      processedHash: 'b'.repeat(64),
      processedBytes: 9,
      snippet: 'hello',
      createdAt: 1,
      updatedAt: 3,
    });
  });

  it("keeps the project of a project_context file, and no other use case's space", () => {
    const inProject = (useCase: string) =>
      recorded({ type: 'FileUploadRequested', data: { ...requested.data, useCase, useCaseMetadata: { spaceId: 'vlt_project1' } } as never }, 1);
    expect(project(projection, [inProject('project_context')]).get(ids.fileId)).toMatchObject({ spaceId: 'vlt_project1', conversationId: null });
    expect(project(projection, [inProject('upsert_document')]).get(ids.fileId)).toMatchObject({ spaceId: null });
  });

  it('records the reason of a failure and forgets a deleted file', () => {
    const failed = recorded({ type: 'FileProcessingFailed', data: { ...ids, reason: 'not UTF-8', at: 3 } }, 3);
    expect(project(projection, [requested, stored, failed]).get(ids.fileId)).toMatchObject({ status: 'failed', failureReason: 'not UTF-8' });
    const deleted = recorded({ type: 'FileDeleted', data: { ...ids, at: 4 } }, 4);
    expect(project(projection, [requested, stored, failed, deleted]).size).toBe(0);
  });

  it('applying the same event twice changes nothing', () => {
    const once = project(projection, [requested, stored, processed]);
    expect(project(projection, [processed], once)).toEqual(once);
  });
});
