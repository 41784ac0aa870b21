import type { Page } from 'playwright-core';
import { assistant } from '../support/agent-assistant-body';
import { isTitleRequest, openAIEnv, textScenario } from '../support/agent-run-helpers';
import { FakeOpenAIServer } from '../support/fake-openai-server';
import { createAccount, type Account } from '../support/people';
import { call } from '../support/test-app';
import { browserSuite, describeInBrowser, expectAccessible, expectPage, scrollsSideways } from './support/browser-suite';
import { sendMentioning, signInThroughPage, startWebApp, WORKSPACE_NAME, type WebAppUnderTest } from './support/web-app';

// The workspace's agents in the web app: a builder (the workspace's admin) looks through the
// gallery, creates agents, saves versions, archives and restores them; a member with the user role
// only looks. The model is the local OpenAI-compatible test server.

const HELPER = 'helper';

describeInBrowser('agents in a browser', () => {
  const browser = browserSuite();
  let app: WebAppUnderTest;
  let fake: FakeOpenAIServer;
  let member: Account;

  beforeAll(async () => {
    fake = await FakeOpenAIServer.start();
    fake.setResolver((request) => (isTitleRequest(request) ? textScenario(['Agents ', 'at ', 'work']) : textScenario(['Hello ', 'from ', 'a ', 'new ', 'agent.'])));
    app = await startWebApp({ ...openAIEnv(fake), AGENT_RUNNER_ENABLED: 'true' });
    member = await createAccount(app.t.dataDir, app.workspace.workspaceId, 'grace@example.com', { role: 'user', name: 'Grace', password: 'compiler pioneer 1952' });
    const created = await call(app.baseUrl, 'POST', `/api/w/${app.workspace.workspaceId}/assistant/agent_configurations`, {
      key: app.workspace.apiKey,
      body: { assistant: assistant({ name: HELPER, description: 'Answers questions about the handbook.' }) },
    });
    expect(created.status).toBe(200);
  });

  afterAll(async () => {
    await app?.close();
    await fake?.close();
  });

  /** Signs in as `account` and opens Agents from the workspace's page. */
  async function openAgents(page: Page, account: Account = app.person): Promise<void> {
    await page.goto(`${app.baseUrl}/`);
    await signInThroughPage(page, account);
    await expectPage(page, WORKSPACE_NAME);
    await page.getByRole('navigation', { name: 'Workspace' }).getByRole('link', { name: 'Agents' }).click();
    await expectPage(page, 'Agents');
  }

  const card = (page: Page, name: string) => page.getByRole('article', { name, exact: true });

  /** Fills the editor's fields that a test cares about. */
  async function fillAgent(page: Page, fields: { name?: string; description?: string; instructions?: string }): Promise<void> {
    if (fields.name !== undefined) await page.getByLabel('Name', { exact: true }).fill(fields.name);
    if (fields.description !== undefined) await page.getByLabel('Description', { exact: true }).fill(fields.description);
    if (fields.instructions !== undefined) await page.getByLabel('Instructions', { exact: true }).fill(fields.instructions);
  }

  browser.test('a builder creates an agent, finds it by search, saves a new version and restores an older one', async ({ page }) => {
    await openAgents(page);
    expect(await card(page, 'dust').innerText()).toContain('Built in');
    expect(await card(page, HELPER).innerText()).toContain('Answers questions about the handbook.');
    // A built-in agent is nobody's to edit.
    expect(await page.getByRole('link', { name: 'Edit dust' }).count()).toBe(0);

    await page.getByRole('link', { name: 'New agent' }).click();
    await expectPage(page, 'New agent');
    // The api judges the name, and the page says what it said.
    await fillAgent(page, { name: 'weekly planner', description: 'Plans the week from the team calendar.', instructions: 'List what matters first.' });
    await page.getByRole('button', { name: 'Save' }).click();
    const refusal = page.getByRole('alert');
    await refusal.waitFor();
    expect(await refusal.innerText()).toContain('Invalid agent configuration: name must be 1 to');
    await expectAccessible(page);
    await fillAgent(page, { name: 'planner' });
    await page.getByRole('button', { name: 'Save' }).click();
    await expectPage(page, 'Agents');

    const search = page.getByRole('searchbox', { name: 'Search agents' });
    await search.fill('team calendar');
    await card(page, 'planner').waitFor();
    expect(await page.getByRole('list', { name: 'Active agents' }).getByRole('article').count()).toBe(1);
    await search.fill('no such agent');
    await page.getByText('No agent matches “no such agent”.').waitFor();
    await search.fill('plan');
    await page.getByRole('link', { name: 'Edit planner' }).click();
    await expectPage(page, 'Edit planner');

    await fillAgent(page, { instructions: 'List what matters first, then the rest by day.' });
    await page.getByRole('button', { name: 'Save' }).click();
    // Versions count from 0, as the real service's do.
    await page.getByRole('status').filter({ hasText: 'Saved as version 1.' }).waitFor();
    const versions = page.getByRole('region', { name: 'Versions' });
    await versions.getByText('Version 1 (current)').waitFor();
    await expectAccessible(page);
    await versions.getByRole('button', { name: 'Restore version 0' }).click();
    await page.getByRole('status').filter({ hasText: 'Saved as version 2, with the fields of version 0.' }).waitFor();
    expect(await page.getByLabel('Instructions', { exact: true }).inputValue()).toBe('List what matters first.');
    await versions.getByText('Version 2 (current)').waitFor();
    expect(await versions.getByRole('listitem').count()).toBe(3);
  });

  browser.test('a builder archives an agent, finds it under Archived, restores it, and it answers in a conversation', async ({ page }) => {
    // The composer reads the agents before the new one exists: it must ask again once it is saved.
    await page.goto(`${app.baseUrl}/`);
    await signInThroughPage(page, app.person);
    await expectPage(page, WORKSPACE_NAME);
    await page.getByRole('button', { name: 'New conversation' }).click();
    await expectPage(page, 'New conversation');
    await page.getByRole('link', { name: 'Agents' }).click();
    await expectPage(page, 'Agents');

    await page.getByRole('link', { name: 'New agent' }).click();
    await expectPage(page, 'New agent');
    await fillAgent(page, { name: 'scribe', description: 'Writes the minutes.', instructions: 'Write short minutes.' });
    await page.getByRole('button', { name: 'Save' }).click();
    await expectPage(page, 'Agents');
    await page.getByRole('link', { name: 'Edit scribe' }).click();
    await expectPage(page, 'Edit scribe');
    await page.getByRole('button', { name: 'Archive' }).click();
    await expectPage(page, 'Agents');
    await card(page, HELPER).waitFor();
    expect(await card(page, 'scribe').count()).toBe(0);

    await page.getByRole('radio', { name: 'Archived' }).check();
    await card(page, 'scribe').waitFor();
    expect(await card(page, 'scribe').innerText()).toContain('Archived');
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Restore scribe' }).click();
    await page.getByRole('status').filter({ hasText: 'scribe is restored' }).waitFor();
    await page.getByRole('radio', { name: 'Active' }).check();
    await card(page, 'scribe').waitFor();

    // A favourite, then the favourites alone.
    await page.getByRole('button', { name: 'Favourite scribe' }).click();
    await page.getByRole('status').filter({ hasText: 'scribe is one of your favourites.' }).waitFor();
    expect(await page.getByRole('button', { name: 'Favourite scribe' }).getAttribute('aria-pressed')).toBe('true');
    await page.getByRole('checkbox', { name: 'Favourites only' }).check();
    expect(await page.getByRole('list', { name: 'Active agents' }).getByRole('article').count()).toBe(1);

    await page.getByRole('link', { name: 'Conversations' }).click();
    await expectPage(page, WORKSPACE_NAME);
    await page.getByRole('button', { name: 'New conversation' }).click();
    await expectPage(page, 'New conversation');
    await sendMentioning(page, 'Take the minutes', 'scribe');
    await page.waitForURL(/\/conversations\//);
    const answer = page.getByRole('article', { name: 'Answer from scribe' });
    await answer.getByText('Hello from a new agent.').waitFor();
  });

  browser.test('a member with the user role sees the gallery and no editor controls', async ({ page }) => {
    await openAgents(page, member);
    await card(page, HELPER).waitFor();
    await card(page, 'dust').waitFor();
    expect(await page.getByRole('link', { name: 'New agent' }).count()).toBe(0);
    expect(await page.getByRole('link', { name: `Edit ${HELPER}` }).count()).toBe(0);
    expect(await page.getByRole('radio', { name: 'Archived' }).count()).toBe(0);
    // Favourites are everyone's.
    await page.getByRole('button', { name: `Favourite ${HELPER}` }).waitFor();
    await page.goto(`${app.baseUrl}/w/${app.workspace.workspaceId}/agents/new`);
    await expectPage(page, 'Builders only');
    expect(await page.getByLabel('Instructions').count()).toBe(0);
  });

  browser.test('a builder creates an agent with the keyboard alone', async ({ page }) => {
    await openAgents(page);
    await page.getByRole('link', { name: 'New agent' }).focus();
    await page.keyboard.press('Enter');
    await expectPage(page, 'New agent');
    // The heading has the focus after the navigation; Name is next.
    await page.keyboard.press('Tab');
    await page.keyboard.type('typist');
    expect(await page.getByLabel('Name', { exact: true }).inputValue()).toBe('typist');
    await page.keyboard.press('Tab');
    await page.keyboard.type('Types what it is told.');
    await page.keyboard.press('Tab');
    await page.keyboard.type('Answer in one line.');
    expect(await page.getByLabel('Instructions', { exact: true }).inputValue()).toBe('Answer in one line.');
    // Model, Temperature, Max steps as they are, then Save.
    for (let field = 0; field < 4; field += 1) await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await expectPage(page, 'Agents');
    expect(await card(page, 'typist').innerText()).toContain('Types what it is told.');
  });

  browser.test(
    'on a phone in the dark the gallery and the editor fit the width and keep their contrast',
    async ({ page }) => {
      await openAgents(page);
      expect(await scrollsSideways(page)).toBe(false);
      await page.getByRole('link', { name: `Edit ${HELPER}` }).click();
      await expectPage(page, `Edit ${HELPER}`);
      await page.getByRole('region', { name: 'Versions' }).getByText('Version 0 (current)').waitFor();
      expect(await scrollsSideways(page)).toBe(false);
      await expectAccessible(page);
      await page.getByRole('link', { name: 'Back to agents' }).click();
      await expectPage(page, 'Agents');
    },
    { viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true, colorScheme: 'dark' },
  );
});
