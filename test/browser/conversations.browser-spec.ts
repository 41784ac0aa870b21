import type { Server } from 'node:http';
import type { Locator, Page } from 'playwright-core';
import { assistant } from '../support/agent-assistant-body';
import { isTitleRequest, openAIEnv, sentText, textScenario } from '../support/agent-run-helpers';
import { FakeOpenAIServer, type Scenario } from '../support/fake-openai-server';
import { call } from '../support/test-app';
import { browserSuite, describeInBrowser, expectAccessible, expectPage, pathOf, scrollsSideways } from './support/browser-suite';
import { openNewConversation, signInThroughPage, startWebApp, WORKSPACE_NAME, type WebAppUnderTest } from './support/web-app';

// A person talks with an agent in the web app, in headless Chromium: the model is the local
// OpenAI-compatible test server, which answers each message as its words ask (slowly, forever, …).

const AGENT = 'helper';
const WORDS = ['Alpha ', 'bravo ', 'charlie ', 'delta ', 'echo ', 'foxtrot ', 'golf ', 'hotel ', 'india ', 'juliet ', 'kilo ', 'lima ', 'mike ', 'november ', 'oscar ', 'papa.'];
const FULL_ANSWER = WORDS.join('');
const UNSAFE_ANSWER = [
  'Here is [x](javascript:alert(1)) ',
  'and <img src=x onerror="window.__pwned = 1"> ',
  'and [the docs](https://example.com/docs).\n\n',
  '```js\nconst answer = 42;\n```\n',
];

/** What the model does for a message: chosen by a word in the person's message. */
function scenarioFor(prompt: string): Scenario {
  // Words at a readable pace, then (for a reload) a pause with every word written but the answer not ended.
  if (prompt.includes('Spell slowly')) return { steps: [{ type: 'text', tokens: WORDS, delayMs: 120 }, { type: 'stall', ms: 4_000 }] };
  if (prompt.includes('Spell')) return textScenario(WORDS, 100);
  if (prompt.includes('Never stop')) return { steps: [{ type: 'text', tokens: ['Starting ', 'a ', 'long ', 'answer '], delayMs: 50 }, { type: 'stall', ms: 30_000 }, { type: 'text', tokens: ['never seen'] }] };
  if (prompt.includes('Trick me')) return { steps: [{ type: 'reasoning', tokens: ['Thinking ', 'it over.'] }, { type: 'text', tokens: UNSAFE_ANSWER }] };
  return textScenario(['Hello there.']);
}

/** The last thing the person said in a request to the model. */
function promptOf(body: unknown): string {
  const text = sentText(body);
  const words = ['Spell slowly', 'Spell', 'Never stop', 'Trick me'];
  let found = '';
  let at = -1;
  for (const word of words) {
    const index = text.lastIndexOf(word);
    if (index >= 0 && (index > at || (index === at && word.length > found.length))) [found, at] = [word, index];
  }
  return found;
}

