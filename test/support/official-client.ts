import { DustAPI } from '@dust-tt/client';

const silent = { info: () => undefined, error: () => undefined, warn: () => undefined, debug: () => undefined } as unknown as Console;

/** The official client on a test server, logging nothing. */
export function officialClient(baseUrl: string, workspaceId: string, apiKey: string): DustAPI {
  return new DustAPI({ url: baseUrl }, { workspaceId, apiKey }, silent);
}

/** The value of a client result, or a thrown error naming what the client reported. */
export function unwrapResult<T>(result: { isOk(): boolean; value?: T; error?: unknown }): T {
  if (!result.isOk()) throw new Error(`client error: ${result.error instanceof Error ? result.error.message : JSON.stringify(result.error)}`);
  return result.value as T;
}

/** The error type of a failed client call (the client answers errors as values). */
export function errorTypeOf(result: { isOk(): boolean; error?: unknown }): string {
  if (result.isOk()) throw new Error('expected the call to fail');
  const { error } = result;
  return typeof error === 'object' && error !== null && 'type' in error ? String(error.type) : JSON.stringify(error);
}
