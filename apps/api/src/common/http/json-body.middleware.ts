import { Inject, Injectable, PayloadTooLargeException, type NestMiddleware } from '@nestjs/common';
import express, { type NextFunction, type Request, type RequestHandler, type Response } from 'express';
import { API_CONFIG, type ApiConfig } from '../../config/api-config';
import { tooDeepMessage } from '@app/contracts/http/validation/json-bounds';
import { ApiError } from './api-error';
import { MAX_SECTION_COUNT } from '@app/contracts/documents/section-shape';
import { JSON_BODY_BOUNDS, jsonTextExcess, MAX_JSON_MEMBERS, MAX_JSON_NESTING_DEPTH, tooManyMembersMessage, tooManyObjectKeysMessage, type JsonTextBounds } from '@app/contracts/http/validation/json-text-bounds';
import { invalidRequest } from './validation-exception.factory';

/** A body nested too deep or holding too many keys and items, found before it was parsed. */
class JsonShapeError extends Error {
  constructor(readonly refusal: string) {
    super(refusal);
    this.name = 'JsonShapeError';
  }
}

/** A charset the depth check cannot read (the JSON parser reads only UTF-8, -16 and -32 anyway). */
class UnreadableCharsetError extends Error {
  constructor(charset: string) {
    super(`unsupported charset "${charset}"`);
    this.name = 'UnreadableCharsetError';
  }
}

/**
 * Parses JSON bodies inside Nest's middleware chain, so a malformed body (400) or an oversized
 * one (413) reaches the exception filter like every other error. The raw text, once decompressed,
 * is scanned once before the parser sees it, for its nesting depth, its keys and items in all and
 * the keys of each object (JSON_BODY_BOUNDS, with allowances for the routes that carry bulk data):
 * no later step has to walk a body nested thousands of levels deep or holding a million keys.
 */
@Injectable()
export class JsonBodyMiddleware implements NestMiddleware {
  private readonly parser: RequestHandler;
  /** Client-side MCP servers post tool outputs, which may be larger than any other body. */
  private readonly mcpResultsParser: RequestHandler;
  /** Table rows come by the thousand (up to MAX_ROWS_PER_UPSERT), in small objects: only the body limit bounds their number. */
  private readonly rowsParser: RequestHandler;
  /** A document's section tree holds up to MAX_SECTION_COUNT sections of a few members each. */
  private readonly documentParser: RequestHandler;

  constructor(@Inject(API_CONFIG) config: ApiConfig) {
    this.parser = jsonParser(config.bodyLimitBytes, JSON_BODY_BOUNDS);
    this.mcpResultsParser = jsonParser(Math.max(config.bodyLimitBytes, config.mcp.resultsBodyLimitBytes), JSON_BODY_BOUNDS);
    this.rowsParser = jsonParser(config.bodyLimitBytes, { ...JSON_BODY_BOUNDS, maxMembers: Number.POSITIVE_INFINITY });
    this.documentParser = jsonParser(config.bodyLimitBytes, { ...JSON_BODY_BOUNDS, maxMembers: MAX_SECTION_COUNT * MEMBERS_PER_SECTION + MAX_JSON_MEMBERS });
  }

  async use(request: Request, response: Response, next: NextFunction): Promise<void> {
    // No body to read (a GET, a DELETE): the parser would let it pass too, after a promise and a path test.
    if (!hasBody(request)) return next();
    const path = request.originalUrl.split('?')[0];
    // A trigger's hook reads its body itself: the signature covers the bytes as sent.
    if (TRIGGER_HOOK_PATH.test(path)) return next();
    const parser = MCP_RESULTS_PATH.test(path)
      ? this.mcpResultsParser
      : TABLE_ROWS_PATH.test(path)
        ? this.rowsParser
        : DOCUMENT_PATH.test(path)
          ? this.documentParser
          : this.parser;
    await new Promise<void>((resolve, reject) => {
      parser(request, response, (error?: unknown) => (error ? reject(translate(error)) : resolve()));
    });
    next();
  }
}

