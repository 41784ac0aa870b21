import type { FileEvent } from '@app/contracts/events/file.events';
import { deciderSpec } from '../../test/decider-spec.helper';
import type { RequestFileUpload } from './file.commands';
import { fileDecider } from './file.decider';

const spec = deciderSpec(fileDecider);
const HASH = 'a'.repeat(64);
const TEXT = 'b'.repeat(64);

const request: RequestFileUpload = {
  type: 'RequestFileUpload',
  workspaceId: 'wrkspc0001',
  fileId: 'fil_000000000001',
  contentType: 'text/plain',
  fileName: 'notes.txt',
  fileSize: 12,
  useCase: 'conversation',
  useCaseMetadata: { conversationId: 'cnv0000001' },
  keyId: 'key_1',
  now: 1000,
};
const ids = { workspaceId: 'wrkspc0001', fileId: 'fil_000000000001' };
const requested: FileEvent = {
  type: 'FileUploadRequested',
  data: { ...ids, contentType: 'text/plain', fileName: 'notes.txt', fileSize: 12, useCase: 'conversation', useCaseMetadata: { conversationId: 'cnv0000001' }, keyId: 'key_1', at: 1000 },
};
const stored: FileEvent = { type: 'FileContentStored', data: { ...ids, originalHash: HASH, byteSize: 12, at: 2000 } };
const processed: FileEvent = { type: 'FileProcessed', data: { ...ids, processedHash: TEXT, processedBytes: 12, snippet: 'hello', at: 3000 } };
const failed: FileEvent = { type: 'FileProcessingFailed', data: { ...ids, reason: 'bad', at: 3000 } };
const deleted: FileEvent = { type: 'FileDeleted', data: { ...ids, at: 4000 } };

describe('file decider', () => {
  it('records an upload request once', () => {
    spec.given([]).when(request).then([requested]);
    spec.given([requested]).when(request).thenNothing();
  });

  it('stores the content of a created file, once', () => {
    spec.given([requested]).when({ type: 'StoreFileContent', originalHash: HASH, byteSize: 12, now: 2000 }).then([stored]);
    spec.given([requested, stored]).when({ type: 'StoreFileContent', originalHash: HASH, byteSize: 12, now: 2000 }).thenThrows('invalid_request_error');
  });

  it('completes processing of a stored file; a repeat after a restart decides nothing', () => {
    const complete = { type: 'CompleteFileProcessing' as const, processedHash: TEXT, processedBytes: 12, snippet: 'hello', now: 3000 };
    spec.given([requested, stored]).when(complete).then([processed]);
    spec.given([requested, stored, processed]).when(complete).thenNothing();
    spec.given([requested]).when(complete).thenNothing();
  });

  it('fails a file that is created or processing, never a ready one', () => {
    const fail = { type: 'FailFileProcessing' as const, reason: 'bad', now: 3000 };
    spec.given([requested, stored]).when(fail).then([failed]);
    spec.given([requested]).when(fail).then([failed]);
    spec.given([requested, stored, processed]).when(fail).thenNothing();
    spec.given([requested, failed]).when(fail).thenNothing();
  });

  it('deletes a file in any state once; a missing or deleted file is file_not_found', () => {
    spec.given([requested, stored, processed]).when({ type: 'DeleteFile', now: 4000 }).then([deleted]);
    spec.given([requested, failed]).when({ type: 'DeleteFile', now: 4000 }).then([deleted]);
    spec.given([requested, deleted]).when({ type: 'DeleteFile', now: 5000 }).thenThrows('file_not_found');
    spec.given([]).when({ type: 'DeleteFile', now: 5000 }).thenThrows('file_not_found');
    spec.given([requested, deleted]).when({ type: 'StoreFileContent', originalHash: HASH, byteSize: 1, now: 5000 }).thenThrows('file_not_found');
  });
});
