import type { CDPSession, Page } from 'playwright-core';
import { createAccount, type Account } from '../support/people';
import { call } from '../support/test-app';
import { browserSuite, describeInBrowser, expectAccessible, expectPage, scrollsSideways } from './support/browser-suite';
import { signInThroughPage, startWebApp, WORKSPACE_NAME, type WebAppUnderTest } from './support/web-app';

// Knowledge in the web app: a builder makes a data source, uploads documents and reads them back,
// searches them as the agents do and deletes one; types one in; imports a CSV as a table, watches the
// import reach ready and pages through its rows; deletes tables; a member with the user role reads and searches without the
// buttons that write; the search works by keyboard alone; the pages fit a phone in the dark.

const LIGHTHOUSE = 'The lighthouse keeper logs the fog horn hours every night in the harbour ledger.';
const CSV_ROWS = 120;

describeInBrowser('knowledge in a browser', () => {
  const browser = browserSuite();
  let app: WebAppUnderTest;
  let builder: Account;
  let reader: Account;
  let globalSpaceId: string;
  /** A data source made through the api, with one document and one table, for the reading tests. */
  let handbook: { dsId: string; path: string };

  const api = (method: string, path: string, body?: unknown) => call(app.baseUrl, method, `/api/w/${app.workspace.workspaceId}${path}`, { key: app.workspace.apiKey, body });

  beforeAll(async () => {
    app = await startWebApp();
    builder = await createAccount(app.t.dataDir, app.workspace.workspaceId, 'bea@example.com', { role: 'builder', name: 'Bea', password: 'indexes before queries' });
    reader = await createAccount(app.t.dataDir, app.workspace.workspaceId, 'ulla@example.com', { role: 'user', name: 'Ulla', password: 'reading is enough for me' });
    const spaces = await api('GET', '/spaces');
    globalSpaceId = spaces.body.spaces.find((space: { kind: string }) => space.kind === 'global').sId;
    const created = await api('POST', `/spaces/${globalSpaceId}/data_sources`, { name: 'Handbook', description: 'How the harbour works' });
    const dsId: string = created.body.dataSource.sId;
    const base = `/spaces/${globalSpaceId}/data_sources/${dsId}`;
    expect((await api('POST', `${base}/documents/lighthouse`, { title: 'Lighthouse duties', text: LIGHTHOUSE })).status).toBe(200);
    // An id with a slash and a space: its page's address must carry it whole.
    expect((await api('POST', `${base}/documents/${encodeURIComponent('minutes/2024 q1')}`, { title: 'Quarter minutes', text: 'The quay was dredged in March.' })).status).toBe(200);
    expect((await api('POST', `${base}/tables`, { name: 'ships', description: 'Ships in port', table_id: 'ships' })).status).toBe(200);
    const rows = Array.from({ length: 3 }, (_, i) => ({ row_id: `s${i}`, value: { name: `ship ${i}`, tonnage: 1000 + i } }));
    expect((await api('POST', `${base}/tables/ships/rows`, { rows })).status).toBe(200);
    const members = await api('GET', '/members');
    const ulla: string = members.body.members.find((member: { email: string }) => member.email === reader.email).sId;
    expect((await api('POST', '/spaces', { name: 'Finance', isRestricted: true, memberIds: [ulla] })).status).toBe(200);
    handbook = { dsId, path: `/w/${app.workspace.workspaceId}/knowledge/spaces/${globalSpaceId}/data_sources/${dsId}` };
  });
  afterAll(() => app?.close());

  /** Signs in as `account` and opens Knowledge from the workspace's header. */
  async function openKnowledge(page: Page, account: Account): Promise<void> {
    await page.goto(`${app.baseUrl}/`);
    await signInThroughPage(page, account);
    await expectPage(page, WORKSPACE_NAME);
    await page.getByRole('navigation', { name: 'Workspace' }).getByRole('link', { name: 'Knowledge' }).click();
    await expectPage(page, 'Knowledge');
  }

  /** Opens the data source made in beforeAll, signed in as `account`. */
  async function openHandbook(page: Page, account: Account): Promise<void> {
    await openKnowledge(page, account);
    await page.getByRole('list', { name: 'Spaces' }).getByRole('link', { name: 'Company Data' }).click();
    await expectPage(page, 'Company Data');
    await page.getByRole('link', { name: 'Handbook' }).click();
    await expectPage(page, 'Handbook');
  }

  /** Slows the page's uploads to `bytesPerSecond` (DevTools' throttling), so progress can be watched. */
  async function throttleUploads(page: Page, bytesPerSecond: number): Promise<CDPSession> {
    const devtools = await page.context().newCDPSession(page);
    await devtools.send('Network.enable');
    await devtools.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: bytesPerSecond });
    return devtools;
  }

  /** Searches the open data source until `title` is among the results (indexing follows the upsert by a moment). */
  async function searchUntilFound(page: Page, query: string, title: string): Promise<void> {
    const results = page.getByRole('list', { name: `Results for ${query}` });
    for (let tries = 0; tries < 50; tries += 1) {
      await page.getByRole('button', { name: 'Search', exact: true }).click();
      await page.getByRole('status').filter({ hasText: 'Nothing found' }).or(results).first().waitFor();
      if ((await results.getByRole('link', { name: title }).count()) > 0) return;
      await page.waitForTimeout(200);
    }
    throw new Error(`${title} was never found for ${query}`);
  }

  browser.test('a builder creates a data source, uploads a document with progress, reads it, finds it by search and deletes it', async ({ page }) => {
    await openKnowledge(page, builder);
    // Finance is restricted to Ulla: a builder who is not a member does not see it.
    await page.getByRole('list', { name: 'Spaces' }).getByRole('link', { name: 'Company Data' }).waitFor();
    expect(await page.getByRole('link', { name: 'Finance' }).count()).toBe(0);
    await page.getByRole('link', { name: 'Company Data' }).click();
    await expectPage(page, 'Company Data');
    await page.getByText('Open: everyone in the workspace sees this space').waitFor();
    await page.getByLabel('Data source name').fill('Harbour notes');
    await page.getByLabel('Description').fill('Notes from the harbour office');
    await page.getByRole('button', { name: 'Create data source' }).click();
    await page.getByRole('list', { name: 'Data sources' }).getByRole('link', { name: 'Harbour notes' }).click();
    await expectPage(page, 'Harbour notes');
    await page.getByText('No document yet.').waitFor();

    // Every value a progress bar takes, as the page draws it (an expression: this file is compiled for Node, without the DOM's types).
    await page.evaluate(`
      window.progressSeen = [];
      new MutationObserver(() => document.querySelectorAll('progress[value]').forEach((bar) => window.progressSeen.push(bar.value)))
        .observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['value'] });
    `);
    const devtools = await throttleUploads(page, 128 * 1024);
    const padding = `\n${'The harbour office keeps its records in order. '.repeat(8000)}`;
    const chooser = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: 'Upload documents' }).click();
    await (await chooser).setFiles([
      { name: 'fog-horn.txt', mimeType: 'text/plain', buffer: Buffer.from(`${LIGHTHOUSE}${padding}`) },
      { name: 'tides.md', mimeType: 'text/markdown', buffer: Buffer.from('# Tides\n\nHigh tide at the quay comes twice a day; the ferry waits for it.\n') },
    ]);
    await page.getByRole('progressbar', { name: 'Uploading fog-horn.txt' }).waitFor();
    await expectAccessible(page);
    const documents = page.getByRole('list', { name: 'Documents' });
    await documents.getByRole('link', { name: 'fog-horn.txt' }).waitFor();
    await documents.getByRole('link', { name: 'tides.md' }).waitFor();
    await devtools.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
    const seen = await page.evaluate<number[]>('window.progressSeen');
    expect(seen.filter((value) => value > 0 && value < 100).length).toBeGreaterThan(0);

    await documents.getByRole('link', { name: 'tides.md' }).click();
    await expectPage(page, 'tides.md');
    expect(await page.getByRole('region', { name: 'Text' }).innerText()).toContain('High tide at the quay comes twice a day');
    await page.getByRole('heading', { name: 'Sections' }).waitFor();
    await page.getByRole('link', { name: 'Data source' }).click();
    await expectPage(page, 'Harbour notes');

    await page.getByLabel('Search this data source').fill('fog horn hours');
    await searchUntilFound(page, 'fog horn hours', 'fog-horn.txt');
    const result = page.getByRole('list', { name: 'Results for fog horn hours' }).getByRole('listitem').filter({ hasText: 'fog-horn.txt' }).first();
    expect(await result.innerText()).toMatch(/Score \d+\.\d{3}/);
    expect(await result.getByRole('list', { name: 'Chunks of fog-horn.txt' }).innerText()).toMatch(/Chunk score \d+\.\d{3}[\s\S]*fog horn hours/);

    await page.getByRole('button', { name: 'Delete tides.md' }).click();
    await page.getByRole('group', { name: /Delete tides\.md\?/ }).getByRole('button', { name: 'Yes, delete' }).click();
    await documents.getByRole('link', { name: 'tides.md' }).waitFor({ state: 'detached' });
    await documents.getByRole('link', { name: 'fog-horn.txt' }).waitFor();

    await page.getByRole('button', { name: 'Delete data source Harbour notes' }).click();
    await page.getByRole('button', { name: 'Yes, delete' }).click();
    await expectPage(page, 'Company Data');
    await page.getByRole('list', { name: 'Data sources' }).getByRole('link', { name: 'Handbook' }).waitFor();
    expect(await page.getByRole('link', { name: 'Harbour notes' }).count()).toBe(0);
  });

  browser.test('a builder imports a CSV as a table, watches the import reach ready, reads the inferred schema and pages to the second page of rows', async ({ page }) => {
    await openHandbook(page, builder);
    const lines = ['id,vessel,tonnage,docked'];
    for (let i = 1; i <= CSV_ROWS; i += 1) lines.push(`${i},vessel ${i},${1000 + i * 10}.5,${i % 2 === 0}`);
    await page.getByLabel('Table name').fill('arrivals');
    await page.getByLabel('Table description').fill('Vessels arrived this season');
    await page.getByLabel('CSV file').setInputFiles({ name: 'arrivals.csv', mimeType: 'text/csv', buffer: Buffer.from(`${lines.join('\n')}\n`) });
    await page.getByRole('button', { name: 'Import CSV' }).click();
    await page.getByRole('progressbar', { name: 'Importing arrivals' }).waitFor();
    await page.getByText(`Import ready: ${CSV_ROWS} rows imported`).waitFor();
    await page.getByRole('list', { name: 'Tables' }).getByRole('link', { name: 'arrivals' }).waitFor();
    await page.getByRole('link', { name: 'Open arrivals' }).click();
    await expectPage(page, 'arrivals');

    const schema = await page.getByRole('region', { name: 'Schema' }).innerText();
    expect(schema).toMatch(/id\s+int/);
    expect(schema).toMatch(/vessel\s+text/);
    expect(schema).toMatch(/tonnage\s+float/);
    expect(schema).toMatch(/docked\s+bool/);
    const rows = page.getByRole('region', { name: 'Rows' });
    await rows.getByRole('cell', { name: 'vessel 1', exact: true }).waitFor();
    await page.getByText(`Rows 1–50 of ${CSV_ROWS}`).waitFor();
    expect(await page.getByRole('button', { name: 'Previous page' }).isDisabled()).toBe(true);
    await page.getByRole('button', { name: 'Next page' }).click();
    await page.getByText(`Rows 51–100 of ${CSV_ROWS}`).waitFor();
    await rows.getByRole('cell', { name: 'vessel 51', exact: true }).waitFor();
    expect(await rows.getByRole('cell', { name: 'vessel 1', exact: true }).count()).toBe(0);
    await expectAccessible(page);
  });

  browser.test('a builder types a document in, reads it back, and deletes a table from its page and another from the list', async ({ page }) => {
    const base = `/spaces/${globalSpaceId}/data_sources/${handbook.dsId}`;
    for (const name of ['cargo', 'berths']) {
      expect((await api('POST', `${base}/tables`, { name, description: `The ${name}`, table_id: name })).status).toBe(200);
      expect((await api('POST', `${base}/tables/${name}/rows`, { rows: [{ row_id: 'r1', value: { what: `${name} 1` } }] })).status).toBe(200);
    }
    await openHandbook(page, builder);
    await page.getByLabel('Document title').fill('Pilot rota');
    await page.getByLabel('Document text').fill('The harbour pilot boards inbound ships at the outer buoy.');
    await page.getByRole('button', { name: 'Create document' }).click();
    await page.getByRole('status').filter({ hasText: 'Pilot rota added.' }).waitFor();
    const documents = page.getByRole('list', { name: 'Documents' });
    await documents.getByRole('link', { name: 'Pilot rota' }).click();
    await expectPage(page, 'Pilot rota');
    expect(await page.getByRole('region', { name: 'Text' }).innerText()).toContain('The harbour pilot boards inbound ships at the outer buoy.');
    await page.getByRole('link', { name: 'Data source' }).click();
    await expectPage(page, 'Handbook');

    const tables = page.getByRole('list', { name: 'Tables' });
    await tables.getByRole('link', { name: 'cargo' }).click();
    await expectPage(page, 'cargo');
    await page.getByRole('button', { name: 'Delete table cargo' }).click();
    await expectAccessible(page);
    await page.getByRole('group', { name: /Delete the table cargo/ }).getByRole('button', { name: 'Yes, delete' }).click();
    await expectPage(page, 'Handbook');
    await tables.getByRole('link', { name: 'berths' }).waitFor();
    expect(await tables.getByRole('link', { name: 'cargo' }).count()).toBe(0);

    await page.getByRole('button', { name: 'Delete table berths' }).click();
    await page.getByRole('group', { name: /Delete the table berths/ }).getByRole('button', { name: 'Yes, delete' }).click();
    await tables.getByRole('link', { name: 'berths' }).waitFor({ state: 'detached' });
    await tables.getByRole('link', { name: 'ships' }).waitFor();
    const listed = await api('GET', `${base}/tables`);
    expect(listed.body.tables.map((table: { table_id: string }) => table.table_id)).not.toContain('cargo');
    expect(listed.body.tables.map((table: { table_id: string }) => table.table_id)).not.toContain('berths');
    expect((await api('DELETE', `${base}/documents/${encodeURIComponent('Pilot rota')}`)).status).toBe(200);
  });

  browser.test('a member with the user role sees a restricted space with its members, reads and searches, without the buttons that write', async ({ page }) => {
    await openKnowledge(page, reader);
    const spaces = page.getByRole('list', { name: 'Spaces' });
    expect(await spaces.getByRole('listitem').filter({ hasText: 'Finance' }).innerText()).toContain('restricted to its members');
    await spaces.getByRole('link', { name: 'Finance' }).click();
    await expectPage(page, 'Finance');
    await page.getByText('Restricted: only its members').waitFor();
    expect(await page.getByRole('list', { name: 'Members' }).innerText()).toContain('Ulla');
    await page.getByRole('navigation', { name: 'Breadcrumbs' }).getByRole('link', { name: 'Knowledge' }).click();
    await expectPage(page, 'Knowledge');
    await page.getByRole('link', { name: 'Company Data' }).click();
    await expectPage(page, 'Company Data');
    await page.getByRole('link', { name: 'Handbook' }).waitFor();
    expect(await page.getByRole('button', { name: 'Create data source' }).count()).toBe(0);
    // The space's search goes through each of its data source views, as an agent given them would.
    await page.getByLabel('Search this space').fill('harbour ledger');
    await searchUntilFound(page, 'harbour ledger', 'Lighthouse duties');
    expect(await page.getByRole('list', { name: 'Results for harbour ledger' }).innerText()).toMatch(/In Handbook, score \d+\.\d{3}/);
    await page.getByRole('link', { name: 'Handbook' }).click();
    await expectPage(page, 'Handbook');
    await page.getByRole('list', { name: 'Documents' }).getByRole('link', { name: 'Lighthouse duties' }).waitFor();
    await page.getByRole('list', { name: 'Tables' }).getByRole('link', { name: 'ships' }).waitFor();
    await page.getByRole('list', { name: 'Documents' }).getByRole('link', { name: 'Quarter minutes' }).click();
    await expectPage(page, 'Quarter minutes');
    expect(await page.getByRole('region', { name: 'Text' }).innerText()).toContain('The quay was dredged in March.');
    await page.goBack();
    await expectPage(page, 'Handbook');
    for (const name of ['Upload documents', 'Create document', 'Import CSV', 'Delete Lighthouse duties', 'Delete table ships', 'Delete data source Handbook']) {
      expect({ name, count: await page.getByRole('button', { name }).count() }).toEqual({ name, count: 0 });
    }
    await page.getByLabel('Search this data source').fill('fog horn');
    await searchUntilFound(page, 'fog horn', 'Lighthouse duties');
    await page.getByRole('link', { name: 'Lighthouse duties' }).first().click();
    await expectPage(page, 'Lighthouse duties');
    expect(await page.getByRole('button', { name: 'Delete Lighthouse duties' }).count()).toBe(0);
  });

  browser.test('the search runs and its result opens with the keyboard alone', async ({ page }) => {
    await page.goto(`${app.baseUrl}/`);
    await signInThroughPage(page, reader);
    await expectPage(page, WORKSPACE_NAME);
    await page.goto(`${app.baseUrl}${handbook.path}`);
    await expectPage(page, 'Handbook');
    // From the page's top: Tab until the search box has the focus, then type and press Enter.
    await page.getByRole('heading', { name: 'Handbook' }).focus();
    const box = page.getByLabel('Search this data source');
    for (let tabs = 0; tabs < 10 && !(await box.evaluate((input) => input.matches(':focus'))); tabs += 1) await page.keyboard.press('Tab');
    expect(await box.evaluate((input) => input.matches(':focus'))).toBe(true);
    await page.keyboard.type('ledger');
    const results = page.getByRole('list', { name: 'Results for ledger' });
    for (let tries = 0; tries < 50 && (await results.count()) === 0; tries += 1) {
      await page.keyboard.press('Enter');
      await page.waitForTimeout(200);
    }
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    expect(await results.getByRole('link', { name: 'Lighthouse duties' }).evaluate((link) => link.matches(':focus'))).toBe(true);
    await page.keyboard.press('Enter');
    await expectPage(page, 'Lighthouse duties');
  });

  browser.test(
    'on a phone in the dark the spaces, a data source and a table fit the width',
    async ({ page }) => {
      await openKnowledge(page, app.person);
      expect(await scrollsSideways(page)).toBe(false);
      await page.goto(`${app.baseUrl}${handbook.path}`);
      await expectPage(page, 'Handbook');
      await page.getByRole('list', { name: 'Documents' }).getByRole('link', { name: 'Lighthouse duties' }).waitFor();
      expect(await scrollsSideways(page)).toBe(false);
      await page.getByRole('list', { name: 'Tables' }).getByRole('link', { name: 'ships' }).click();
      await expectPage(page, 'ships');
      await page.getByRole('region', { name: 'Rows' }).getByRole('cell', { name: 'ship 0', exact: true }).waitFor();
      expect(await scrollsSideways(page)).toBe(false);
      await expectAccessible(page);
    },
    { viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true, colorScheme: 'dark' },
  );
});
