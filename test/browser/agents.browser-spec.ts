import type { Page } from 'playwright-core';
import { assistant } from '../support/agent-assistant-body';
import { isTitleRequest, openAIEnv, sentText, textScenario } from '../support/agent-run-helpers';
import { FakeOpenAIServer } from '../support/fake-openai-server';
import { PNG_PIXEL } from '../support/file-upload-helpers';
import { startMailServer } from '../support/mail-tools';
import { createAccount, type Account } from '../support/people';
import { LOCAL_MCP_ENV, registerRemoteServer } from '../support/remote-mcp-agents';
import type { RemoteToolServer } from '../support/remote-mcp-server';
import { call } from '../support/test-app';
import { browserSuite, describeInBrowser, expectAccessible, expectPage, scrollsSideways } from './support/browser-suite';
import { sendMentioning, signInThroughPage, startWebApp, WORKSPACE_NAME, type WebAppUnderTest } from './support/web-app';

// The workspace's agents in the web app: a builder (the workspace's admin) looks through the
// gallery, creates agents, saves versions, archives and restores them, gives them a picture,
// knowledge, tables and tools; a member with the user role only looks. The model is the local
// OpenAI-compatible test server; the tools a local MCP server (`mail`).

const HELPER = 'helper';
const ATLAS = 'atlas';

