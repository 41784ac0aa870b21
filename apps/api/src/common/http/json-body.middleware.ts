import { Inject, Injectable, PayloadTooLargeException, type NestMiddleware } from '@nestjs/common';
import express, { type NextFunction, type Request, type RequestHandler, type Response } from 'express';
import { API_CONFIG, type ApiConfig } from '../../config/api-config';
import { ApiError } from './api-error';

/**
 * Parses JSON bodies inside Nest's middleware chain, so a malformed body (400) or an oversized
 * one (413) reaches the exception filter like every other error.
 */
@Injectable()
export class JsonBodyMiddleware implements NestMiddleware {
  private readonly parser: RequestHandler;

  constructor(@Inject(API_CONFIG) config: ApiConfig) {
    this.parser = express.json({ limit: config.bodyLimitBytes, type: ['application/json', 'application/*+json'] });
  }

  async use(request: Request, response: Response, next: NextFunction): Promise<void> {
    await new Promise<void>((resolve, reject) => {
      this.parser(request, response, (error?: unknown) => (error ? reject(translate(error)) : resolve()));
    });
    next();
  }
}

function translate(error: unknown): Error {
  const type = typeof error === 'object' && error !== null && 'type' in error ? error.type : undefined;
  if (type === 'entity.too.large') return new PayloadTooLargeException();
  if (type === 'entity.parse.failed') return new ApiError('invalid_request_error', 'Malformed JSON in the request body.');
  if (type === 'charset.unsupported' || type === 'encoding.unsupported') {
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
