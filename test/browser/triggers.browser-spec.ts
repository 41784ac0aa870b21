import { createHmac } from 'node:crypto';
import type { Page } from 'playwright-core';
import { assistant } from '../support/agent-assistant-body';
import { isTitleRequest, openAIEnv, textScenario } from '../support/agent-run-helpers';
import { FakeOpenAIServer } from '../support/fake-openai-server';
import { call } from '../support/test-app';
import { browserSuite, describeInBrowser, expectAccessible, expectPage, scrollsSideways } from './support/browser-suite';
import { signInThroughPage, startWebApp, WORKSPACE_NAME, type WebAppUnderTest } from './support/web-app';

// An agent's triggers in the editor: a builder creates a signed webhook trigger, a program delivers
// to its hook, and the delivery is listed as matched with the conversation it started; a schedule
// trigger is created and listed, and a trigger is deleted after being asked in place.

const AGENT = 'watcher';
const SIGNING_SECRET = 'hook signing secret 2718';

describeInBrowser('triggers in a browser', () => {
  const browser = browserSuite();
  let app: WebAppUnderTest;
  let fake: FakeOpenAIServer;

  beforeAll(async () => {
    fake = await FakeOpenAIServer.start();
    fake.setResolver((request) => (isTitleRequest(request) ? textScenario(['Hook ', 'run']) : textScenario(['Seen ', 'the push.'])));
    // SECRETS_KEY: a webhook's signing secret is kept encrypted, and refused without a key to encrypt it with.
    app = await startWebApp({ ...openAIEnv(fake), SECRETS_KEY: '5'.repeat(64), AGENT_RUNNER_ENABLED: 'true' });
    const created = await call(app.baseUrl, 'POST', `/api/w/${app.workspace.workspaceId}/assistant/agent_configurations`, {
      key: app.workspace.apiKey,
      body: { assistant: assistant({ name: AGENT, description: 'Watches the repository.' }) },
    });
    expect(created.status).toBe(200);
  });

  afterAll(async () => {
    await app?.close();
    await fake?.close();
  });

  /** Signs in and opens the agent's editor from the gallery. */
  async function openEditor(page: Page): Promise<void> {
    await page.goto(`${app.baseUrl}/`);
    await signInThroughPage(page, app.person);
    await expectPage(page, WORKSPACE_NAME);
    await page.getByRole('navigation', { name: 'Workspace' }).getByRole('link', { name: 'Agents' }).click();
    await expectPage(page, 'Agents');
    await page.getByRole('link', { name: `Edit ${AGENT}` }).click();
    await expectPage(page, `Edit ${AGENT}`);
    await page.getByRole('heading', { name: 'Triggers', level: 2 }).waitFor();
  }

  const trigger = (page: Page, name: string) => page.getByRole('listitem', { name, exact: true });

  browser.test('a builder creates a signed webhook trigger, a delivery is listed as matched with its conversation, and the trigger is deleted', async ({ page }) => {
    await openEditor(page);
    await page.getByRole('radio', { name: 'Webhook' }).check();
    await page.getByLabel('Trigger name').fill('pushes');
    await page.getByLabel('Prompt', { exact: true }).fill('Summarise the push.');
    await page.getByLabel('Event name (optional)').fill('push');
    await page.getByLabel('Signing secret (optional)').fill(SIGNING_SECRET);
    await page.getByLabel('Signature header').fill('x-hub-signature-256');
    await page.getByRole('button', { name: 'Create trigger' }).click();
    const shown = page.getByRole('status').filter({ hasText: 'Hook URL, shown only now' });
    await shown.waitFor();
    await page.getByRole('button', { name: 'Copy hook URL' }).waitFor();
    const hookUrl = (await shown.locator('code').innerText()).replace(/^https?:\/\/[^/]+/, '');
    expect(await trigger(page, 'pushes').innerText()).toContain('Webhook: event push, signed · Enabled');
    await expectAccessible(page);

    const body = JSON.stringify({ ref: 'refs/heads/main' });
    const delivered = await call(app.baseUrl, 'POST', hookUrl, {
      rawBody: body,
      headers: { 'x-hub-signature-256': `sha256=${createHmac('sha256', SIGNING_SECRET).update(body).digest('hex')}`, 'x-event': 'push' },
    });
    expect(delivered.body).toMatchObject({ status: 'matched' });
    const conversationId = delivered.body.conversationId as string;

    await page.reload();
    await expectPage(page, `Edit ${AGENT}`);
    const pushes = trigger(page, 'pushes');
    expect(await pushes.innerText()).toContain('1 of 42 runs today');
    await pushes.getByText('Deliveries of pushes (1)').click();
    expect(await pushes.getByRole('list').innerText()).toContain('push · matched');
    expect(await pushes.getByRole('link', { name: 'Conversation it started' }).getAttribute('href')).toContain(conversationId);
    // A dry run with a filter the delivery does not hold matches nothing, and runs nothing.
    await pushes.getByLabel('Filter to try on these deliveries').fill('{"ref": "refs/heads/dev"}');
    await pushes.getByRole('button', { name: 'Dry run' }).click();
    await pushes.getByText('0 of 1 deliveries would match.').waitFor();
    await expectAccessible(page);

    await pushes.getByRole('button', { name: 'Disable pushes' }).click();
    await pushes.getByRole('button', { name: 'Enable pushes' }).waitFor();
    expect(await pushes.innerText()).toContain('Disabled');
    await pushes.getByRole('button', { name: 'Delete pushes' }).click();
    await pushes.getByRole('button', { name: 'Yes, delete pushes' }).click();
    await pushes.waitFor({ state: 'detached' });
    const listed = await call(app.baseUrl, 'GET', `/api/w/${app.workspace.workspaceId}/assistant/agent_configurations/${await agentId()}/triggers`, { key: app.workspace.apiKey });
    expect(listed.body.triggers.map((entry: { name: string }) => entry.name)).not.toContain('pushes');
  });

  browser.test(
    'on a phone in the dark a builder creates a weekly schedule trigger and sees it listed with its next run',
    async ({ page }) => {
      await openEditor(page);
      await page.getByLabel('Trigger name').fill('weekly digest');
      await page.getByRole('radio', { name: 'Every few days' }).check();
      await page.getByLabel('Every how many days').fill('7');
      await page.getByLabel('Day of week').selectOption({ label: 'Monday' });
      await page.getByLabel('Time', { exact: true }).fill('08:30');
      await page.getByLabel('Time zone').fill('Europe/Paris');
      await page.getByRole('button', { name: 'Create trigger' }).click();
      const digest = trigger(page, 'weekly digest');
      await digest.waitFor();
      expect(await digest.innerText()).toContain('Every 7 days on Monday at 08:30 (Europe/Paris) · Enabled · at most 42 runs a day · next');
      expect(await scrollsSideways(page)).toBe(false);
      await expectAccessible(page);
    },
    { viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true, colorScheme: 'dark' },
  );

  browser.test('a builder creates a cron trigger and deletes it with the keyboard alone', async ({ page }) => {
    await openEditor(page);
    await page.getByLabel('Trigger name').focus();
    await page.keyboard.type('nightly');
    await page.keyboard.press('Tab');
    await page.keyboard.type('Look at the night.');
    // The Runs radios are one stop; then Cron and Time zone, then Create trigger.
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.type('0 2 * * *');
    await page.keyboard.press('Tab');
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.type('UTC');
    await page.keyboard.press('Enter');
    const nightly = trigger(page, 'nightly');
    await nightly.waitFor();
    expect(await nightly.innerText()).toContain('Cron 0 2 * * * (UTC) · Enabled');

    await nightly.getByRole('button', { name: 'Delete nightly' }).focus();
    await page.keyboard.press('Enter');
    // The question takes the focus on its safe answer; Keep gives it back to Delete.
    expect(await page.evaluate<string | null>('document.activeElement?.textContent ?? null')).toBe('Keep nightly');
    await page.keyboard.press('Enter');
    expect(await page.evaluate<string | null>('document.activeElement?.textContent ?? null')).toBe('Delete nightly');
    await page.keyboard.press('Enter');
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Enter');
    await nightly.waitFor({ state: 'detached' });
  });

  async function agentId(): Promise<string> {
    const listed = await call(app.baseUrl, 'GET', `/api/w/${app.workspace.workspaceId}/assistant/agent_configurations`, { key: app.workspace.apiKey });
    return (listed.body.agentConfigurations as { sId: string; name: string }[]).find((agent) => agent.name === AGENT)!.sId;
  }
});