describeInBrowser('agents in a browser', () => {
  const browser = browserSuite();
  let app: WebAppUnderTest;
  let fake: FakeOpenAIServer;
  let member: Account;
  let mail: RemoteToolServer;

  beforeAll(async () => {
    fake = await FakeOpenAIServer.start();
    fake.setResolver((request) => {
      if (isTitleRequest(request)) return textScenario(['Agents ', 'at ', 'work']);
      // Instructions only the try-it pane's unsaved form holds.
      if (sentText(request.body).includes('Speak like a pirate')) return textScenario(['Ahoy, ', 'the draft ', 'speaks.']);
      return textScenario(['Hello ', 'from ', 'a ', 'new ', 'agent.']);
    });
    mail = await startMailServer();
    // Mistral is configured too, for a provider the workspace can leave out; nothing here runs it.
    app = await startWebApp({ ...openAIEnv(fake, LOCAL_MCP_ENV), MISTRAL_API_KEY: 'mistral-test', AGENT_RUNNER_ENABLED: 'true' });
    member = await createAccount(app.t.dataDir, app.workspace.workspaceId, 'grace@example.com', { role: 'user', name: 'Grace', password: 'compiler pioneer 1952' });
    const created = await call(app.baseUrl, 'POST', `/api/w/${app.workspace.workspaceId}/assistant/agent_configurations`, {
      key: app.workspace.apiKey,
      body: { assistant: assistant({ name: HELPER, description: 'Answers questions about the handbook.' }) },
    });
    expect(created.status).toBe(200);
  });

  afterAll(async () => {
    await app?.close();
    await mail?.close();
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

  /** A space with a data source `Handbook` holding a table `people`, and the `mail` MCP server in a space of its own. */
  async function createResources(): Promise<{ serverId: string }> {
    const { workspaceId, apiKey: key } = app.workspace;
    const w = `/api/w/${workspaceId}`;
    const space = await call(app.baseUrl, 'POST', `${w}/spaces`, { key, body: { name: 'Handbook space', isRestricted: false } });
    const source = await call(app.baseUrl, 'POST', `${w}/spaces/${space.body.space.sId}/data_sources`, { key, body: { name: 'Handbook' } });
    const table = await call(app.baseUrl, 'POST', `${w}/spaces/${space.body.space.sId}/data_sources/${source.body.dataSource.sId}/tables`, {
      key,
      body: { name: 'people', title: 'People', description: 'Who works here', table_id: 'people' },
    });
    expect([space.status, source.status, table.status]).toEqual([200, 200, 200]);
    const { serverId } = await registerRemoteServer(app.baseUrl, workspaceId, key, mail.url);
    return { serverId };
  }

  browser.test('a builder gives an agent a picture, knowledge, a table and a tool with stakes, which a save and a reload keep; its usage shows per day', async ({ page }) => {
    const { serverId } = await createResources();
    const { workspaceId, apiKey: key } = app.workspace;
    const created = await call(app.baseUrl, 'POST', `/api/w/${workspaceId}/assistant/agent_configurations`, { key, body: { assistant: assistant({ name: ATLAS, description: 'Knows the handbook.' }) } });
    expect(created.status).toBe(200);
    const atlasId: string = created.body.agentConfiguration.sId;
    // One conversation with atlas, for its usage.
    const asked = await call(app.baseUrl, 'POST', `/api/w/${workspaceId}/assistant/conversations`, {
      key,
      body: { title: 'Ask', message: { content: 'Hi', mentions: [{ configurationId: atlasId }], context: { username: 'ada', timezone: 'UTC' } } },
    });
    expect(asked.status).toBe(200);

    await openAgents(page);
    await page.getByRole('link', { name: `Edit ${ATLAS}` }).click();
    await expectPage(page, `Edit ${ATLAS}`);
    const knowledge = page.getByRole('group', { name: 'Knowledge' });
    const tables = page.getByRole('group', { name: 'Tables' });
    const tools = page.getByRole('group', { name: 'Tools' });
    await page.getByRole('group', { name: 'Picture' }).getByRole('radio', { name: 'Star' }).check();
    await knowledge.getByRole('checkbox', { name: 'Handbook (Handbook space)' }).check();
    await tables.getByRole('checkbox', { name: 'People (Handbook)' }).check();
    await tools.getByRole('checkbox', { name: /^mail / }).check();
    await tools.getByLabel('Stakes of mail').selectOption('high');
    await tools.getByLabel('Stakes of read_inbox').selectOption('never_ask');
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('status').filter({ hasText: 'Saved as version 1.' }).waitFor();

    // What the api keeps, and what the editor reads again after a reload.
    const saved = await call(app.baseUrl, 'GET', `/api/w/${workspaceId}/assistant/agent_configurations/${atlasId}?variant=full`, { key });
    expect(saved.body.agentConfiguration.toolStakes).toEqual({ servers: { [serverId]: 'high' }, tools: { read_inbox: 'never_ask' } });
    expect(saved.body.agentConfiguration.toolset).toHaveLength(3);
    expect(saved.body.agentConfiguration.pictureUrl).toMatch(/^data:image\/svg\+xml,/);
    await page.reload();
    await expectPage(page, `Edit ${ATLAS}`);
    expect(await page.getByRole('radio', { name: 'Star' }).isChecked()).toBe(true);
    expect(await knowledge.getByRole('checkbox', { name: 'Handbook (Handbook space)' }).isChecked()).toBe(true);
    expect(await tables.getByRole('checkbox', { name: 'People (Handbook)' }).isChecked()).toBe(true);
    expect(await tools.getByLabel('Stakes of mail').inputValue()).toBe('high');
    expect(await tools.getByLabel('Stakes of read_inbox').inputValue()).toBe('never_ask');
    expect(await tools.getByLabel('Stakes of send_email').inputValue()).toBe('');

    // A new version changing only the description keeps every tool and stake.
    await fillAgent(page, { description: 'Knows the handbook by heart.' });
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('status').filter({ hasText: 'Saved as version 2.' }).waitFor();
    const again = await call(app.baseUrl, 'GET', `/api/w/${workspaceId}/assistant/agent_configurations/${atlasId}?variant=full`, { key });
    expect({ toolset: again.body.agentConfiguration.toolset, toolStakes: again.body.agentConfiguration.toolStakes }).toEqual({
      toolset: saved.body.agentConfiguration.toolset,
      toolStakes: saved.body.agentConfiguration.toolStakes,
    });

    // Its usage: one message today, as a sentence, a chart and a table.
    const usage = page.getByRole('region', { name: 'Usage' });
    await usage.getByText('1 message over the last 30 days').waitFor();
    expect(await usage.getByRole('img', { name: 'Messages per day' }).count()).toBe(1);
    await usage.getByRole('radio', { name: 'Conversations' }).check();
    await usage.getByRole('img', { name: 'Conversations per day' }).waitFor();
    await usage.getByText('1 conversation counted day by day').waitFor();
    await usage.getByText('Numbers per day').click();
    const today = new Date().toISOString().slice(0, 10);
    // Messages, conversations, members: a key bound to no member asked, so no member is counted.
    expect(await usage.getByRole('row', { name: new RegExp(`^${today}`) }).innerText()).toMatch(new RegExp(`${today}\\s+1\\s+1\\s+0`));

    // An uploaded picture, shown on the card.
    await page.getByLabel('Upload a picture').setInputFiles({ name: 'owl.png', mimeType: 'image/png', buffer: PNG_PIXEL });
    await page.getByRole('status').filter({ hasText: 'owl.png is the picture now.' }).waitFor();
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('status').filter({ hasText: 'Saved as version 3.' }).waitFor();
    // A conversation shows it beside the agent's answers (here, the try-it pane's).
    const pane = page.getByRole('region', { name: 'Try it' });
    await pane.getByLabel('Message to try').fill('Who are you?');
    await pane.getByRole('button', { name: 'Try', exact: true }).click();
    const answer = pane.getByRole('article', { name: `Answer from ${ATLAS}` });
    await answer.getByText('Hello from a new agent.').waitFor();
    expect(await answer.locator('img').first().getAttribute('src')).toMatch(/\/files\/[^/]+\?action=view$/);
    await page.getByRole('link', { name: 'Back to agents' }).click();
    await expectPage(page, 'Agents');
    const picture = card(page, ATLAS).locator('img');
    expect(await picture.getAttribute('src')).toMatch(/\/files\/[^/]+\?action=view$/);
    expect(await picture.evaluate((image) => (image as unknown as { complete: boolean; naturalWidth: number }).naturalWidth > 0)).toBe(true);
  });

  browser.test('a builder lets an agent ask the person questions mid-run, which a save and a reload keep', async ({ page }) => {
    const { workspaceId, apiKey: key } = app.workspace;
    const created = await call(app.baseUrl, 'POST', `/api/w/${workspaceId}/assistant/agent_configurations`, { key, body: { assistant: assistant({ name: 'quizzer', description: 'Asks before it acts.' }) } });
    expect(created.status).toBe(200);
    const quizzerId: string = created.body.agentConfiguration.sId;
    await openAgents(page);
    await page.getByRole('link', { name: 'Edit quizzer' }).click();
    await expectPage(page, 'Edit quizzer');
    const asks = page.getByRole('group', { name: 'Tools' }).getByRole('checkbox', { name: 'Ask the person questions while it runs' });
    expect(await asks.isChecked()).toBe(false);
    await asks.check();
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('status').filter({ hasText: 'Saved as version 1.' }).waitFor();
    const saved = await call(app.baseUrl, 'GET', `/api/w/${workspaceId}/assistant/agent_configurations/${quizzerId}?variant=full`, { key });
    expect(saved.body.agentConfiguration.toolset).toEqual(['ask_user_question']);
    await page.reload();
    await expectPage(page, 'Edit quizzer');
    expect(await asks.isChecked()).toBe(true);
    await asks.uncheck();
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('status').filter({ hasText: 'Saved as version 2.' }).waitFor();
    const unchecked = await call(app.baseUrl, 'GET', `/api/w/${workspaceId}/assistant/agent_configurations/${quizzerId}?variant=full`, { key });
    expect(unchecked.body.agentConfiguration.toolset).toEqual([]);
  });

  browser.test('the try-it pane answers with the form as it stands, unsaved, and saves nothing but a draft', async ({ page }) => {
    await openAgents(page);
    await page.getByRole('link', { name: `Edit ${HELPER}` }).click();
    await expectPage(page, `Edit ${HELPER}`);
    await fillAgent(page, { instructions: 'Speak like a pirate.' });
    const pane = page.getByRole('region', { name: 'Try it' });
    await pane.getByLabel('Message to try').fill('Who are you?');
    await pane.getByRole('button', { name: 'Try', exact: true }).click();
    const answer = pane.getByRole('article', { name: `Answer from ${HELPER}` });
    await answer.getByText('Ahoy, the draft speaks.').waitFor();
    await expectAccessible(page);
    // A second message goes on in the same conversation, with the same draft.
    await pane.getByLabel('Message to try').fill('And again?');
    await pane.getByRole('button', { name: 'Try', exact: true }).click();
    await pane.getByRole('article', { name: `Answer from ${HELPER}` }).nth(1).getByText('Ahoy, the draft speaks.').waitFor();
    // A form changed since is tried as a new version of that draft, not as another draft.
    await fillAgent(page, { instructions: 'Speak like a pirate, in few words.' });
    await pane.getByLabel('Message to try').fill('Once more?');
    await pane.getByRole('button', { name: 'Try', exact: true }).click();
    await pane.getByRole('article', { name: `Answer from ${HELPER}` }).nth(2).getByText('Ahoy, the draft speaks.').waitFor();
    const { workspaceId, apiKey: key } = app.workspace;
    const everyAgent = await call(app.baseUrl, 'GET', `/api/w/${workspaceId}/assistant/agent_configurations?view=all_unrestricted`, { key });
    const drafts = everyAgent.body.agentConfigurations.filter((agent: { name: string; status: string }) => agent.name === HELPER && agent.status === 'draft');
    expect(drafts).toHaveLength(1);
    expect(drafts[0].instructions).toContain('in few words');
    expect(drafts[0].version).toBe(1);

    // The agent itself is as it was: no version was saved, and the gallery lists no draft.
    const history = await call(app.baseUrl, 'GET', `/api/w/${workspaceId}/assistant/agent_configurations`, { key });
    expect(history.body.agentConfigurations.filter((agent: { name: string }) => agent.name === HELPER)).toHaveLength(1);
    expect(history.body.agentConfigurations.find((agent: { name: string }) => agent.name === HELPER).instructions).not.toContain('pirate');
  });

  browser.test('the model list offers only what the workspace allows, and shows a provider it leaves out disabled with the reason', async ({ page }) => {
    const { workspaceId, apiKey: key } = app.workspace;
    const policy = (whiteListedProviders: string[] | null) => call(app.baseUrl, 'POST', `/api/w/${workspaceId}`, { key, body: { whiteListedProviders, defaultEmbeddingProvider: null } });
    expect((await policy(['openai'])).status).toBe(200);
    try {
      await openAgents(page);
      await page.getByRole('link', { name: 'New agent' }).click();
      await expectPage(page, 'New agent');
      const model = page.getByLabel('Model', { exact: true });
      expect(await model.locator('option:not([disabled])', { hasText: 'Mistral' }).count()).toBe(0);
      expect(await model.locator('option[disabled]').innerText()).toBe('Mistral (not available)');
      await page.getByText('Mistral is not available: An admin of the workspace has not allowed this provider.').waitFor();
      await expectAccessible(page);
    } finally {
      expect((await policy(null)).status).toBe(200);
    }
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
    // Model, Temperature, Max steps, the picture, knowledge, tables and tools as they are, then Save.
    const save = page.getByRole('button', { name: 'Save' });
    for (let field = 0; field < 40 && !(await save.evaluate((button) => button.matches(':focus'))); field += 1) await page.keyboard.press('Tab');
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

  // Last: it leaves 200 more agents in the workspace.
  browser.test('the gallery shows 200 agents quickly', async ({ page }) => {
    const { workspaceId, apiKey: key } = app.workspace;
    for (let start = 0; start < 200; start += 20) {
      const batch = Array.from({ length: 20 }, (_, offset) => `bulk${String(start + offset).padStart(3, '0')}`);
      const created = await Promise.all(
        batch.map((name) => call(app.baseUrl, 'POST', `/api/w/${workspaceId}/assistant/agent_configurations`, { key, body: { assistant: assistant({ name, description: `Agent ${name} of many.` }) } })),
      );
      expect(created.map((answer) => answer.status)).toEqual(batch.map(() => 200));
    }
    await openAgents(page);
    // From navigation to the 200th card drawn, a fresh page each time; the best of three.
    const timings: number[] = [];
    for (let round = 0; round < 3; round += 1) {
      const started = Date.now();
      await page.goto(`${app.baseUrl}/w/${workspaceId}/agents`);
      await card(page, 'bulk199').waitFor();
      timings.push(Date.now() - started);
    }
    expect(await page.getByRole('list', { name: 'Active agents' }).getByRole('article').count()).toBeGreaterThanOrEqual(200);
    process.stdout.write(`gallery with 200 agents shown in ${Math.min(...timings)} ms (rounds: ${timings.join(', ')} ms)\n`);
    // Measured at 0.5 to 0.9 s on two shared cores, most of it the app's start and the agents chunk; a bound with room for a busy CI.
    expect(Math.min(...timings)).toBeLessThan(3_000);
  });
});
