/**
 * Whether a read-store error says "try again later" rather than "this write can never succeed":
 * SQLite busy or locked (another process holds the write lock), MongoDB network errors and errors
 * labelled transient or retryable. The projector never records an event as failed for these, however
 * well the store answers a ping meanwhile. Duck-typed: node:sqlite errors come from Node's realm,
 * and the adapters need not be loaded to ask.
 */
export function isTransientStoreError(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { errcode, errorLabels, name } = error as { errcode?: unknown; errorLabels?: unknown; name?: unknown };
  // SQLITE_BUSY (5) and SQLITE_LOCKED (6), with any extended code in the high bits.
  if (typeof errcode === 'number' && [5, 6].includes(errcode & 0xff)) return true;
  if (typeof name === 'string' && /^Mongo(Network|NetworkTimeout|ServerSelection|WriteConcern)Error$/.test(name)) return true;
  const labels = errorLabels instanceof Set ? [...errorLabels] : Array.isArray(errorLabels) ? errorLabels : [];
  return labels.some((label) => label === 'TransientTransactionError' || label === 'RetryableWriteError' || label === 'UnknownTransactionCommitResult');
}
