import { Metrics } from './metrics';

describe('Metrics', () => {
  it('reads a scrape gauge at each scrape', async () => {
    const metrics = new Metrics();
    let lag = 3;
    metrics.addScrapeGauge({ name: 'projection_lag_events', help: 'Events the read models trail the log by.', read: () => lag });
    expect((await metrics.scrape()).text).toContain('projection_lag_events 3');
    lag = 0;
    expect((await metrics.scrape()).text).toContain('projection_lag_events 0');
  });

  it('reads labelled samples, asynchronously, and forgets label sets that are gone', async () => {
    const metrics = new Metrics();
    let failed: { labels: Record<string, string>; value: number }[] = [
      { labels: { projection: 'conversations' }, value: 2 },
      { labels: { projection: 'agents' }, value: 1 },
    ];
    metrics.addScrapeGauge({
      name: 'projection_failed_events',
      help: 'Events a projection failed on.',
      labelNames: ['projection'],
      read: async () => failed,
    });
    const first = (await metrics.scrape()).text;
    expect(first).toContain('projection_failed_events{projection="conversations"} 2');
    expect(first).toContain('projection_failed_events{projection="agents"} 1');
    failed = [{ labels: { projection: 'agents' }, value: 0 }];
    const second = (await metrics.scrape()).text;
    expect(second).not.toContain('projection="conversations"');
    expect(second).toContain('projection_failed_events{projection="agents"} 0');
  });

  it('keeps one registry per instance, so several apps in one process do not collide', async () => {
    const first = new Metrics().collectProcessMetrics();
    const second = new Metrics().collectProcessMetrics();
    first.eventsAppended.inc({ type: 'ConversationCreated' });
    expect((await first.scrape()).text).toContain('events_appended_total{type="ConversationCreated"} 1');
    expect((await second.scrape()).text).not.toContain('type="ConversationCreated"');
    expect((await second.scrape()).text).toContain('process_cpu_user_seconds_total');
  });
});
