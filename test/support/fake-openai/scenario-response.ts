import type { ServerResponse } from 'node:http';
import type { ScenarioUsage } from './scenario.types';

export const DEFAULT_USAGE: ScenarioUsage = { inputTokens: 10, outputTokens: 20, reasoningTokens: 0 };

/** One response being written from a scenario; every write stops quietly once the client has gone. */
export class ScenarioResponse {
  private readonly closed: Promise<void>;

  constructor(
    readonly res: ServerResponse,
    readonly newId: () => string,
    private readonly onServerDisconnect: () => void,
  ) {
    this.closed = new Promise((resolve) => res.once('close', () => resolve()));
  }

  /** Waits, but no longer than the connection lives: a stalled scenario must not outlive its test. */
  async sleep(ms: number | undefined): Promise<void> {
    if (ms === undefined || ms <= 0) return;
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([new Promise<void>((resolve) => (timer = setTimeout(resolve, ms))), this.closed]);
    clearTimeout(timer);
  }

  /** The wait before token `index` of a text or reasoning step (see ScenarioStep). */
  beforeToken(step: { readonly delayMs?: number; readonly gapMs?: number }, index: number): Promise<void> {
    return this.sleep((step.delayMs ?? 0) + (index > 0 ? (step.gapMs ?? 0) : 0));
  }

  get gone(): boolean {
    return this.res.destroyed || this.res.writableEnded;
  }

  writeData(payload: string, event?: string): void {
    if (this.gone) return;
    this.res.write(`${event === undefined ? '' : `event: ${event}\n`}data: ${payload}\n\n`);
  }

  /** Cuts the TCP connection once what was written has reached the client, so the break is mid-stream. */
  async disconnect(): Promise<void> {
    if (!this.gone && this.res.headersSent) {
      await new Promise<void>((resolve) => this.res.write('', () => resolve()));
      await this.sleep(20);
    }
    this.onServerDisconnect();
    this.res.socket?.destroy();
    this.res.destroy();
  }
}

/** Function-call arguments as JSON text cut into (at most) `chunks` deltas, as a model streams them. */
export function splitArguments(args: Readonly<Record<string, unknown>> | string, chunks = 3): string[] {
  const text = typeof args === 'string' ? args : JSON.stringify(args);
  const count = Math.max(1, Math.min(chunks, text.length));
  const size = Math.ceil(text.length / count);
  const pieces: string[] = [];
  for (let start = 0; start < text.length; start += size) pieces.push(text.slice(start, start + size));
  return pieces.length > 0 ? pieces : [''];
}
