import { EventEmitter } from 'node:events';
import { Writable } from 'node:stream';
import pino from 'pino';
import type { NextFunction, Request, Response } from 'express';
import { RequestLogMiddleware } from './request-log.middleware';

/** A logger at `level` whose lines land in the returned array. */
function loggerAt(level: string): { logger: pino.Logger; lines: Record<string, unknown>[] } {
  const lines: Record<string, unknown>[] = [];
  const sink = new Writable({ write: (chunk: Buffer, _encoding, done) => (lines.push(JSON.parse(chunk.toString()) as Record<string, unknown>), done()) });
  return { logger: pino({ level }, sink), lines };
}

function exchange(): { request: Request; response: Response & EventEmitter; headers: Map<string, string> } {
  const headers = new Map<string, string>();
  const response = Object.assign(new EventEmitter(), { statusCode: 201, setHeader: (name: string, value: string) => headers.set(name, value) });
  const request = { headers: { 'x-request-id': 'req-1' }, method: 'POST', originalUrl: '/api/v1/w/w1/assistant/conversations?x=1' };
  return { request: request as unknown as Request, response: response as unknown as Response & EventEmitter, headers };
}

describe('RequestLogMiddleware', () => {
  it('echoes the request id and logs the outcome once the answer is sent', async () => {
    const { logger, lines } = loggerAt('info');
    const { request, response, headers } = exchange();
    const next = jest.fn() as NextFunction;
    new RequestLogMiddleware(logger).use(request, response, next);
    expect(next).toHaveBeenCalled();
    expect(headers.get('X-Request-Id')).toBe('req-1');
    response.emit('finish');
    await new Promise((resolve) => setImmediate(resolve));
    expect(lines).toEqual([expect.objectContaining({ requestId: 'req-1', method: 'POST', path: '/api/v1/w/w1/assistant/conversations', status: 201, msg: 'request completed' })]);
  });

  it('below the info level, still echoes the id but listens for nothing', () => {
    const { logger, lines } = loggerAt('warn');
    const { request, response, headers } = exchange();
    new RequestLogMiddleware(logger).use(request, response, jest.fn());
    expect(headers.get('X-Request-Id')).toBe('req-1');
    expect(response.listenerCount('finish')).toBe(0);
    expect(lines).toEqual([]);
  });
});
