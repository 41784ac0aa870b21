/**
 * The api process of the agent-streaming bench, forked by it: the real app on the embedded stores,
 * answering memory and CPU questions over IPC. It lives apart from the bench's own module so that the
 * client process (the fake model, and the listeners before they had processes of their own) does not load the app: with the app's
 * modules in its heap, the client's major collections took 15-30 ms during the fan-out, which the
 * delivery latency counted as the server's.
 */
import { startTestApp } from '../../test/support/test-app';
import { collectGarbage } from './collect-garbage';

export type ServerInfo = { baseUrl: string; workspaceId: string; apiKey: string };
export type Memory = { rss: number; heapUsed: number; external: number };

async function serve(modelBaseUrl: string): Promise<void> {
  // One key opens the fan-out's 10,000 streams, as a load generator does: no request budget applies.
  const t = await startTestApp({ OPENAI_API_KEY: 'sk-bench', OPENAI_BASE_URL: modelBaseUrl, LOG_LEVEL: 'silent', RATE_LIMIT_PER_KEY: 'off', RATE_LIMIT_PER_WORKSPACE: 'off' });
  const { workspaceId, apiKey } = await t.createWorkspace('bench');
  process.on('message', (message: { cmd: string }) => {
    if (message.cmd === 'memory') {
      collectGarbage();
      const { rss, heapUsed, external } = process.memoryUsage();
      process.send?.({ memory: { rss, heapUsed, external } });
    } else if (message.cmd === 'cpu') {
      process.send?.({ cpu: process.cpuUsage() });
    } else if (message.cmd === 'stop') {
      void t.close().then(() => process.exit(0));
    }
  });
  process.send?.({ ready: { baseUrl: t.baseUrl, workspaceId, apiKey } satisfies ServerInfo });
}

void serve(process.argv[2] ?? '');
