import type { TokenizeResponse } from '@app/contracts/http/data-source.types';
import { StreamableFile } from '@nestjs/common';
import { Readable } from 'node:stream';
import { encodeYielding, tokenText, TOKENIZER_ENCODING } from '../tokenizing/bounded-tokenizer';
import { TimeSlice } from '../tokenizing/time-slice';

/** The tokenizer documents are counted and split with. */
export const DOCUMENT_TOKENIZER = TOKENIZER_ENCODING;

/**
 * `{"tokens": [[token, text], …]}` for a text of any size, each token with the text it stands for,
 * streamed as it is made. 2 MiB of text make up to two million tokens (20 MB of JSON): made,
 * serialized or encoded to bytes in one piece, they would hold the event loop for long.
 */
export function tokenizeResponse(text: string): StreamableFile {
  return new StreamableFile(Readable.from(tokenizeJson(text)), { type: 'application/json; charset=utf-8' });
}

async function* tokenizeJson(text: string): AsyncGenerator<Buffer> {
  // The body was read, parsed and validated in this same turn of the event loop: others get one first.
  const slice = new TimeSlice();
  await slice.pause();
  yield Buffer.from('{"tokens":[');
  let separator = '';
  for await (const tokens of encodeYielding(text, slice)) {
    if (tokens.length === 0) continue;
    yield Buffer.from(separator + JSON.stringify(tokens.map((token): TokenizeResponse['tokens'][number] => [token, tokenText(token)])).slice(1, -1));
    separator = ',';
  }
  yield Buffer.from(']}');
}
