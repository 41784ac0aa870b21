import { until } from '@app/contracts/test/until';
import type { Locator, Page } from 'playwright-core';
import { assistant } from '../support/agent-assistant-body';
import { isTitleRequest, openAIEnv, sentText, textScenario } from '../support/agent-run-helpers';
import { FakeOpenAIServer, type RecordedRequest, type Scenario } from '../support/fake-openai-server';
import { startMailServer } from '../support/mail-tools';
import { createAgentWithView, LOCAL_MCP_ENV, registerRemoteServer } from '../support/remote-mcp-agents';
import type { RemoteToolServer } from '../support/remote-mcp-server';
import { call } from '../support/test-app';
import { browserSuite, describeInBrowser, expectAccessible, scrollsSideways } from './support/browser-suite';
import { openNewConversation, sendMentioning, signInThroughPage, startWebApp, type WebAppUnderTest } from './support/web-app';

// What agents do, seen in the web app: a tool call that waits for the person shows as a prompt
// whose answer resumes the run; each call is a folded step with its input and output; an answer
// citing the documents a search found shows numbered links to them. The tools are a remote MCP
// server (`mail`: `send_email` is high stake, `read_inbox` low) and a data source search; the model
// is the local fake, which calls them as the person's words ask and answers from what they returned.

const MAILER = 'mailer';
const HANDBOOK = 'handbook';

/** What the model does next in a conversation: call a tool for the person's words, then answer from its result. */
function scenarioFor(request: RecordedRequest): Scenario {
  const sent = sentText(request.body);
  if (sent.includes('Sent to ada@example.com')) return textScenario(['I sent ', 'the email.']);
  if (sent.includes('declined the call of send_email')) return textScenario(['I did not ', 'send it.']);
  if (sent.includes('No new mail')) return textScenario(['Your inbox is empty.']);
  const leave = /:cite\[([a-z]{3})\] Leave policy/.exec(sent)?.[1];
  const expenses = /:cite\[([a-z]{3})\] Expenses/.exec(sent)?.[1];
  if (leave && expenses) {
    return textScenario([`You get 25 days of paid leave :cite[${leave}]. `, `Expenses are repaid within 30 days :cite[${expenses},${leave}]`, `, and :cite[zzz] nothing.`]);
  }
  if (sent.includes('Mail Ada')) return { steps: [{ type: 'tool-call', name: 'send_email', args: { to: 'ada@example.com' } }] };
  if (sent.includes('Any mail')) return { steps: [{ type: 'tool-call', name: 'read_inbox', args: {} }] };
  if (sent.includes('days of leave')) return { steps: [{ type: 'tool-call', name: 'search_data_sources', args: { query: 'days' } }] };
  return textScenario(['Hello.']);
}

