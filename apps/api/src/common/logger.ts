import type { LoggerService } from '@nestjs/common';
import pino, { type Logger } from 'pino';

/** Structured JSON logs. Secrets are redacted wherever they might appear. */
export function createLogger(level: string): Logger {
  return pino({
    level,
    base: { service: 'workspace-api' },
    redact: {
      paths: ['req.headers.authorization', 'headers.authorization', 'authorization', 'apiKey', '*.apiKey', 'secret'],
      censor: '[redacted]',
    },
  });
}

/** Routes Nest's own log lines into the same structured logger. */
export class PinoNestLogger implements LoggerService {
  constructor(private readonly logger: Logger) {}

  log(message: unknown, context?: string): void {
    this.logger.info({ context }, String(message));
  }
  error(message: unknown, trace?: string, context?: string): void {
    this.logger.error({ context, trace }, String(message));
  }
  warn(message: unknown, context?: string): void {
    this.logger.warn({ context }, String(message));
  }
  debug(message: unknown, context?: string): void {
    this.logger.debug({ context }, String(message));
  }
  verbose(message: unknown, context?: string): void {
    this.logger.trace({ context }, String(message));
  }
}

export const LOGGER = Symbol('LOGGER');
