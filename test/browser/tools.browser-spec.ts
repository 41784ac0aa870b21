import { until } from '@app/contracts/test/until';
import type { Page } from 'playwright-core';
import { isTitleRequest, openAIEnv, sentText, textScenario } from '../support/agent-run-helpers';
import { FakeOpenAIServer, type RecordedRequest, type Scenario } from '../support/fake-openai-server';
import { startMailServer } from '../support/mail-tools';
import { registerServer } from '../support/mcp-tool-server';
import { createAccount, type Account } from '../support/people';
import { createAgentWithView, LOCAL_MCP_ENV, registerRemoteServer } from '../support/remote-mcp-agents';
import { startRemoteToolServer, type RemoteToolServer } from '../support/remote-mcp-server';
import { call } from '../support/test-app';
import { browserSuite, describeInBrowser, expectAccessible, expectPage, scrollsSideways } from './support/browser-suite';
import { signInThroughPage, startWebApp, WORKSPACE_NAME, type WebAppUnderTest } from './support/web-app';

// The workspace's Tools in the web app: an admin registers a remote MCP server (a local one that
// wants a bearer token), sees its tools and never the token again, syncs and deletes it; a tool call
// waiting for the person is listed across conversations and approved from there, which resumes the
// run; the servers in spaces and the person's client-side servers are listed too; a member with the
// user role is told who lists remote servers rather than shown the api's refusal.

const MAILER = 'mailer';
const ORDERS_TOKEN = 'orders-secret-token-1843';

/** The model mails Ada when asked to, then says so once the tool answered. */
function scenarioFor(request: RecordedRequest): Scenario {
  const sent = sentText(request.body);
  if (sent.includes('Sent to ada@example.com')) return textScenario(['I sent ', 'the email.']);
  if (sent.includes('Mail Ada')) return { steps: [{ type: 'tool-call', name: 'send_email', args: { to: 'ada@example.com' } }] };
  return textScenario(['Hello.']);
}

