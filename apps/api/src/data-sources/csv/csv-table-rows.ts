import type { TableRow } from '@app/contracts/tables/table-values';
import { RESERVED_KEYS } from '@app/contracts/http/validation/reserved-keys';
import { parse, type CsvError, type Parser } from 'csv-parse';
import type { Readable } from 'node:stream';
import { columnNames, csvCell, sniffDelimiter } from './csv-cells';

/** A CSV that cannot be read as a table; the message names the line. */
export class MalformedCsvError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'MalformedCsvError';
  }
}

/** How much of the start is read to find the delimiter. */
const SNIFF_BYTES = 64 * 1024;

/** The first bytes of a stream (for sniffing) and a stream of all of it, nothing buffered beyond. */
async function peek(source: Readable): Promise<{ head: string; whole: AsyncIterable<Buffer> }> {
  const iterator = source[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
  const chunks: Buffer[] = [];
  let size = 0;
  let done = false;
  while (size < SNIFF_BYTES) {
    const next = await iterator.next();
    if (next.done) {
      done = true;
      break;
    }
    const chunk = Buffer.isBuffer(next.value) ? next.value : Buffer.from(next.value);
    chunks.push(chunk);
    size += chunk.length;
  }
  const head = Buffer.concat(chunks).toString('utf8').replace(/^\uFEFF/, '');
  async function* whole(): AsyncIterable<Buffer> {
    yield* chunks;
    if (done) return;
    for (let next = await iterator.next(); !next.done; next = await iterator.next()) yield next.value;
  }
  return { head, whole: whole() };
}

/**
 * Rows of a CSV (or TSV) in batches of `batchSize`, read as a stream: the delimiter is found from
 * the first line, the first record is the header, a BOM is dropped, quoted fields may hold
 * delimiters and newlines. Cells are typed (numbers, booleans, ISO dates, text); row ids are the
 * data rows' positions from 0. A record with the wrong number of fields or broken quoting throws
 * {@link MalformedCsvError} naming its line. Memory stays at one batch, whatever the file's size.
 */
export async function* csvTableRows(source: Readable, batchSize: number): AsyncGenerator<TableRow[]> {
  const { head, whole } = await peek(source);
  const delimiter = sniffDelimiter(head.split(/\r?\n/, 1)[0] ?? '');
  const parser = parse({ delimiter, bom: true, relax_column_count: false, skip_empty_lines: true, max_record_size: 1024 * 1024 });
  const feeding = (async () => {
    try {
      for await (const chunk of whole) {
        if (!parser.write(chunk)) await drainedOrClosed(parser);
        // The reader stopped early (its own failure, or a malformed record): stop reading the file.
        if (parser.destroyed) return void source.destroy();
      }
      parser.end();
    } catch (error) {
      parser.destroy(error as Error);
    }
  })();
  let names: string[] | null = null;
  let batch: TableRow[] = [];
  let index = 0;
  try {
    for await (const record of parser as AsyncIterable<string[]>) {
      if (names === null) {
        names = columnNames(record);
        // The same refusal as a row sent as JSON with that column: such a key is never stored.
        const reserved = names.find((name) => RESERVED_KEYS.has(name));
        if (reserved) throw new MalformedCsvError(`line 1: column "${reserved}" is reserved (names of JavaScript's object prototype, such as constructor, cannot be column names); rename it`);
        continue;
      }
      const value = Object.fromEntries(names.map((name, i) => [name, csvCell(record[i] ?? '')]));
      batch.push({ row_id: String(index), value });
      index += 1;
      if (batch.length >= batchSize) {
        yield batch;
        batch = [];
      }
    }
  } catch (error) {
    throw malformed(error);
  } finally {
    await feeding;
  }
  if (names === null) throw new MalformedCsvError('The CSV file is empty: it has no header line.');
  if (batch.length > 0) yield batch;
}

/** Resolves when the parser takes writes again, or is destroyed and never will (no drain comes then). */
function drainedOrClosed(parser: Parser): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      parser.off('drain', done);
      parser.off('close', done);
      resolve();
    };
    parser.on('drain', done);
    parser.on('close', done);
  });
}

function malformed(error: unknown): Error {
  const csv = error as Partial<CsvError> & { lines?: number };
  if (typeof csv.code !== 'string' || !csv.code.startsWith('CSV_')) return error as Error;
  const line = csv.lines !== undefined ? ` at line ${csv.lines}` : '';
  const reason = csv.code === 'CSV_RECORD_INCONSISTENT_FIELDS_LENGTH' ? 'the record has a different number of fields than the header' : csv.message;
  return new MalformedCsvError(`Malformed CSV${line}: ${reason}.`);
}