describeInBrowser('what agents do, in a browser', () => {
  const browser = browserSuite();
  let app: WebAppUnderTest;
  let fake: FakeOpenAIServer;
  let mail: RemoteToolServer;

  beforeAll(async () => {
    fake = await FakeOpenAIServer.start();
    fake.setResolver((request) => (isTitleRequest(request) ? textScenario(['Errands']) : scenarioFor(request)));
    mail = await startMailServer();
    app = await startWebApp({ ...openAIEnv(fake, LOCAL_MCP_ENV), AGENT_RUNNER_ENABLED: 'true' });
    const { workspaceId, apiKey } = app.workspace;
    const server = await registerRemoteServer(app.baseUrl, workspaceId, apiKey, mail.url);
    await createAgentWithView(app.baseUrl, workspaceId, apiKey, server.viewId, { name: MAILER, description: 'Sends and reads mail.' });
    await createHandbookAgent(app);
  });

  afterAll(async () => {
    await app?.close();
    await mail?.close();
    await fake?.close();
  });

  beforeEach(() => {
    mail.calls.length = 0;
  });

  /** Signs in, opens New conversation and sends `words` to the agent picked from the list; answers the agent's answer. */
  async function ask(page: Page, words: string, agent: string): Promise<Locator> {
    await openNewConversation(page, app);
    await sendMentioning(page, words, agent);
    await page.waitForURL(/\/conversations\//);
    return page.getByRole('article', { name: `Answer from ${agent}` });
  }

  browser.test('a tool call waiting for approval shows a prompt, again after a reload; Approve resumes the run, and the step shows its input and output', async ({ page, anotherBrowser }) => {
    let answer = await ask(page, 'Mail Ada the minutes', MAILER);
    let prompt = answer.getByRole('group', { name: 'Allow mailer to use send_email from mail?' });
    await prompt.waitFor();
    await answer.getByText('Waiting for approval…').first().waitFor();
    expect(await prompt.locator('pre').innerText()).toContain('"to": "ada@example.com"');
    // A high stake asks every time: no "Always allow".
    expect(await prompt.getByRole('button').allInnerTexts()).toEqual(['Approve', 'Reject']);
    await expectAccessible(page);
    expect(mail.calls).toEqual([]);

    // Another browser, which kept nothing of the stream, hears of the call from the stream's start.
    const conversation = page.url();
    const elsewhere = await anotherBrowser();
    await elsewhere.goto(conversation);
    await signInThroughPage(elsewhere, app.person);
    await elsewhere.getByRole('article', { name: `Answer from ${MAILER}` }).getByRole('group', { name: 'Allow mailer to use send_email from mail?' }).waitFor();

    await page.reload();
    answer = page.getByRole('article', { name: `Answer from ${MAILER}` });
    prompt = answer.getByRole('group', { name: 'Allow mailer to use send_email from mail?' });
    await prompt.waitFor();
    await prompt.getByRole('button', { name: 'Approve' }).click();
    await idle(answer);
    await answer.getByText('I sent the email.').waitFor();
    expect(await answer.getByRole('group', { name: /^Allow / }).count()).toBe(0);
    expect(mail.calls).toEqual([{ name: 'send_email', args: { to: 'ada@example.com' } }]);

    // The step is folded; unfolded, it shows what was sent and what the tool answered.
    const step = answer.getByRole('list', { name: 'Steps' }).locator('details');
    expect(await step.getAttribute('open')).toBeNull();
    expect(await step.locator('summary').innerText()).toBe('send_email from mail · Done');
    await step.locator('summary').click();
    await step.getByText('"to": "ada@example.com"').waitFor();
    await step.getByText('Sent to ada@example.com').waitFor();
    await expectAccessible(page);
    // The other browser's prompt leaves when the call ends.
    await elsewhere.getByText('I sent the email.').waitFor();
    expect(await elsewhere.getByRole('group', { name: /^Allow / }).count()).toBe(0);
  });

  browser.test('Reject declines the call: the tool never runs, the step says so and the agent answers without it', async ({ page }) => {
    const answer = await ask(page, 'Mail Ada the draft', MAILER);
    const prompt = answer.getByRole('group', { name: 'Allow mailer to use send_email from mail?' });
    // The keyboard alone answers: Approve, then Reject.
    await prompt.getByRole('button', { name: 'Approve' }).focus();
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await idle(answer);
    await answer.getByText('I did not send it.').waitFor();
    expect(mail.calls).toEqual([]);
    const step = answer.getByRole('list', { name: 'Steps' }).locator('details');
    expect(await step.locator('summary').innerText()).toBe('send_email from mail · Declined');
    await step.locator('summary').click();
    await step.getByText('The user declined the call of send_email').waitFor();
  });

  browser.test(
    'on a phone in the dark, a low-stake tool offers Always allow, and the prompt fits the width',
    async ({ page }) => {
      const answer = await ask(page, 'Any mail for me?', MAILER);
      const prompt = answer.getByRole('group', { name: 'Allow mailer to use read_inbox from mail?' });
      await prompt.waitFor();
      expect(await prompt.getByRole('button').allInnerTexts()).toEqual(['Approve', 'Reject', 'Always allow']);
      expect(await scrollsSideways(page)).toBe(false);
      await expectAccessible(page);
      await prompt.getByRole('button', { name: 'Always allow' }).click();
      await idle(answer);
      await answer.getByText('Your inbox is empty.').waitFor();
      expect(mail.calls).toEqual([{ name: 'read_inbox', args: {} }]);
      expect(await scrollsSideways(page)).toBe(false);
    },
    { viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true, colorScheme: 'dark' },
  );

  browser.test('an answer citing what a search found shows numbered links to the documents and lists them, with no raw marker', async ({ page }) => {
    const answer = await ask(page, 'How many days of leave?', HANDBOOK);
    await idle(answer);
    await answer.getByText('You get 25 days of paid leave').waitFor();
    const text = await answer.innerText();
    expect(text).not.toContain(':cite');
    expect(text).not.toContain('zzz');

    // Numbered by first citation: the leave policy is [1] each time, the expenses (no address) [2], unlinked.
    const leave = answer.getByRole('link', { name: '[1] Leave policy' });
    expect(await leave.count()).toBe(2);
    expect(await leave.first().getAttribute('href')).toBe('https://example.com/leave');
    expect(await leave.first().getAttribute('title')).toBe('Leave policy');
    expect(await leave.first().getAttribute('rel')).toContain('noopener');
    expect(await answer.locator('sup').allInnerTexts()).toEqual(['[1]', '[2]', '[1]']);
    expect(await answer.getByRole('link', { name: /Expenses/ }).count()).toBe(0);
    const sources = answer.getByRole('list', { name: 'Sources' });
    expect(await sources.getByRole('listitem').allInnerTexts()).toEqual(['Leave policy', 'Expenses']);
    expect(await sources.getByRole('link', { name: 'Leave policy' }).getAttribute('href')).toBe('https://example.com/leave');

    // The search step: what was searched and the documents found.
    const step = answer.getByRole('list', { name: 'Steps' }).locator('details');
    expect(await step.locator('summary').innerText()).toBe('Search · Done');
    await step.locator('summary').click();
    await step.getByText('Searched for').waitFor();
    expect(await step.locator('q').innerText()).toBe('days');
    expect((await step.getByRole('list', { name: 'Documents found' }).getByRole('listitem').allInnerTexts()).sort()).toEqual(['Expenses', 'Leave policy']);
    await expectAccessible(page);
  });
});

/** Waits until the answer is no longer being written. */
function idle(answer: Locator): Promise<void> {
  return answer.and(answer.page().locator('[aria-busy="false"]')).waitFor({ timeout: 15_000 });
}

/** A handbook agent whose data source holds a leave policy (with an address) and an expense rule (without), both found by the search index. */
async function createHandbookAgent(app: WebAppUnderTest): Promise<void> {
  const { workspaceId, apiKey: key } = app.workspace;
  const w = `/api/w/${workspaceId}`;
  const space = await call(app.baseUrl, 'POST', `${w}/spaces`, { key, body: { name: 'Handbook space', isRestricted: false } });
  const created = await call(app.baseUrl, 'POST', `${w}/spaces/${space.body.space.sId}/data_sources`, { key, body: { name: 'Handbook' } });
  const documents = `${w}/spaces/${space.body.space.sId}/data_sources/${created.body.dataSource.sId}/documents`;
  const leave = await call(app.baseUrl, 'POST', `${documents}/leave`, { key, body: { text: 'Employees get 25 days of paid leave per year.', title: 'Leave policy', source_url: 'https://example.com/leave' } });
  const expenses = await call(app.baseUrl, 'POST', `${documents}/expenses`, { key, body: { text: 'Expenses are repaid within 30 days.', title: 'Expenses' } });
  expect([leave.status, expenses.status]).toEqual([200, 200]);
  const search = `/api/v1/w/${workspaceId}/spaces/${space.body.space.sId}/data_sources/${created.body.dataSource.sId}/search?query=days&top_k=5`;
  await until(async () => (await call(app.baseUrl, 'GET', search, { key })).body.documents?.length === 2, 10_000);
  const agent = assistant({ name: HANDBOOK, description: 'Answers from the handbook.', actions: [{ type: 'mcp_server_configuration', dataSources: [{ dataSourceViewId: created.body.dataSourceView.sId }] }] });
  const made = await call(app.baseUrl, 'POST', `${w}/assistant/agent_configurations`, { key, body: { assistant: agent } });
  expect(made.status).toBe(200);
}
