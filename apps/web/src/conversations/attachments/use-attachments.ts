import { useCallback, useEffect, useReducer, useRef } from 'react';
import { useApi } from '../../api';
import { errorMessage } from '../../ui/error-message';
import { attachmentsAfter, type Attachment } from './attachment-list';
import { contentTypeOf } from './content-type';

/** The composer's attachments and what a person does with them. */
export interface Attachments {
  readonly list: readonly Attachment[];
  /** Uploads each file at once, its progress in the list. */
  add(files: readonly File[]): void;
  /** Stops the file's upload, or deletes the uploaded file: it will not be sent. */
  remove(key: string): void;
  /** The message went with them: the list empties, the files stay (the message's fragments point at them). */
  sent(): void;
}

/**
 * Attachments uploaded through the files routes as soon as they are added: the upload is asked
 * for (the api refuses a type it does not take, or a file too big, before any byte goes), the
 * bytes posted with their progress, and the api's reading of the file awaited (`ready`, or
 * `failed` with its reason). In a conversation, the files are uploaded as its own. Leaving the page
 * stops the uploads still going.
 */
export function useAttachments(wId: string, conversationId?: string): Attachments {
  const { files } = useApi();
  const [list, dispatch] = useReducer(attachmentsAfter, []);
  const uploads = useRef(new Map<string, AbortController>());
  const uploaded = useRef(new Map<string, string>());
  const nextKey = useRef(0);

  useEffect(() => {
    const running = uploads.current;
    return () => running.forEach((controller) => controller.abort());
  }, []);

  const upload = useCallback(
    async (key: string, file: File) => {
      const controller = new AbortController();
      uploads.current.set(key, controller);
      const declared = { contentType: contentTypeOf(file), fileName: file.name, fileSize: file.size };
      try {
        const { file: requested } = await files.requestUpload(wId, declared, conversationId);
        if (controller.signal.aborted) return;
        const { file: read } = await files.upload(
          wId,
          requested.sId,
          { ...declared, bytes: file },
          { signal: controller.signal, onProgress: (sentBytes, totalBytes) => dispatch({ type: 'progressed', key, sentBytes, totalBytes }) },
        );
        if (read.status === 'ready') {
          uploaded.current.set(key, read.sId);
          dispatch({ type: 'ready', key, fileId: read.sId });
        } else {
          dispatch({ type: 'refused', key, reason: read.failureReason ?? 'The file could not be read.' });
        }
      } catch (failure) {
        if (!controller.signal.aborted) dispatch({ type: 'refused', key, reason: errorMessage(failure) });
      } finally {
        uploads.current.delete(key);
      }
    },
    [files, wId, conversationId],
  );

  const add = useCallback(
    (added: readonly File[]) => {
      for (const file of added) {
        nextKey.current += 1;
        const key = `attachment-${nextKey.current}`;
        dispatch({ type: 'added', key, fileName: file.name, totalBytes: file.size });
        void upload(key, file);
      }
    },
    [upload],
  );

  const remove = useCallback(
    (key: string) => {
      uploads.current.get(key)?.abort();
      const fileId = uploaded.current.get(key);
      uploaded.current.delete(key);
      // Nothing refers to it yet; if the delete fails, the file is only left unused.
      if (fileId !== undefined) files.delete(wId, fileId).catch(() => undefined);
      dispatch({ type: 'removed', key });
    },
    [files, wId],
  );

  const sent = useCallback(() => {
    uploaded.current.clear();
    dispatch({ type: 'sent' });
  }, []);

  return { list, add, remove, sent };
}
