import { Agent, request } from 'node:http';

const agent = new Agent({ keepAlive: true });

/**
 * POSTs a JSON body with node's http client (kept-alive connections) and reads the JSON answer.
 * For figures timed from the client: `fetch` spends 0.6 to 1.3 ms between the call and the request
 * reaching its socket (it sends on a later turn of the loop), which is the client's, not the
 * server's, time.
 */
export function postJson<T>(url: string, headers: Record<string, string>, body: unknown): Promise<{ status: number; body: T }> {
  const payload = Buffer.from(JSON.stringify(body));
  return new Promise((resolve, reject) => {
    const sent = request(
      url,
      { method: 'POST', agent, headers: { ...headers, 'content-type': 'application/json', 'content-length': String(payload.length) } },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          try {
            resolve({ status: response.statusCode ?? 0, body: JSON.parse(Buffer.concat(chunks).toString('utf8')) as T });
          } catch (error) {
            reject(error as Error);
          }
        });
        response.on('error', reject);
      },
    );
    sent.on('error', reject);
    sent.end(payload);
  });
}
