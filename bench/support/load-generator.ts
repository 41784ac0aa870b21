/**
 * The load generator of the HTTP benches, in a process of its own so that the client never shares
 * a core's event loop with what it measures. Forked once by a bench (`startLoadGenerator`); each
 * message `{ id, run }` runs autocannon (keep-alive connections, its own HTTP parser, latency in an
 * HDR histogram) and answers `{ id, result }`.
 */
import autocannon from 'autocannon';
import type { LoadRun, LoadResult } from './load-generator-client';

async function run(spec: LoadRun): Promise<LoadResult> {
  let next = 0;
  const result = await autocannon({
    url: spec.base,
    connections: spec.connections,
    duration: spec.durationMs / 1000,
    method: spec.method,
    headers: spec.headers,
    body: spec.body,
    // Rotating paths spread the writes over streams, as the writers of a real workspace do.
    requests: [{ setupRequest: (request) => ({ ...request, path: spec.paths[next++ % spec.paths.length]! }) }],
  });
  return {
    perSecond: Math.round(result.requests.total / (spec.durationMs / 1000)),
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
  };
}

process.on('message', (message: { id: number; run: LoadRun }) => {
  run(message.run).then(
    (result) => process.send?.({ id: message.id, result }),
    (error: unknown) => process.send?.({ id: message.id, error: String(error) }),
  );
});
