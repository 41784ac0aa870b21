import { toTriggerStreamName } from '@app/contracts/events/trigger.events';
import { SqliteEventStore } from '@app/storage';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { assistant } from './support/agent-configuration-helpers';
import { freePort, runCli, startServer, stopServer } from './support/server-process';
import { call } from './support/test-app';

// A schedule trigger with two api processes on one data directory, both looking for due instants
// every 50 ms by a clock the test moves (TEST_CLOCK_FILE): each instant is claimed and fired once,
// however the two race, and after a long downtime only the latest missed instant fires.

const MINUTE = 60_000;

describe('schedule triggers across api replicas', () => {
  let dataDir: string;
  let clockFile: string;
  let servers: Awaited<ReturnType<typeof startServer>>[] = [];
  let bases: string[] = [];
  let workspaceId: string;
  let adaKey: string;

  const setClock = (at: number) => writeFileSync(clockFile, String(at));

  /** The trigger's stream as the log holds it (read beside the two processes). */
  async function triggerEvents(triggerId: string) {
    const store = new SqliteEventStore({ path: join(dataDir, 'events.sqlite') });
    try {
      return await store.readStream(toTriggerStreamName(triggerId));
    } finally {
      await store.close();
    }
  }

  async function waitFor<T>(what: string, probe: () => Promise<T | null>, timeoutMs = 20_000): Promise<T> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = await probe();
      if (found !== null) return found;
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'wcs-trigger-replicas-'));
    clockFile = join(dataDir, 'clock');
    // Long before the trigger exists: nothing is due yet.
    setClock(Date.now() - 60 * MINUTE);
    ({ workspaceId } = await runCli(dataDir, ['workspace', 'create', '--name', 'Replicas']));
    ({ apiKey: adaKey } = await runCli(dataDir, ['key', 'create', '--workspace', workspaceId, '--role', 'builder', '--user', 'ada@example.com']));
    const env = { BOOTSTRAP_WORKSPACE: 'false', OPENAI_API_KEY: 'sk-test', TEST_CLOCK_FILE: clockFile, TRIGGER_SCHEDULER_INTERVAL_MS: '50' };
    const ports = [await freePort(), await freePort()];
    bases = ports.map((port) => `http://127.0.0.1:${port}`);
    servers = await Promise.all(ports.map((port) => startServer(dataDir, port, env)));
  }, 120_000);

  afterAll(async () => {
    await Promise.all(servers.map((server) => stopServer(server.child, 'SIGTERM')));
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('fires each instant exactly once over five instants, and once for the latest after a downtime', async () => {
    const [first, second] = bases;
    const agent = await call(first, 'POST', `/api/w/${workspaceId}/assistant/agent_configurations`, { key: adaKey, body: { assistant: assistant({ name: 'digest' }) } });
    expect(agent.status).toBe(200);
    const agentId: string = agent.body.agentConfiguration.sId;
    const created = await call(second, 'POST', `/api/w/${workspaceId}/assistant/agent_configurations/${agentId}/triggers`, {
      key: adaKey,
      body: { triggers: [{ name: 'Every minute', kind: 'schedule', customPrompt: 'What changed?', configuration: { cron: '* * * * *', timezone: 'Europe/Paris' } }] },
    });
    expect(created.status).toBe(200);
    const triggerId: string = created.body.triggers[0].sId;

    const claims = async () => (await triggerEvents(triggerId)).filter((event) => event.type === 'TriggerScheduleClaimed');
    const completions = async () => (await triggerEvents(triggerId)).filter((event) => event.type === 'TriggerFiringCompleted');
    // Instants after the trigger was created, a minute apart, each read by both processes many times.
    const firstInstant = Math.ceil(Date.now() / MINUTE) * MINUTE + MINUTE;
    const instants = [0, 1, 2, 3, 4].map((step) => firstInstant + step * MINUTE);
    for (const [index, instant] of instants.entries()) {
      setClock(instant + 5_000);
      await waitFor(`the firing of instant ${index + 1}`, async () => ((await completions()).length >= index + 1 ? true : null));
      // Both replicas look again several times at the same instant: nothing more is claimed.
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect((await claims()).length).toBe(index + 1);
    }
    const claimed = await claims();
    expect(claimed.map((event) => event.data.dueAt)).toEqual(instants);
    // One firing per claim: no instant was claimed twice under two firing ids.
    expect(new Set(claimed.map((event) => event.data.firingId)).size).toBe(5);

    // Ten minutes without anyone looking: the latest missed instant fires once, never a burst.
    const latest = instants[4] + 10 * MINUTE;
    setClock(latest + 30_000);
    await waitFor('the firing after the downtime', async () => ((await completions()).length >= 6 ? true : null));
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect((await claims()).map((event) => event.data.dueAt)).toEqual([...instants, latest]);

    const fired = await completions();
    expect(fired.every((event) => event.data.outcome === 'matched' && typeof event.data.conversationId === 'string')).toBe(true);
    const conversation = await call(first, 'GET', `/api/v1/w/${workspaceId}/assistant/conversations/${fired[0].data.conversationId}`, { key: adaKey });
    expect(conversation.body.conversation).toMatchObject({ triggerId, visibility: 'unlisted', title: '@digest triggered (schedule)' });
    const read = await call(second, 'GET', `/api/v1/w/${workspaceId}/triggers/${triggerId}`, { key: adaKey });
    expect(read.body.trigger).toMatchObject({ lastRunAt: latest, nextRunAt: latest + MINUTE });
  }, 120_000);
});