describeInBrowser('conversations in a browser', () => {
  const browser = browserSuite();
  let app: WebAppUnderTest;
  let fake: FakeOpenAIServer;
  let agentId: string;

  beforeAll(async () => {
    fake = await FakeOpenAIServer.start();
    fake.setResolver((request) =>
      isTitleRequest(request)
        ? sentText(request.body).includes('Title later')
          ? { steps: [{ type: 'stall', ms: 6_000 }, { type: 'text', tokens: ['Written ', 'later'] }] }
          : textScenario(['Spelling ', 'practice'])
        : scenarioFor(promptOf(request.body)),
    );
    app = await startWebApp({ ...openAIEnv(fake), AGENT_RUNNER_ENABLED: 'true' });
    const created = await call(app.baseUrl, 'POST', `/api/w/${app.workspace.workspaceId}/assistant/agent_configurations`, {
      key: app.workspace.apiKey,
      body: { assistant: assistant({ name: AGENT, description: 'Answers questions about the handbook.' }) },
    });
    expect(created.status).toBe(200);
    agentId = created.body.agentConfiguration.sId;
  });

  /** Waits until the conversation's answers have ended, as the api reads them. */
  async function settled(conversationId: string): Promise<void> {
    const path = `/api/w/${app.workspace.workspaceId}/assistant/conversations/${conversationId}`;
    for (let tries = 0; tries < 100; tries += 1) {
      const { body } = await call(app.baseUrl, 'GET', path, { key: app.workspace.apiKey });
      if (!body.conversation.content.flat().some((message: { status?: string }) => message.status === 'created')) return;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error(`the answers of ${conversationId} did not end`);
  }

  afterAll(async () => {
    await app?.close();
    await fake?.close();
  });

  /** Signs in and opens New conversation. */
  async function newConversation(page: Page): Promise<void> {
    await openNewConversation(page, app);
  }

  /** Types a message that mentions the agent by picking it from the list, and sends it with Enter. */
  async function askAgent(page: Page, words: string): Promise<Locator> {
    const box = page.getByRole('textbox', { name: 'Message' });
    await box.click();
    await box.pressSequentially(`${words} @hel`);
    const options = page.getByRole('listbox', { name: 'Agents to mention' });
    await options.getByRole('option', { name: new RegExp(`@${AGENT}`) }).waitFor();
    await box.press('Enter');
    expect(await box.inputValue()).toBe(`${words} @${AGENT} `);
    await box.press('Enter');
    await page.waitForURL(/\/conversations\//);
    return page.getByRole('article', { name: `Answer from ${AGENT}` }).last();
  }

  browser.test('a person mentions an agent picked from the list and watches its answer being written', async ({ page }) => {
    await newConversation(page);
    const box = page.getByRole('textbox', { name: 'Message' });
    await box.fill('Spell the alphabet, ');
    await box.press('End');
    await box.pressSequentially('@');
    const options = page.getByRole('listbox', { name: 'Agents to mention' });
    await options.waitFor();
    // The list, open, passes axe too; typing narrows it, and the option shows the agent's description.
    await expectAccessible(page);
    await box.pressSequentially('hel');
    const option = options.getByRole('option', { name: new RegExp(`@${AGENT}`) });
    expect(await option.innerText()).toContain('Answers questions about the handbook.');
    expect(await option.getAttribute('aria-selected')).toBe('true');
    await box.press('Enter');
    // Shift+Enter breaks the line; Enter sends.
    await box.press('Shift+Enter');
    await box.pressSequentially('please');
    expect(await box.inputValue()).toBe(`Spell the alphabet, @${AGENT} \nplease`);
    await box.press('Enter');

    await page.waitForURL(/\/conversations\//);
    const answer = page.getByRole('article', { name: `Answer from ${AGENT}` });
    const question = page.getByRole('article', { name: /^Message from / });
    expect(await question.innerText()).toContain(`Spell the alphabet, @${AGENT}`);

    // The text grows while it is written, then stops busy with the whole answer.
    const lengths: number[] = [];
    for (let samples = 0; samples < 60 && (await answer.getAttribute('aria-busy')) === 'true'; samples += 1) {
      lengths.push((await answerText(answer)).length);
      if (samples === 3) await expectAccessible(page);
      await page.waitForTimeout(50);
    }
    await expectIdle(answer);
    expect(new Set(lengths.filter((length) => length > 0 && length < FULL_ANSWER.length)).size).toBeGreaterThan(1);
    expect(lengths).toEqual([...lengths].sort((a, b) => a - b));
    expect(await answerText(answer)).toBe(FULL_ANSWER);

    // The list shows it, and the title the api wrote comes to the heading.
    const conversationId = pathOf(page).split('/').at(-1)!;
    await expectPage(page, 'Spelling practice');
    const link = page.getByRole('navigation', { name: 'Conversations' }).getByRole('link', { name: 'Spelling practice' });
    expect(await link.getAttribute('href')).toBe(`/w/${app.workspace.workspaceId}/conversations/${conversationId}`);
    expect(await link.getAttribute('aria-current')).toBe('page');
  });

  browser.test('the keyboard alone starts a conversation, picks an agent to mention and sends', async ({ page }) => {
    await page.goto(`${app.baseUrl}/`);
    await signInThroughPage(page, app.person);
    await expectPage(page, WORKSPACE_NAME);
    for (let presses = 0; presses < 15 && (await focusedName(page)) !== 'New conversation'; presses += 1) await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await expectPage(page, 'New conversation');
    // The page's heading has the focus; the message box is next.
    await page.keyboard.press('Tab');
    expect(await focusedName(page)).toBe('Message');
    await page.keyboard.type('Spell it @');
    await page.getByRole('listbox', { name: 'Agents to mention' }).waitFor();
    await page.keyboard.type('he');
    await page.keyboard.press('Enter');
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/conversations\//);
    const answer = page.getByRole('article', { name: `Answer from ${AGENT}` });
    await expectIdle(answer);
    expect(await answerText(answer)).toBe(FULL_ANSWER);
  });

  browser.test('a reload in the middle of an answer resumes where it was: the whole text, once', async ({ page }) => {
    await newConversation(page);
    const streams = watchStreams(page);
    let answer = await askAgent(page, 'Spell slowly');
    await answer.getByText('charlie').waitFor();
    const before = await answerText(answer);
    expect(FULL_ANSWER.startsWith(before)).toBe(true);
    expect(before.length).toBeLessThan(FULL_ANSWER.length);

    await page.reload();
    answer = page.getByRole('article', { name: `Answer from ${AGENT}` });
    // What was written before the reload shows at once, before the stream answers.
    expect(await answerText(answer)).toContain(before.trim());
    // Every word, while the model is still pausing before its end: the text the stream built, not the stored answer.
    await answer.getByText('papa.').waitFor();
    expect(await answer.getAttribute('aria-busy')).toBe('true');
    expect(await answerText(answer)).toBe(FULL_ANSWER);
    expect(streams.at(-1)).toMatch(/^\?lastEventId=\d+$/);

    await expectIdle(answer);
    expect(await answerText(answer)).toBe(FULL_ANSWER);
  });

  browser.test('a conversation open in the page shows what is posted elsewhere meanwhile, and the answer it starts streams in', async ({ page }) => {
    const { workspaceId, apiKey } = app.workspace;
    const asPerson = { key: apiKey, headers: { 'x-api-user-email': app.person.email } };
    const base = `/api/w/${workspaceId}/assistant/conversations`;
    const context = { username: 'ada', timezone: 'UTC' };
    const created = await call(app.baseUrl, 'POST', base, { ...asPerson, body: { title: 'Shared notes', message: { content: 'A first note', mentions: [], context } } });
    expect(created.status).toBe(200);
    const conversationId = created.body.conversation.sId;
    await page.goto(`${app.baseUrl}/w/${workspaceId}/conversations/${conversationId}`);
    await signInThroughPage(page, app.person);
    await expectPage(page, 'Shared notes');
    await page.getByText('A first note').waitFor();

    // From another device (the api, as the same person): the page hears of it without a reload.
    const posted = await call(app.baseUrl, 'POST', `${base}/${conversationId}/messages`, { ...asPerson, body: { content: 'From my phone: Spell it out', mentions: [{ configurationId: agentId }], context } });
    expect(posted.status).toBe(200);
    await page.getByText('From my phone: Spell it out').waitFor();
    const answer = page.getByRole('article', { name: `Answer from ${AGENT}` });
    await answer.waitFor();
    await expectIdle(answer);
    expect(await answerText(answer)).toBe(FULL_ANSWER);
    // Heard once each, though the stream and the page's own reads both tell of them.
    expect(await page.getByText('From my phone: Spell it out').count()).toBe(1);
    expect(await answer.count()).toBe(1);
    await expectAccessible(page);
  });

  browser.test('Cancel stops an answer being written', async ({ page }) => {
    await newConversation(page);
    const answer = await askAgent(page, 'Never stop');
    await answer.getByText('long answer').waitFor();
    await answer.getByRole('button', { name: 'Cancel' }).click();
    await expectIdle(answer);
    await answer.getByText('Stopped', { exact: true }).waitFor();
    expect(await answer.getByRole('button', { name: 'Cancel' }).count()).toBe(0);
    expect(await answerText(answer)).not.toContain('never seen');
    // What was written before the cancel stays, stored with the answer: a reload shows it too.
    expect(await answerText(answer)).toContain('Starting a long answer');
    await page.reload();
    await answer.getByText('Stopped', { exact: true }).waitFor();
    expect(await answerText(answer)).toContain('Starting a long answer');
  });

  browser.test('a conversation opened after its answer ended shows the title the api writes a moment later, without a reload', async ({ page }) => {
    const { workspaceId, apiKey } = app.workspace;
    const created = await call(app.baseUrl, 'POST', `/api/w/${workspaceId}/assistant/conversations`, {
      key: apiKey,
      headers: { 'x-api-user-email': app.person.email },
      body: { message: { content: 'Title later, please', mentions: [{ configurationId: agentId }], context: { username: 'ada', timezone: 'UTC' } } },
    });
    expect(created.status).toBe(200);
    const conversationId = created.body.conversation.sId;
    // The answer ends at once; the title is written 6 s later (the fake model is slow for it), well after the page has opened.
    const messages = async () => (await call(app.baseUrl, 'GET', `/api/w/${workspaceId}/assistant/conversations/${conversationId}`, { key: apiKey })).body.conversation;
    for (let tries = 0; (await messages()).content.flat().some((m: { status?: string }) => m.status === 'created'); tries += 1) {
      if (tries > 50) throw new Error('the answer did not end');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect((await messages()).title).toBeNull();
    await page.goto(`${app.baseUrl}/w/${workspaceId}/conversations/${conversationId}`);
    await signInThroughPage(page, app.person);
    await expectPage(page, 'Untitled conversation');
    await expectPage(page, 'Written later');
  });

  browser.test('an answer with a javascript: link and an HTML image renders inert; code and the chain of thought stay readable', async ({ page }) => {
    await newConversation(page);
    const answer = await askAgent(page, 'Trick me');
    await expectIdle(answer);

    expect(await answer.locator('img').count()).toBe(0);
    expect(await answer.locator('[href^="javascript"], [onerror]').count()).toBe(0);
    expect(await answer.getByRole('link', { name: 'x', exact: true }).count()).toBe(0);
    expect(await answer.innerText()).toContain('<img src=x onerror="window.__pwned = 1">');
    await answer.getByText('x', { exact: true }).click();
    expect(await page.evaluate('typeof window.__pwned')).toBe('undefined');
    expect(pathOf(page)).toMatch(/\/conversations\//);

    const docs = answer.getByRole('link', { name: 'the docs' });
    expect(await docs.getAttribute('href')).toBe('https://example.com/docs');
    expect(await docs.getAttribute('target')).toBe('_blank');
    expect(await docs.getAttribute('rel')).toContain('noopener');
    expect((await answer.locator('pre code').innerText()).trimEnd()).toBe('const answer = 42;');

    const thoughts = answer.locator('details');
    expect(await thoughts.getAttribute('open')).toBeNull();
    await thoughts.getByText('Chain of thought').click();
    await thoughts.getByText('Thinking it over.').waitFor();
  });

  browser.test('a network cut in the middle of an answer: the page reconnects and shows the whole text, once', async ({ page }) => {
    await newConversation(page);
    const streams = watchStreams(page);
    const answer = await askAgent(page, 'Spell slowly');
    await answer.getByText('bravo').waitFor();
    const before = streams.length;
    // Every connection to the api drops at once, the answer's stream among them, as when the network goes.
    (app.t.app.getHttpServer() as Server).closeAllConnections();
    await answer.getByText('papa.').waitFor();
    expect(streams.length).toBeGreaterThan(before);
    expect(streams.slice(before).every((search) => /^\?lastEventId=\d+$/.test(search))).toBe(true);
    expect(await answerText(answer)).toBe(FULL_ANSWER);
    await expectIdle(answer);
    expect(await answerText(answer)).toBe(FULL_ANSWER);
  });

  browser.test("an answer whose own stream never brings its end is settled by the conversation's stream", async ({ page }) => {
    await newConversation(page);
    await expectIdle(await askAgent(page, 'Say hello'));
    // From now on every answer's own stream ends before its outcome, as behind a proxy that cuts it.
    let cut = 0;
    await page.route(/\/messages\/[^/]+\/events/, async (route) => {
      cut += 1;
      await route.fulfill({ status: 200, contentType: 'text/event-stream', body: ': ping\n\n' });
    });
    await askAgent(page, 'Say hello again');
    const answers = page.getByRole('article', { name: `Answer from ${AGENT}` });
    for (let tries = 0; tries < 100 && (await answers.count()) < 2; tries += 1) await page.waitForTimeout(100);
    const second = answers.nth(1);
    await expectIdle(second);
    expect(cut).toBeGreaterThan(0);
    expect(await answerText(second)).toBe('Hello there.');
  });

  browser.test(
    'on a phone in the dark, a conversation fits the width and reads well, its menus and questions too',
    async ({ page }) => {
      await newConversation(page);
      expect(await scrollsSideways(page)).toBe(false);
      const answer = await askAgent(page, 'Trick me');
      await expectIdle(answer);
      expect(await scrollsSideways(page)).toBe(false);
      await expectAccessible(page);
      await page.getByRole('textbox', { name: 'Message' }).pressSequentially('@');
      await page.getByRole('listbox', { name: 'Agents to mention' }).waitFor();
      await expectAccessible(page);
      await page.keyboard.press('Escape');
      expect(await page.getByRole('listbox', { name: 'Agents to mention' }).count()).toBe(0);
      // Up to Delete by keyboard, which brings it into view above the composer.
      await page.getByRole('button', { name: 'Delete', exact: true }).focus();
      await page.keyboard.press('Enter');
      await page.getByRole('button', { name: 'Delete conversation' }).waitFor();
      expect(await scrollsSideways(page)).toBe(false);
      await expectAccessible(page);
    },
    { viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true, colorScheme: 'dark' },
  );

  browser.test('the list: newest first, unread marked, searched by title, paged; a conversation renamed and deleted', async ({ page }) => {
    const { workspaceId, apiKey } = app.workspace;
    const asPerson = { key: apiKey, headers: { 'x-api-user-email': app.person.email } };
    const base = `/api/w/${workspaceId}/assistant/conversations`;
    for (let index = 1; index <= 32; index += 1) {
      const made = await call(app.baseUrl, 'POST', base, { ...asPerson, body: { title: `Old topic ${index}`, message: { content: 'A note', mentions: [], context: { username: 'ada', timezone: 'UTC' } } } });
      expect(made.status).toBe(200);
    }
    // An agent answered after the person's message: unread for them until they open it.
    const fresh = await call(app.baseUrl, 'POST', base, {
      ...asPerson,
      body: { title: 'Quarterly numbers', message: { content: 'Hello', mentions: [{ configurationId: agentId }], context: { username: 'ada', timezone: 'UTC' } } },
    });
    expect(fresh.status).toBe(200);
    await settled(fresh.body.conversation.sId);

    await page.goto(`${app.baseUrl}/`);
    await signInThroughPage(page, app.person);
    await expectPage(page, WORKSPACE_NAME);
    const list = page.getByRole('navigation', { name: 'Conversations' });
    const links = list.getByRole('link');
    await list.getByRole('link', { name: /Quarterly numbers/ }).waitFor();
    expect(await links.first().innerText()).toContain('Quarterly numbers');
    expect(await links.count()).toBe(30);

    // The search asks the api: titles on pages not loaded yet are found too.
    const search = list.getByRole('searchbox', { name: 'Search conversations by title' });
    await search.fill('topic 3');
    await list.getByRole('link', { name: 'Old topic 3', exact: true }).waitFor();
    expect((await links.allInnerTexts()).sort()).toEqual(['Old topic 3', 'Old topic 30', 'Old topic 31', 'Old topic 32']);
    await search.fill('nothing like this');
    await list.getByText('No conversation title contains “nothing like this”.').waitFor();
    await search.fill('');
    await list.getByRole('link', { name: 'Old topic 4', exact: true }).waitFor();
    expect(await links.count()).toBe(30);

    await list.getByRole('button', { name: 'Load more conversations' }).click();
    await list.getByRole('link', { name: 'Old topic 1', exact: true }).waitFor();
    expect(await list.getByRole('button', { name: 'Load more conversations' }).count()).toBe(0);

    await list.getByRole('link', { name: 'Unread: Quarterly numbers' }).click();
    await expectPage(page, 'Quarterly numbers');
    await list.getByRole('link', { name: 'Quarterly numbers', exact: true }).waitFor();
    expect(await page.getByRole('article', { name: `Answer from ${AGENT}` }).innerText()).toContain('Hello there.');

    await page.getByRole('button', { name: 'Rename' }).click();
    await page.getByLabel('Title', { exact: true }).fill('Numbers for the board');
    await page.getByRole('button', { name: 'Save' }).click();
    await expectPage(page, 'Numbers for the board');
    await list.getByRole('link', { name: 'Numbers for the board' }).waitFor();
    await expectAccessible(page);

    const conversationId = pathOf(page).split('/').at(-1)!;
    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Delete conversation' }).click();
    await expectPage(page, WORKSPACE_NAME);
    expect(await list.getByRole('link', { name: 'Numbers for the board' }).count()).toBe(0);
    const gone = await call(app.baseUrl, 'GET', `${base}/${conversationId}`, asPerson);
    expect(gone.status).toBe(404);
  });
});

/** The answer's text as shown, without its header (who answers, its state, Cancel). */
async function answerText(answer: Locator): Promise<string> {
  return answer.evaluate((article) => {
    const header = article.querySelector('header');
    const details = article.querySelector('details');
    let text = article.textContent ?? '';
    if (header) text = text.replace(header.textContent ?? '', '');
    if (details) text = text.replace(details.textContent ?? '', '');
    return text.trim();
  });
}

/** The query of each request the page makes for an event stream, as it makes them. */
function watchStreams(page: Page): string[] {
  const streams: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/events')) streams.push(new URL(request.url()).search);
  });
  return streams;
}

/** The accessible name of the focused control, as far as these pages name them (aria-label, else its text). */
function focusedName(page: Page): Promise<string | null> {
  return page.evaluate<string | null>("document.activeElement?.getAttribute('aria-label') ?? document.activeElement?.textContent?.trim() ?? null");
}

/** Waits until the answer is no longer being written (the row is drawn anew then: the locator is asked again each time). */
async function expectIdle(answer: Locator): Promise<void> {
  for (let tries = 0; tries < 150; tries += 1) {
    if ((await answer.getAttribute('aria-busy')) === 'false') return;
    await answer.page().waitForTimeout(100);
  }
  throw new Error('the answer was still being written after 15 s');
}
