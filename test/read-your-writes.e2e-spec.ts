import { ProjectionProgress } from '@app/projections';
import { startTestApp, type TestApp } from './support/test-app';

jest.setTimeout(60_000);

describe('read your writes with the embedded projector', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  it('the embedded projector reports to the one progress the read models wait on', async () => {
    const progress = t.app.get(ProjectionProgress);
    const before = progress.current();
    const startedAt = Date.now();
    await t.createWorkspace('Progress');
    expect(progress.current()).toBeGreaterThan(before);
    expect(Date.now() - startedAt).toBeLessThan(1000);
  });

  it('each app has its own progress', async () => {
    const other = await startTestApp();
    try {
      expect(other.app.get(ProjectionProgress)).not.toBe(t.app.get(ProjectionProgress));
    } finally {
      await other.close();
    }
  });
});