/** Whether the request announces a body, as the parser itself judges it (body-parser's `hasBody`). */
function hasBody(request: Request): boolean {
  return request.headers['transfer-encoding'] !== undefined || !Number.isNaN(Number(request.headers['content-length']));
}

/** `POST /api/v1/w/{wId}/triggers/hooks/{tId}/{secret}`: a webhook delivery. */
const TRIGGER_HOOK_PATH = /^\/api\/v1\/w\/[^/]+\/triggers\/hooks\/[^/]+\/[^/]+\/?$/;
/** `POST /api/v1/w/{wId}/mcp/results` and its private twin. */
const MCP_RESULTS_PATH = /^\/api(?:\/v1)?\/w\/[^/]+\/mcp\/results\/?$/;
/** `POST …/data_sources/{dsId}/tables/{tId}/rows`, with or without the space, on both families. */
const TABLE_ROWS_PATH = /^\/api(?:\/v1)?\/w\/[^/]+(?:\/spaces\/[^/]+)?\/data_sources\/[^/]+\/tables\/[^/]+\/rows\/?$/;
/** `POST …/data_sources/{dsId}/documents/{documentId}` (an upsert), with or without the space, on both families. */
const DOCUMENT_PATH = /^\/api(?:\/v1)?\/w\/[^/]+(?:\/spaces\/[^/]+)?\/data_sources\/[^/]+\/documents\/[^/]+\/?$/;
/** `{"prefix":…,"content":…,"sections":[…]}` and the comma before it: five members as the scan counts them. */
const MEMBERS_PER_SECTION = 5;

function jsonParser(limit: number, bounds: JsonTextBounds): RequestHandler {
  return express.json({
    limit,
    type: ['application/json', 'application/*+json'],
    verify: (_request, _response, raw, charset) => {
      const excess = jsonTextExcess(utf8Of(raw, charset), bounds);
      if (excess === 'depth') throw new JsonShapeError(tooDeepMessage(MAX_JSON_NESTING_DEPTH));
      if (excess === 'members') throw new JsonShapeError(tooManyMembersMessage(bounds.maxMembers));
      if (excess === 'objectKeys') throw new JsonShapeError(tooManyObjectKeysMessage(bounds.maxObjectKeys));
    },
  });
}

/** The body as UTF-8 bytes: as sent when it is UTF-8 (nearly always), re-encoded otherwise. */
function utf8Of(raw: Buffer, charset: string): Uint8Array {
  if (charset === 'utf-8') return raw;
  try {
    return Buffer.from(new TextDecoder(charset).decode(raw), 'utf8');
  } catch {
    throw new UnreadableCharsetError(charset);
  }
}

function translate(error: unknown): Error {
  if (error instanceof JsonShapeError) return invalidRequest('body', [error.refusal]);
  const type = typeof error === 'object' && error !== null && 'type' in error ? error.type : undefined;
  if (type === 'entity.too.large') return new PayloadTooLargeException();
  if (type === 'entity.parse.failed') return new ApiError('invalid_request_error', 'Malformed JSON in the request body.');
  if (type === 'charset.unsupported' || type === 'encoding.unsupported' || error instanceof UnreadableCharsetError) {
    return new ApiError('invalid_request_error', 'Unsupported body encoding.');
  }
  // Any other failure the parser marks as the client's (a body that does not decode as its declared
  // Content-Encoding, a stream cut short) is the client's 400 too, not a 500.
  const status = typeof error === 'object' && error !== null && 'status' in error ? error.status : undefined;
  if (typeof status === 'number' && status >= 400 && status < 500) {
    return new ApiError('invalid_request_error', 'The request body could not be read as its Content-Type and Content-Encoding declare.');
  }
  return error instanceof Error ? error : new Error(String(error));
}
