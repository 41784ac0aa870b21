import type { Locator, Page } from 'playwright-core';
import { isTitleRequest, openAIEnv, sentText, textScenario } from '../support/agent-run-helpers';
import { FakeOpenAIServer, type RecordedRequest, type Scenario } from '../support/fake-openai-server';
import { startMailServer } from '../support/mail-tools';
import { createAccount, type Account } from '../support/people';
import { LOCAL_MCP_ENV } from '../support/remote-mcp-agents';
import type { RemoteToolServer } from '../support/remote-mcp-server';
import { call } from '../support/test-app';
import { browserSuite, describeInBrowser, expectAccessible, expectPage } from './support/browser-suite';
import { joinFromInvitation, sendMentioning, signInThroughPage, startWebApp, WORKSPACE_NAME, type WebAppUnderTest } from './support/web-app';

// A workspace built and run from the browser alone, as its people would: a builder gives a new data
// source a document and a CSV table, makes an agent that searches the one and queries the other, and
// gets from it an answer only the document holds (with its citation) and one only the table holds
// (with its query step); an admin invites a member and changes their role, creates a key and revokes
// it, registers a remote MCP server, gives an agent its tools and approves one of its calls.

const FOG_HORN = 'The fog horn at the north pier sounds every 30 seconds while fog lies on the harbour.';
const ARRIVALS_CSV = 'vessel,tonnage\nMarietta,1200\nKestrel,3400\nNorthern Star,5600\n';
/** What only the table knows: the sum of its tonnage column. */
const TOTAL_TONNAGE = '10200';
const HARBOURMASTER = 'harbourmaster';
const POSTMASTER = 'postmaster';

/** The model: searches for the fog horn, queries the table for tonnage, mails Ada; then answers from what each tool returned. */
function scenarioFor(request: RecordedRequest): Scenario {
  const sent = sentText(request.body);
  // The latest question first: a request carries the whole conversation, earlier answers included.
  if (sent.includes(TOTAL_TONNAGE)) return textScenario([`The vessels this season `, `brought ${TOTAL_TONNAGE} tonnes.`]);
  if (sent.includes('How many tonnes')) return { steps: [{ type: 'tool-call', name: 'query_tables', args: { query: 'SELECT SUM(tonnage) AS total FROM "arrivals"' } }] };
  if (sent.includes('Sent to ada@example.com')) return textScenario(['I sent ', 'the email.']);
  if (sent.includes('Mail Ada')) return { steps: [{ type: 'tool-call', name: 'send_email', args: { to: 'ada@example.com' } }] };
  const fogHorn = /:cite\[([a-z0-9]{3})\] fog-horn/.exec(sent)?.[1];
  if (fogHorn) return textScenario([`It sounds every 30 seconds `, `in fog :cite[${fogHorn}].`]);
  if (sent.includes('How often does the fog horn')) return { steps: [{ type: 'tool-call', name: 'search_data_sources', args: { query: 'fog horn' } }] };
  return textScenario(['Hello.']);
}

