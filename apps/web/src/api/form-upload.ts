/** What an upload reports and how it is stopped. */
export interface UploadOptions {
  readonly signal?: AbortSignal;
  /** Called as the body goes out: bytes sent so far of the whole body (multipart framing included). */
  readonly onProgress?: (sentBytes: number, totalBytes: number) => void;
}

/** The answer of an upload: its status and body, read as the client reads any answer. */
export interface UploadAnswer {
  readonly status: number;
  readonly text: string;
}

/** An upload that got no answer: the network failed (not an abort, which rejects with an AbortError). */
export class UploadNetworkError extends Error {
  constructor() {
    super('The upload got no answer.');
    this.name = 'UploadNetworkError';
  }
}

/**
 * Posts a multipart form through XMLHttpRequest, the one browser request whose upload reports
 * progress (fetch's does not). Same-origin with the cookie; `headers` carry what the client adds
 * (the CSRF token). Resolves with any answer, rejects only when there is none or on abort.
 */
export function sendForm(xhr: XMLHttpRequest, path: string, form: FormData, headers: Readonly<Record<string, string>>, options: UploadOptions = {}): Promise<UploadAnswer> {
  return new Promise((resolve, reject) => {
    const { signal, onProgress } = options;
    if (signal?.aborted) {
      reject(abortError());
      return;
    }
    const onAbort = () => xhr.abort();
    signal?.addEventListener('abort', onAbort, { once: true });
    const settle = () => signal?.removeEventListener('abort', onAbort);
    xhr.open('POST', path);
    xhr.withCredentials = true;
    for (const [name, value] of Object.entries(headers)) xhr.setRequestHeader(name, value);
    if (onProgress) xhr.upload.onprogress = (event) => event.lengthComputable && onProgress(event.loaded, event.total);
    xhr.onload = () => {
      settle();
      resolve({ status: xhr.status, text: xhr.responseText });
    };
    xhr.onerror = () => {
      settle();
      reject(new UploadNetworkError());
    };
    xhr.onabort = () => {
      settle();
      reject(abortError());
    };
    xhr.send(form);
  });
}

function abortError(): DOMException {
  return new DOMException('The upload was stopped.', 'AbortError');
}
