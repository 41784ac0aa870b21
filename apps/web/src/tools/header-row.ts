/** One header to send a remote server: its name, and a value the api keeps secret. */
export interface HeaderRow {
  readonly key: number;
  readonly name: string;
  readonly value: string;
}

/** The headers as the api takes them, names trimmed, rows without a name left out. */
export function headersOf(rows: readonly HeaderRow[]): Record<string, string> {
  return Object.fromEntries(rows.filter((row) => row.name.trim() !== '').map((row) => [row.name.trim(), row.value]));
}
