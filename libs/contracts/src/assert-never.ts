/**
 * Ends an exhaustive switch: the compiler fails when a case is missing, and a value that slips past
 * the types at run time (an event type from a newer release) throws instead of passing silently.
 */
export function assertNever(value: never): never {
  throw new Error(`Unexpected value: ${JSON.stringify(value)}`);
}
