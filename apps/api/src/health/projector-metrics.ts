import type { ProjectorReadiness } from '@app/contracts/http/health.types';
import { Injectable, type OnModuleInit } from '@nestjs/common';
import { Metrics } from '../metrics/metrics';
import { ProjectorReadinessProbe, type ProjectorReport } from './projector-readiness';

const STATES: readonly ProjectorReadiness[] = ['starting', 'following', 'failing', 'stuck', 'behind', 'unknown'];
// One probe serves the three gauges of a scrape: they are collected one after the other.
const REPORT_REUSE_MS = 1000;

/** Projection lag, failed events and projector state as Prometheus gauges, read at scrape time. */
@Injectable()
export class ProjectorMetrics implements OnModuleInit {
  private last: { report: Promise<ProjectorReport | null>; at: number } | null = null;

  constructor(
    private readonly metrics: Metrics,
    private readonly probe: ProjectorReadinessProbe,
  ) {}

  onModuleInit(): void {
    this.metrics.addScrapeGauge({
      name: 'projector_lag_events',
      help: 'Events the read models trail the log by (counted up to one past READY_MAX_LAG_EVENTS); -1 when the stores do not answer.',
      read: async () => (await this.report())?.lagEvents ?? -1,
    });
    this.metrics.addScrapeGauge({
      name: 'projector_failed_events',
      help: 'Events the projections failed on and skipped, waiting for projector retry-failed; -1 when the stores do not answer.',
      read: async () => (await this.report())?.failedEvents ?? -1,
    });
    this.metrics.addScrapeGauge({
      name: 'projector_state',
      help: 'The projector state as readiness sees it: 1 for the current state, 0 for the others.',
      labelNames: ['state'],
      read: async () => {
        const state = (await this.report())?.state ?? 'unknown';
        return STATES.map((candidate) => ({ labels: { state: candidate }, value: candidate === state ? 1 : 0 }));
      },
    });
  }

  private report(): Promise<ProjectorReport | null> {
    if (!this.last || Date.now() - this.last.at > REPORT_REUSE_MS) {
      this.last = { report: this.probe.report().catch(() => null), at: Date.now() };
    }
    return this.last.report;
  }
}