describeInBrowser('tools in a browser', () => {
  const browser = browserSuite();
  let app: WebAppUnderTest;
  let fake: FakeOpenAIServer;
  let mail: RemoteToolServer;
  let orders: RemoteToolServer;
  /** A key acting as the signed-in admin (Ada), for what a program of hers would do. */
  let adaKey: string;

  beforeAll(async () => {
    fake = await FakeOpenAIServer.start();
    fake.setResolver((request) => (isTitleRequest(request) ? textScenario(['Errands']) : scenarioFor(request)));
    mail = await startMailServer();
    orders = await startRemoteToolServer({ token: ORDERS_TOKEN });
    // SECRETS_KEY: header values are kept encrypted, and refused without a key to encrypt them with.
    app = await startWebApp({ ...openAIEnv(fake, { ...LOCAL_MCP_ENV, SECRETS_KEY: '7'.repeat(64) }), AGENT_RUNNER_ENABLED: 'true' });
    const { workspaceId, apiKey } = app.workspace;
    const server = await registerRemoteServer(app.baseUrl, workspaceId, apiKey, mail.url);
    await createAgentWithView(app.baseUrl, workspaceId, apiKey, server.viewId, { name: MAILER, description: 'Sends mail.' });
    adaKey = await app.t.createKey(workspaceId, 'user', app.person.email);
  });

  afterAll(async () => {
    await app?.close();
    await orders?.close();
    await mail?.close();
    await fake?.close();
  });

  /** Signs in as `account` and opens Tools from the workspace's header. */
  async function openTools(page: Page, account: Account = app.person): Promise<void> {
    await page.goto(`${app.baseUrl}/`);
    await signInThroughPage(page, account);
    await expectPage(page, WORKSPACE_NAME);
    await page.getByRole('navigation', { name: 'Workspace' }).getByRole('link', { name: 'Tools' }).click();
    await expectPage(page, 'Waiting for you');
  }

  const section = (page: Page, name: string) => page.getByRole('navigation', { name: 'Tools' }).getByRole('link', { name });

  browser.test('an admin registers a server with a secret header, sees its tools and never the secret, syncs it, puts it in a space and out, and deletes it', async ({ page }) => {
    await openTools(page);
    await section(page, 'Remote servers').click();
    await expectPage(page, 'Remote servers');
    await page.getByLabel('Server URL').fill(orders.url);
    await page.getByLabel('Header 1 name').fill('Authorization');
    await page.getByLabel('Header 1 value').fill(`Bearer ${ORDERS_TOKEN}`);
    expect(await page.getByLabel('Header 1 value').getAttribute('type')).toBe('password');
    await page.getByRole('button', { name: 'Register' }).click();
    await page.getByText('orders registered.').waitFor();
    expect(orders.authorizations).toContain(`Bearer ${ORDERS_TOKEN}`);

    const row = page.getByRole('listitem', { name: 'orders' });
    expect(await row.innerText()).toContain('Headers: Authorization (values kept secret)');
    // Not in the page, not in the form it was typed in, not in what the api answers.
    expect(await page.content()).not.toContain(ORDERS_TOKEN);
    expect(await page.getByLabel('Header 1 value').inputValue()).toBe('');
    expect(JSON.stringify((await call(app.baseUrl, 'GET', `/api/w/${app.workspace.workspaceId}/mcp/remote_servers`, { key: app.workspace.apiKey })).body)).not.toContain(ORDERS_TOKEN);

    await row.getByText('4 tools').click();
    const tools = page.getByRole('list', { name: 'Tools of orders' });
    await tools.getByText('lookup_order', { exact: true }).waitFor();
    expect(await tools.innerText()).toContain('Looks an order up.');
    await expectAccessible(page);

    orders.extraTools.push('refund_order');
    await page.getByRole('button', { name: 'Sync orders' }).click();
    await page.getByText('orders synced: 5 tools.').waitFor();
    await tools.getByText('refund_order', { exact: true }).waitFor();

    // Put in a space and taken out again, from In spaces.
    await section(page, 'In spaces').click();
    await expectPage(page, 'Servers in spaces');
    const spaceName = (await page.locator('label', { hasText: 'Server to add to ' }).first().innerText()).replace('Server to add to ', '');
    const space = page.getByRole('region', { name: spaceName });
    await space.getByLabel(`Server to add to ${spaceName}`).selectOption({ label: 'orders' });
    await space.getByRole('button', { name: `Add to ${spaceName}` }).click();
    const view = space.getByRole('list', { name: `Servers in ${spaceName}` }).getByRole('listitem', { name: 'orders' });
    await view.waitFor();
    expect(await view.innerText()).toContain('5 tools');
    await expectAccessible(page);
    await space.getByRole('button', { name: `Remove orders from ${spaceName}` }).click();
    await space.getByRole('button', { name: 'Yes, remove' }).click();
    await view.waitFor({ state: 'detached' });

    await section(page, 'Remote servers').click();
    await expectPage(page, 'Remote servers');
    await page.getByRole('button', { name: 'Delete orders' }).click();
    await page.getByRole('button', { name: 'Yes, delete' }).click();
    await page.getByText('orders deleted.').waitFor();
    await row.waitFor({ state: 'detached' });
  });

  browser.test('a call waiting for the person is listed with a link to its conversation; Approve there resumes the run', async ({ page }) => {
    const conversation = await call(app.baseUrl, 'POST', `/api/v1/w/${app.workspace.workspaceId}/assistant/conversations`, {
      key: adaKey,
      body: { title: 'Minutes', message: { content: 'Mail Ada the minutes', mentions: [{ configurationId: await mailerId() }], context: { username: 'ada', timezone: 'UTC' } } },
    });
    expect(conversation.status).toBe(200);
    const cId: string = conversation.body.conversation.sId;
    await until(async () => (await call(app.baseUrl, 'GET', `/api/w/${app.workspace.workspaceId}/assistant/actions/blocked`, { key: adaKey })).body.blockedActions.length === 1);

    await openTools(page);
    const waiting = page.getByRole('region', { name: 'Minutes' });
    expect(await waiting.getByRole('link', { name: 'Minutes' }).getAttribute('href')).toBe(`/w/${app.workspace.workspaceId}/conversations/${cId}`);
    const prompt = waiting.getByRole('group', { name: 'Allow mailer to use send_email from mail?' });
    expect(await prompt.locator('pre').innerText()).toContain('"to": "ada@example.com"');
    await expectAccessible(page);
    // By keyboard: the prompt's first button, then Enter.
    await prompt.getByRole('button', { name: 'Approve' }).focus();
    await page.keyboard.press('Enter');
    await waiting.getByText('Approved: send_email').waitFor();
    await until(async () => mail.calls.some((each) => each.name === 'send_email'));

    await waiting.getByRole('link', { name: 'Minutes' }).click();
    await page.getByRole('article', { name: `Answer from ${MAILER}` }).getByText('I sent the email.').waitFor();
    await page.getByRole('navigation', { name: 'Workspace' }).getByRole('link', { name: 'Tools' }).click();
    await expectPage(page, 'Waiting for you');
    await page.getByText('Nothing waits for you.').waitFor();
  });

  browser.test('a member with the user role is told who lists remote servers, and reads every other Tools page without a refusal', async ({ page }) => {
    const ulla = await createAccount(app.t.dataDir, app.workspace.workspaceId, 'ulla@example.com', { role: 'user', name: 'Ulla', password: 'tools are not mine' });
    await openTools(page, ulla);
    await page.getByText('Nothing waits for you.').waitFor();
    await section(page, 'Remote servers').click();
    await expectPage(page, 'Remote servers');
    await page.getByText("Registering and listing remote MCP servers is for the workspace's admins and builders.").waitFor();
    await expectAccessible(page);
    expect(await page.getByRole('button', { name: 'Register' }).count()).toBe(0);
    await page.getByRole('main').getByRole('link', { name: 'in your spaces' }).click();
    await expectPage(page, 'Servers in spaces');
    await page.getByRole('listitem', { name: 'mail' }).waitFor();
    await section(page, 'Connected servers').click();
    await expectPage(page, 'Connected servers');
    await page.getByText('No client-side server of yours is connected.').waitFor();
    // No page shows the api's refusal in its own words.
    for (const name of ['Waiting for you', 'Remote servers', 'In spaces', 'Connected servers']) {
      await section(page, name).click();
      await page.getByRole('main').getByRole('heading', { level: 1 }).waitFor();
      expect({ name, text: await page.getByRole('main').innerText() }).not.toEqual({ name, text: expect.stringMatching(/admins and builders can|forbidden|403|not allowed/i) });
    }
  });

  browser.test(
    'on a phone in the dark the servers in spaces and the connected servers fit the width and keep their contrast',
    async ({ page }) => {
      const serverId = await registerServer(app.baseUrl, app.workspace.workspaceId, adaKey, 'Desk tools');
      await openTools(page);
      expect(await scrollsSideways(page)).toBe(false);
      await section(page, 'In spaces').click();
      await expectPage(page, 'Servers in spaces');
      await page.getByRole('listitem', { name: 'mail' }).waitFor();
      expect(await scrollsSideways(page)).toBe(false);
      await expectAccessible(page);
      await section(page, 'Connected servers').click();
      await expectPage(page, 'Connected servers');
      const desk = page.getByRole('listitem', { name: 'Desk tools' });
      expect(await desk.innerText()).toContain(serverId);
      expect(await scrollsSideways(page)).toBe(false);
      await expectAccessible(page);
      await section(page, 'Remote servers').click();
      await expectPage(page, 'Remote servers');
      expect(await scrollsSideways(page)).toBe(false);
    },
    { viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true, colorScheme: 'dark' },
  );

  async function mailerId(): Promise<string> {
    const agents = await call(app.baseUrl, 'GET', `/api/v1/w/${app.workspace.workspaceId}/assistant/agent_configurations`, { key: app.workspace.apiKey });
    return agents.body.agentConfigurations.find((agent: { name: string }) => agent.name === MAILER).sId;
  }
});
