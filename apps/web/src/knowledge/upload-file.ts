import type { FileEnvelope } from '@app/contracts/http/file.types';
import type { Api, FileToUpload } from '../api';
import { contentTypeOf } from '../conversations/attachments/content-type';
import { errorMessage } from '../ui/error-message';

/** Where one file of the page stands: its bytes going out, the api reading it, done, or refused with the api's reason. */
export type UploadState =
  | { readonly key: string; readonly fileName: string; readonly phase: 'uploading'; readonly percent: number }
  | { readonly key: string; readonly fileName: string; readonly phase: 'processing' }
  | { readonly key: string; readonly fileName: string; readonly phase: 'done' }
  | { readonly key: string; readonly fileName: string; readonly phase: 'failed'; readonly reason: string };

/**
 * Uploads a file to the private family's files routes: asks for the upload through `request` (which
 * names the use case; refused before any byte goes when too big or of a type the api cannot read),
 * then posts the bytes, reporting the percentage sent. Answers the file's id once the api has read it;
 * throws with the api's reason when it could not.
 */
export async function uploadFile(api: Api, wId: string, file: File, request: (toUpload: FileToUpload) => Promise<FileEnvelope>, onPercent: (percent: number) => void): Promise<string> {
  const toUpload: FileToUpload = { contentType: contentTypeOf(file), fileName: file.name, fileSize: file.size };
  const requested = await request(toUpload);
  const uploaded = await api.files.upload(wId, requested.file.sId, { ...toUpload, bytes: file }, { onProgress: (sent, total) => onPercent(total > 0 ? Math.min(100, Math.round((sent / total) * 100)) : 100) });
  if (uploaded.file.status !== 'ready') throw new FileNotRead(uploaded.file.failureReason ?? 'The file could not be read.');
  return uploaded.file.sId;
}

/** The api took the bytes but could not read them (its reason as the message). */
class FileNotRead extends Error {}

/** What to show for an upload that failed: the api's reason, whether it refused the request or could not read the file. */
export function uploadFailureReason(failure: unknown): string {
  return failure instanceof FileNotRead ? failure.message : errorMessage(failure);
}
