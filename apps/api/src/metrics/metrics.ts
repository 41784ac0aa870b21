import { Injectable } from '@nestjs/common';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

/** One value of a labelled gauge read at scrape time. */
export interface GaugeSample {
  readonly labels: Readonly<Record<string, string>>;
  readonly value: number;
}

/** A gauge whose value is read when Prometheus scrapes, not kept up to date by the code. */
export interface ScrapeGauge {
  readonly name: string;
  readonly help: string;
  /** Label names, when `read` answers one sample per label set. */
  readonly labelNames?: readonly string[];
  read(): number | readonly GaugeSample[] | Promise<number | readonly GaugeSample[]>;
}

/**
 * The api's Prometheus metrics, one registry per application (tests run several apps in one
 * process). Labels only ever take values from a set fixed by the code (route templates, event
 * types, outcomes, limit kinds), never ids or raw URLs, so the number of series stays bounded.
 * Another part of the api adds its own series with `addScrapeGauge`, or with any prom-client
 * metric registered in `registry`.
 */
@Injectable()
export class Metrics {
  readonly registry = new Registry();

  /** Requests by method, route template (`/api/v1/w/:wId/…`, or `unmatched`) and status. */
  readonly httpRequests = new Counter({
    name: 'http_requests_total',
    help: 'HTTP requests answered, by method, route template and status.',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [this.registry],
  });

  /** Time to answer, event streams aside (they last as long as the client stays). */
  readonly httpRequestDuration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time to answer an HTTP request (event streams excluded), by method, route template and status.',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [this.registry],
  });

  readonly eventsAppended = new Counter({
    name: 'events_appended_total',
    help: 'Events appended to the log by this process, by event type.',
    labelNames: ['type'] as const,
    registers: [this.registry],
  });

  readonly agentRuns = new Counter({
    name: 'agent_runs_total',
    help: 'Agent runs whose end this process recorded, by the final status the conversation holds.',
    labelNames: ['outcome'] as const,
    registers: [this.registry],
  });

  readonly sseConnections = new Gauge({
    name: 'sse_connections_open',
    help: 'Server-sent event streams open now, by stream kind.',
    labelNames: ['stream'] as const,
    registers: [this.registry],
  });

  readonly rateLimitRejections = new Counter({
    name: 'rate_limit_rejections_total',
    help: 'Requests refused with 429, by the limit that refused them.',
    labelNames: ['limit'] as const,
    registers: [this.registry],
  });

  /** Adds Node's process metrics (CPU, memory, event loop lag, GC, handles): once per process in production. */
  collectProcessMetrics(): this {
    collectDefaultMetrics({ register: this.registry });
    return this;
  }

  /** Registers a gauge read at each scrape, such as the projection lag. */
  addScrapeGauge(gauge: ScrapeGauge): void {
    const { read } = gauge;
    new Gauge({
      name: gauge.name,
      help: gauge.help,
      labelNames: gauge.labelNames ?? [],
      registers: [this.registry],
      async collect() {
        const value = await read();
        if (typeof value === 'number') {
          this.set(value);
          return;
        }
        // Label sets that are gone must not linger with their last value.
        this.reset();
        for (const sample of value) this.set(sample.labels, sample.value);
      },
    });
  }

  /** The exposition text, and its content type. */
  async scrape(): Promise<{ contentType: string; text: string }> {
    return { contentType: this.registry.contentType, text: await this.registry.metrics() };
  }
}
