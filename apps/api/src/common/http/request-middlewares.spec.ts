import type { ArgumentsHost, ExceptionFilter, NestMiddleware } from '@nestjs/common';
import type { NestExpressApplication } from '@nestjs/platform-express';
import type { Request, Response } from 'express';
import { mountRequestMiddlewares } from './request-middlewares';

type Handler = (request: Request, response: Response, next: (error?: unknown) => void) => void;

/** Mounts `middlewares` on a stand-in app and returns the one Express handler mounted. */
function mounted(middlewares: NestMiddleware[], filter: ExceptionFilter): Handler {
  const handlers: Handler[] = [];
  mountRequestMiddlewares({ use: (handler: Handler) => handlers.push(handler) } as unknown as NestExpressApplication, middlewares, filter);
  expect(handlers).toHaveLength(1);
  return handlers[0]!;
}

const request = {} as Request;
const response = {} as Response;

describe('mountRequestMiddlewares', () => {
  it('runs the middlewares in order, then hands over to the routes', () => {
    const seen: string[] = [];
    const middleware = (name: string): NestMiddleware => ({ use: (_q, _s, next: () => void) => (seen.push(name), next()) });
    const next = jest.fn();
    mounted([middleware('log'), middleware('metrics'), middleware('body')], { catch: jest.fn() })(request, response, next);
    expect(seen).toEqual(['log', 'metrics', 'body']);
    expect(next).toHaveBeenCalledWith();
  });

  it.each([
    ['passed to next', (error: Error): NestMiddleware => ({ use: (_q, _s, next: (error: unknown) => void) => next(error) })],
    ['thrown', (error: Error): NestMiddleware => ({ use: () => { throw error; } })],
    ['rejected', (error: Error): NestMiddleware => ({ use: async () => { throw error; } })],
  ])('answers an error %s through the filter, and runs nothing after it', async (_how, failing) => {
    const error = new Error('malformed body');
    const caught: { error: unknown; host: ArgumentsHost }[] = [];
    const after = { use: jest.fn() };
    const next = jest.fn();
    mounted([failing(error), after], { catch: (error, host) => caught.push({ error, host }) })(request, response, next);
    await new Promise((resolve) => setImmediate(resolve));
    expect(caught).toHaveLength(1);
    expect(caught[0]!.error).toBe(error);
    expect(caught[0]!.host.switchToHttp().getResponse()).toBe(response);
    expect(after.use).not.toHaveBeenCalled();
    expect(next).not.toHaveBeenCalled();
  });
});
