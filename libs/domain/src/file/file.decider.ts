import { assertNever } from '@app/contracts/assert-never';
import type { FileEvent } from '@app/contracts/events/file.events';
import type { Aggregate, Decider } from '../shared/decider';
import { DomainError } from '../shared/domain-error';
import type { FileCommand } from './file.commands';
import type { FileState } from './file.state';
import { toFileStreamName } from './file.stream';

const notFound = (): DomainError => new DomainError('file_not_found', 'File not found.');

/**
 * A file's life: requested, its bytes stored, then processed (ready) or failed; deleted at any
 * point. Repeating a step that already happened decides nothing, so a re-run of processing after
 * a restart is harmless.
 */
function decide(command: FileCommand, state: FileState): FileEvent[] {
  if (command.type === 'RequestFileUpload') {
    if (state.status !== 'absent') return [];
    const { type: _type, now, ...data } = command;
    return [{ type: 'FileUploadRequested', data: { ...data, at: now } }];
  }
  if (state.status === 'absent' || state.status === 'deleted') throw notFound();
  const { workspaceId, fileId } = state;
  switch (command.type) {
    case 'StoreFileContent':
      if (state.status !== 'created') {
        throw new DomainError('invalid_request_error', 'The content of this file was already uploaded.');
      }
      return [
        {
          type: 'FileContentStored',
          data: { workspaceId, fileId, originalHash: command.originalHash, byteSize: command.byteSize, at: command.now },
        },
      ];
    case 'CompleteFileProcessing':
      if (state.status !== 'processing') return [];
      return [
        {
          type: 'FileProcessed',
          data: {
            workspaceId,
            fileId,
            processedHash: command.processedHash,
            processedBytes: command.processedBytes,
            snippet: command.snippet,
            at: command.now,
          },
        },
      ];
    case 'FailFileProcessing':
      if (state.status !== 'created' && state.status !== 'processing') return [];
      return [{ type: 'FileProcessingFailed', data: { workspaceId, fileId, reason: command.reason, at: command.now } }];
    case 'DeleteFile':
      return [{ type: 'FileDeleted', data: { workspaceId, fileId, at: command.now } }];
    default:
      return assertNever(command);
  }
}

function evolve(state: FileState, event: FileEvent): FileState {
  switch (event.type) {
    case 'FileUploadRequested':
      return {
        status: 'created',
        workspaceId: event.data.workspaceId,
        fileId: event.data.fileId,
        fileSize: event.data.fileSize, originalHash: null, processedHash: null };
    case 'FileContentStored':
      return state.status === 'absent' ? state : { ...state, status: 'processing', originalHash: event.data.originalHash };
    case 'FileProcessed':
      return state.status === 'absent' ? state : { ...state, status: 'ready', processedHash: event.data.processedHash };
    case 'FileProcessingFailed':
      return state.status === 'absent' ? state : { ...state, status: 'failed' };
    case 'FileDeleted':
      return state.status === 'absent' ? state : { ...state, status: 'deleted' };
    default:
      return assertNever(event);
  }
}

export const fileDecider: Decider<FileCommand, FileEvent, FileState> = {
  decide,
  evolve,
  initialState: () => ({ status: 'absent' }),
};

export const fileAggregate: Aggregate<FileCommand, FileEvent, FileState> = { decider: fileDecider, streamName: toFileStreamName };
