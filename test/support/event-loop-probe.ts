import { Agent, request } from 'node:http';

/**
 * Polls `GET /healthz` of a server in another process, over one kept-alive connection, for as long
 * as `work` runs, and answers the slowest answer's time: how long the server's event loop was held
 * while it handled `work` (plus one local round trip).
 */
export async function slowestHealthzDuring<T>(baseUrl: string, work: () => Promise<T>): Promise<{ result: T; slowestMs: number; polls: number }> {
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  let running = true;
  let slowestMs = 0;
  let polls = 0;
  const poll = async () => {
    while (running) {
      const started = performance.now();
      await healthz(baseUrl, agent);
      slowestMs = Math.max(slowestMs, performance.now() - started);
      polls += 1;
      await new Promise((resolve) => setTimeout(resolve, 2));
    }
  };
  await healthz(baseUrl, agent); // the connection is open before the work starts
  const polling = poll();
  try {
    const result = await work();
    return { result, slowestMs, polls };
  } finally {
    running = false;
    await polling;
    agent.destroy();
  }
}

function healthz(baseUrl: string, agent: Agent): Promise<void> {
  return new Promise((resolve, reject) => {
    const req = request(`${baseUrl}/healthz`, { agent }, (res) => {
      res.resume();
      res.on('end', () => (res.statusCode === 200 ? resolve() : reject(new Error(`/healthz answered ${res.statusCode}`))));
    });
    req.on('error', reject);
    req.end();
  });
}

/** Sends a prepared body (already serialized, so the test process does no work while the server does). */
export function postRaw(baseUrl: string, path: string, key: string, body: Buffer): Promise<{ status: number; body: any }> {
  return new Promise((resolve, reject) => {
    const req = request(
      `${baseUrl}${path}`,
      { method: 'POST', headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json', 'content-length': body.length } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          resolve({ status: res.statusCode ?? 0, body: text ? JSON.parse(text) : null });
        });
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}
