import { ALL_PROJECTIONS, rebuildReadModels } from '@app/projections';
import { EVENT_STORE, READ_STORE, type EventStore, type ReadStore } from '@app/storage';
import { call, startTestApp, type TestApp } from './support/test-app';

/**
 * A rebuild switches reads to a fresh generation while clients keep writing. Every write must be
 * readable in its own response and at once afterwards: a 404 for data just committed makes a
 * retrying client create duplicates.
 */
describe('writes across a rebuild switch', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  it('answers every create and the read after it, before, during and right after each switch', async () => {
    const { workspaceId, apiKey } = await t.createWorkspace('Rebuilt');
    const path = `/api/v1/w/${workspaceId}/assistant/conversations`;
    const failures: string[] = [];
    let created = 0;
    let writing = true;
    const writer = async (): Promise<void> => {
      while (writing) {
        const response = await call(t.baseUrl, 'POST', path, {
          key: apiKey,
          body: { title: `c${created}`, visibility: 'unlisted', message: { content: 'hello', mentions: [], context: { username: 'ada', timezone: 'UTC' } } },
        });
        if (response.status !== 200) {
          failures.push(`create ${response.status} ${JSON.stringify(response.body)}`);
          continue;
        }
        created += 1;
        const read = await call(t.baseUrl, 'GET', `${path}/${response.body.conversation.sId}`, { key: apiKey });
        if (read.status !== 200) failures.push(`read ${read.status}`);
      }
    };
    const writers = [writer(), writer(), writer()];
    const eventStore = t.app.get<EventStore>(EVENT_STORE);
    const readStore = t.app.get<ReadStore>(READ_STORE);
    const generations: number[] = [];
    for (let round = 0; round < 3; round += 1) {
      await new Promise((resolve) => setTimeout(resolve, 150));
      generations.push((await rebuildReadModels(eventStore, readStore, ALL_PROJECTIONS, { switchGraceMs: 300 })).generation);
    }
    await new Promise((resolve) => setTimeout(resolve, 300));
    writing = false;
    await Promise.all(writers);

    expect(failures).toEqual([]);
    expect(created).toBeGreaterThan(20);
    expect(generations).toEqual([2, 3, 4]);
    // Only the active generation's collections remain.
    expect((await readStore.listCollections()).filter((name) => /_g[123]$/.test(name))).toEqual([]);
  });
});