describeInBrowser('a workspace built and run from the browser', () => {
  const browser = browserSuite();
  let app: WebAppUnderTest;
  let fake: FakeOpenAIServer;
  let mail: RemoteToolServer;
  let builder: Account;

  beforeAll(async () => {
    fake = await FakeOpenAIServer.start();
    fake.setResolver((request) => (isTitleRequest(request) ? textScenario(['Harbour']) : scenarioFor(request)));
    mail = await startMailServer();
    app = await startWebApp({ ...openAIEnv(fake, LOCAL_MCP_ENV), AGENT_RUNNER_ENABLED: 'true' });
    builder = await createAccount(app.t.dataDir, app.workspace.workspaceId, 'bea@example.com', { role: 'builder', name: 'Bea', password: 'indexes before queries' });
  });

  afterAll(async () => {
    await app?.close();
    await mail?.close();
    await fake?.close();
  });

  /** Signs `account` in and opens an area of the workspace from its header. */
  async function openArea(page: Page, account: Account, area: string, heading: string): Promise<void> {
    await page.goto(`${app.baseUrl}/`);
    await signInThroughPage(page, account);
    await expectPage(page, WORKSPACE_NAME);
    await openFromHeader(page, area, heading);
  }

  async function openFromHeader(page: Page, area: string, heading: string): Promise<void> {
    await page.getByRole('navigation', { name: 'Workspace' }).getByRole('link', { name: area }).click();
    await expectPage(page, heading);
  }

  /** New agent, from the gallery: the fields a person fills first, then the caller's own choices, then Save. */
  async function createAgent(page: Page, fields: { name: string; description: string; instructions: string }, choose: () => Promise<void>): Promise<void> {
    await openFromHeader(page, 'Agents', 'Agents');
    await page.getByRole('link', { name: 'New agent' }).click();
    await expectPage(page, 'New agent');
    await page.getByLabel('Name', { exact: true }).fill(fields.name);
    await page.getByLabel('Description', { exact: true }).fill(fields.description);
    await page.getByLabel('Instructions', { exact: true }).fill(fields.instructions);
    await choose();
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Save' }).click();
    // A new agent, once saved, is in the gallery.
    await expectPage(page, 'Agents');
    await page.getByRole('link', { name: `Edit ${fields.name}` }).waitFor();
  }

  /** Sends `words` to `agent` in a new conversation, or in the open one; answers the newest answer's row. */
  async function ask(page: Page, words: string, agent: string, fresh: boolean): Promise<Locator> {
    const answers = page.getByRole('article', { name: `Answer from ${agent}` });
    const before = fresh ? 0 : await answers.count();
    if (fresh) {
      await openFromHeader(page, 'Conversations', WORKSPACE_NAME);
      await page.getByRole('button', { name: 'New conversation' }).click();
      await expectPage(page, 'New conversation');
    }
    await sendMentioning(page, words, agent);
    await page.waitForURL(/\/conversations\//);
    return answers.nth(before);
  }

  browser.test('a builder gives a data source a document and a CSV table, makes an agent of both, and gets an answer from each with its citation and its query step', async ({ page }) => {
    await openArea(page, builder, 'Knowledge', 'Knowledge');
    await page.getByRole('list', { name: 'Spaces' }).getByRole('link', { name: 'Company Data' }).click();
    await page.getByLabel('Data source name').fill('Harbour notes');
    await page.getByLabel('Description').fill('What the harbour office writes down');
    await page.getByRole('button', { name: 'Create data source' }).click();
    await page.getByRole('list', { name: 'Data sources' }).getByRole('link', { name: 'Harbour notes' }).click();

    const chooser = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: 'Upload documents' }).click();
    await (await chooser).setFiles([{ name: 'fog-horn.txt', mimeType: 'text/plain', buffer: Buffer.from(FOG_HORN) }]);
    await page.getByRole('list', { name: 'Documents' }).getByRole('link', { name: 'fog-horn.txt' }).waitFor();

    await page.getByLabel('Table name').fill('arrivals');
    await page.getByLabel('Table description').fill('Vessels arrived this season, with their tonnage');
    await page.getByLabel('CSV file').setInputFiles({ name: 'arrivals.csv', mimeType: 'text/csv', buffer: Buffer.from(ARRIVALS_CSV) });
    await page.getByRole('button', { name: 'Import CSV' }).click();
    // Open once the import is ready: every row is in before the agent is asked.
    await page.getByRole('link', { name: 'Open arrivals' }).waitFor();
    await expectAccessible(page);

    await createAgent(page, { name: HARBOURMASTER, description: 'Knows the harbour.', instructions: 'Answer from the harbour notes and the arrivals table.' }, async () => {
      await page.getByRole('group', { name: 'Knowledge' }).getByRole('checkbox', { name: 'Harbour notes (Company Data)' }).check();
      await page.getByRole('group', { name: 'Tables' }).getByRole('checkbox', { name: /^arrivals \(Harbour notes\)/ }).check();
    });

    // Only the document knows the fog horn: the answer cites it, and its search step lists it.
    const fromDocument = await ask(page, 'How often does the fog horn sound?', HARBOURMASTER, true);
    await idle(fromDocument);
    await fromDocument.getByText('It sounds every 30 seconds in fog').waitFor();
    expect(await fromDocument.innerText()).not.toContain(':cite');
    // An uploaded file has no address: its citation is a number, unlinked, and it is listed as the source.
    expect(await fromDocument.locator('sup').allInnerTexts()).toEqual(['[1]']);
    expect(await fromDocument.getByRole('list', { name: 'Sources' }).innerText()).toContain('fog-horn.txt');
    const search = fromDocument.getByRole('list', { name: 'Steps' }).locator('details');
    expect(await search.locator('summary').innerText()).toBe('Search · Done');

    // Only the table knows the tonnage: the answer gives it, and its step shows the query and its result.
    const fromTable = await ask(page, 'How many tonnes arrived this season?', HARBOURMASTER, false);
    await idle(fromTable);
    await fromTable.getByText(`brought ${TOTAL_TONNAGE} tonnes`).waitFor();
    const query = fromTable.getByRole('list', { name: 'Steps' }).locator('details');
    expect(await query.locator('summary').innerText()).toMatch(/ · Done$/);
    await query.locator('summary').click();
    await query.getByText('SUM(tonnage)').first().waitFor();
    await query.getByText(TOTAL_TONNAGE).first().waitFor();
    await expectAccessible(page);
  });

  browser.test(
    'an admin invites a member and changes their role, creates and revokes a key, registers a remote MCP server, gives an agent its tools and approves a call',
    async ({ page, anotherBrowser }) => {
      const { workspaceId } = app.workspace;
      await openArea(page, app.person, 'Administration', 'Members');
      await page.getByLabel('Email address').fill('grace@example.com');
      await page.getByLabel('Role', { exact: true }).selectOption('user');
      await page.getByRole('button', { name: 'Invite' }).click();
      const link = await page.getByLabel('Invitation link for grace@example.com').inputValue();
      await joinFromInvitation(await anotherBrowser(), app, link, 'Grace', 'compilers all the way');
      await page.reload();
      await expectPage(page, 'Members');
      await page.getByRole('combobox', { name: 'Role of Grace' }).selectOption('builder');
      await page.getByRole('button', { name: 'Change role of Grace' }).click();
      await page.reload();
      await expectPage(page, 'Members');
      expect(await page.getByRole('combobox', { name: 'Role of Grace' }).inputValue()).toBe('builder');

      await page.getByRole('navigation', { name: 'Administration' }).getByRole('link', { name: 'API keys' }).click();
      await expectPage(page, 'API keys');
      await page.getByLabel('Role of the new key').selectOption('user');
      await page.getByRole('button', { name: 'Create key' }).click();
      const secret = await page.getByLabel('Key secret').inputValue();
      const spaces = `/api/v1/w/${workspaceId}/spaces`;
      expect((await call(app.baseUrl, 'GET', spaces, { key: secret })).status).toBe(200);
      const keyName = `${secret.slice(0, 9)}…`;
      const keyRow = page.getByRole('list', { name: 'API keys' }).getByRole('listitem', { name: keyName });
      await keyRow.getByRole('button', { name: `Revoke ${keyName}` }).click();
      await keyRow.getByRole('button', { name: 'Yes, revoke' }).click();
      await keyRow.waitFor({ state: 'detached' });
      expect((await call(app.baseUrl, 'GET', spaces, { key: secret })).status).toBe(401);
      await expectAccessible(page);

      await openFromHeader(page, 'Tools', 'Waiting for you');
      await page.getByRole('navigation', { name: 'Tools' }).getByRole('link', { name: 'Remote servers' }).click();
      await expectPage(page, 'Remote servers');
      await page.getByLabel('Server URL').fill(mail.url);
      await page.getByRole('button', { name: 'Register' }).click();
      await page.getByText('mail registered.').waitFor();
      await page.getByRole('navigation', { name: 'Tools' }).getByRole('link', { name: 'In spaces' }).click();
      await expectPage(page, 'Servers in spaces');
      const companyData = page.getByRole('region', { name: 'Company Data' });
      await companyData.getByLabel('Server to add to Company Data').selectOption({ label: 'mail' });
      await companyData.getByRole('button', { name: 'Add to Company Data' }).click();
      await companyData.getByRole('list', { name: 'Servers in Company Data' }).getByRole('listitem', { name: 'mail' }).waitFor();

      await createAgent(page, { name: POSTMASTER, description: 'Sends the mail.', instructions: 'Send what you are asked to send.' }, async () => {
        const tools = page.getByRole('group', { name: 'Tools' });
        await tools.getByRole('checkbox', { name: /^mail / }).check();
        await tools.getByLabel('Stakes of send_email').selectOption('high');
      });
      const answer = await ask(page, 'Mail Ada the harbour minutes', POSTMASTER, true);
      const prompt = answer.getByRole('group', { name: `Allow ${POSTMASTER} to use send_email from mail?` });
      await prompt.waitFor();
      expect(mail.calls).toEqual([]);
      await expectAccessible(page);
      await prompt.getByRole('button', { name: 'Approve' }).click();
      await idle(answer);
      await answer.getByText('I sent the email.').waitFor();
      expect(mail.calls).toEqual([{ name: 'send_email', args: { to: 'ada@example.com' } }]);
    },
  );
});

/** Waits until the answer is no longer being written. */
function idle(answer: Locator): Promise<void> {
  return answer.and(answer.page().locator('[aria-busy="false"]')).waitFor({ timeout: 15_000 });
}
