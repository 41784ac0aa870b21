import { streamNameOf } from '@app/contracts/events/stream-name';

/** Stream of one file's history. */
export function toFileStreamName(fileId: string): string {
  return streamNameOf('file', fileId);
}
