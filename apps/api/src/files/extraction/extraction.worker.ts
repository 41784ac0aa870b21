/**
 * Entry point of an extraction worker thread (node:worker_threads): extracts the files the pool
 * sends, one at a time. The pool bounds its heap (resourceLimits) and its time (terminate).
 */
import { getHeapStatistics } from 'node:v8';
import { parentPort } from 'node:worker_threads';
import { extractFile } from './extract-file';
import type { ExtractionRequest, WorkerMessage } from './worker-messages';

const port = parentPort;
if (port === null) throw new Error('extraction.worker runs as a worker thread');

port.on('message', (request: ExtractionRequest) => {
  const startedAt = performance.now();
  void extractFile(request.bytes, request.contentType, request.limits, request.fileName).then((result) => {
    const heap = getHeapStatistics();
    const response: WorkerMessage = {
      kind: 'done',
      id: request.id,
      result,
      usage: {
        elapsedMs: performance.now() - startedAt,
        heapTotalBytes: heap.total_heap_size,
        heapUsedBytes: heap.used_heap_size,
        externalBytes: heap.external_memory,
        processMaxRssBytes: process.resourceUsage().maxRSS * 1024,
      },
    };
    port.postMessage(response);
  });
});

// Every reader library is loaded by now (the imports above): the pool starts a file's clock from here.
port.postMessage({ kind: 'ready' } satisfies WorkerMessage);
