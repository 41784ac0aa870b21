import type { Locator, Page } from 'playwright-core';
import { assistant } from '../support/agent-assistant-body';
import { isTitleRequest, openAIEnv, sentText, textScenario } from '../support/agent-run-helpers';
import { FakeOpenAIServer, type RecordedRequest, type Scenario } from '../support/fake-openai-server';
import { call } from '../support/test-app';
import { browserSuite, describeInBrowser, expectAccessible, expectPage, pathOf, scrollsSideways } from './support/browser-suite';
import { sendMentioning, signInThroughPage, startWebApp, WORKSPACE_NAME, type WebAppUnderTest } from './support/web-app';

// A long conversation in the web app, in headless Chromium: an answer retried, a question edited,
// a fork and its way back, a summary of earlier messages, and the conversation as it was at an
// instant. The model is the local OpenAI-compatible test server.

const AGENT = 'helper';
const TITLE = 'Long talk';
const SUMMARY = 'SUMMARY: the person said hello and the agent greeted them back.';
/** The browser's time zone in the past-view test: far from the server's UTC, so local time is really read as local. */
const TIME_ZONE = 'Pacific/Auckland';

/**
 * Waits until the focused element reads `text`. Polled from here: the page's policy refuses the eval
 * that waitForFunction polls with once its first check fails.
 */
async function focusReaches(page: Page, text: string): Promise<void> {
  const deadline = Date.now() + 10_000;
  while ((await page.evaluate<string>("document.activeElement?.textContent ?? ''")) !== text) {
    if (Date.now() > deadline) throw new Error(`the focus did not move to ${text}`);
    await page.waitForTimeout(20);
  }
}

describeInBrowser('a long conversation in a browser', () => {
  const browser = browserSuite();
  let app: WebAppUnderTest;
  let fake: FakeOpenAIServer;
  // Each counted answer says its own number: a retry reads differently from the answer it retries.
  let counted = 0;

  /** What the model does: a title, a summary, a counted answer (for "Count for me"), or a greeting. */
  function scenarioFor(request: RecordedRequest): Scenario {
    if (isTitleRequest(request)) return textScenario(['Long ', 'talk']);
    const text = sentText(request.body);
    // Slow enough for the page to show the summary being written.
    if (text.includes('You compact conversations.')) return textScenario(['SUMMARY: the person said hello ', 'and the agent ', 'greeted them back.'], 500);
    if (text.lastIndexOf('Count for me') > text.lastIndexOf('Say hello')) {
      counted += 1;
      return textScenario(['Answer ', 'number ', `${counted}.`], 250);
    }
    return textScenario(['Hello there.']);
  }

  beforeAll(async () => {
    fake = await FakeOpenAIServer.start();
    fake.setResolver(scenarioFor);
    app = await startWebApp({ ...openAIEnv(fake), AGENT_RUNNER_ENABLED: 'true' });
    const created = await call(app.baseUrl, 'POST', `/api/w/${app.workspace.workspaceId}/assistant/agent_configurations`, {
      key: app.workspace.apiKey,
      body: { assistant: assistant({ name: AGENT }) },
    });
    expect(created.status).toBe(200);
  });

  afterAll(async () => {
    await app?.close();
    await fake?.close();
  });

  /** Signs in, starts a conversation asking the agent `words`, and waits for its answer and its title. */
  async function startConversation(page: Page, words: string): Promise<Locator> {
    await page.goto(`${app.baseUrl}/`);
    await signInThroughPage(page, app.person);
    await expectPage(page, WORKSPACE_NAME);
    await page.getByRole('button', { name: 'New conversation' }).click();
    await expectPage(page, 'New conversation');
    const answer = await askAgent(page, words);
    await expectIdle(answer);
    await expectPage(page, TITLE);
    return answer;
  }

  /** Types `words` and a mention of the agent picked from the list in the message box, and sends them. */
  async function askAgent(page: Page, words: string): Promise<Locator> {
    const before = await rowsOf(page).count();
    await sendMentioning(page, words, AGENT);
    await page.waitForURL(/\/conversations\//);
    return rowsOf(page).nth(before + 1).getByRole('article', { name: `Answer from ${AGENT}` });
  }

  browser.test('Retry writes a new version of an answer in its place; the first one stays a click away', async ({ page }) => {
    const answer = await startConversation(page, 'Count for me');
    const first = await answerText(answer);
    expect(first).toMatch(/^Answer number \d+\.$/);
    const row = rowsOf(page).nth(1);
    // The question was not edited: it offers no versions.
    expect(await rowsOf(page).nth(0).getByRole('group', { name: 'Versions' }).count()).toBe(0);

    // By keyboard: the focus stays in the row, on the way back to the first version.
    await row.getByRole('button', { name: 'Retry' }).focus();
    await page.keyboard.press('Enter');
    await row.getByText('Version 2 of 2').waitFor();
    await focusReaches(page, 'Previous version');
    // Written in place, word by word, like any answer.
    expect(await answer.getAttribute('aria-busy')).toBe('true');
    await expectAccessible(page);
    await expectIdle(answer);
    const second = await answerText(answer);
    expect(second).toMatch(/^Answer number \d+\.$/);
    expect(second).not.toBe(first);
    expect(await rowsOf(page).count()).toBe(2);

    await row.getByRole('button', { name: 'Previous version' }).click();
    await row.getByText('Version 1 of 2').waitFor();
    expect(await answerText(answer)).toBe(first);
    // Only the newest version is retried.
    expect(await row.getByRole('button', { name: 'Retry' }).count()).toBe(0);
    await row.getByRole('button', { name: 'Next version' }).click();
    expect(await answerText(answer)).toBe(second);

    await page.reload();
    await expectPage(page, TITLE);
    await row.getByText('Version 2 of 2').waitFor();
    expect(await answerText(answer)).toBe(second);
  });

  browser.test('Edit saves a new version of the question, which the agent answers anew; the old one stays reachable', async ({ page }) => {
    await startConversation(page, 'Say hello');
    const question = rowsOf(page).nth(0);
    const message = question.getByRole('article', { name: /^Message from / });

    // Escape leaves the form and gives the focus back to Edit.
    await question.getByRole('button', { name: 'Edit' }).click();
    const box = question.getByRole('textbox', { name: 'Edit message' });
    expect(await box.inputValue()).toBe(`Say hello @${AGENT} `);
    await expectAccessible(page);
    await box.press('Escape');
    expect(await box.count()).toBe(0);
    await focusReaches(page, 'Edit');
    expect(await message.innerText()).toContain('Say hello');

    await page.keyboard.press('Enter');
    await box.fill(`Count for me @${AGENT}`);
    await question.getByRole('button', { name: 'Save' }).click();
    await question.getByText('Version 2 of 2').waitFor();
    expect(await message.innerText()).toContain(`Count for me @${AGENT}`);
    // The agent the new text names answers it, after the answer to the old one.
    const newAnswer = rowsOf(page).nth(2).getByRole('article', { name: `Answer from ${AGENT}` });
    await expectIdle(newAnswer);
    expect(await answerText(newAnswer)).toMatch(/^Answer number \d+\.$/);
    expect(await answerText(rowsOf(page).nth(1).getByRole('article', { name: `Answer from ${AGENT}` }))).toBe('Hello there.');

    await question.getByRole('button', { name: 'Previous version' }).click();
    await question.getByText('Version 1 of 2').waitFor();
    expect(await message.innerText()).toContain('Say hello');
    // Only the newest version is edited.
    expect(await question.getByRole('button', { name: 'Edit' }).count()).toBe(0);
    await expectAccessible(page);
  });

  browser.test('Fork from here opens the new conversation, which links to its parent; the parent lists its fork', async ({ page }) => {
    await startConversation(page, 'Say hello');
    await askAgent(page, 'Count for me');
    await expectIdle(rowsOf(page).nth(3).getByRole('article', { name: `Answer from ${AGENT}` }));
    const parentPath = pathOf(page);

    await rowsOf(page).nth(1).getByRole('button', { name: 'Fork from here' }).click();
    await page.waitForURL((url) => url.pathname !== parentPath && url.pathname.includes('/conversations/'));
    const childPath = pathOf(page);
    // The fork has its parent's title: what tells it apart is where it comes from.
    await expectPage(page, TITLE);
    const parentLink = page.locator('p', { hasText: 'Forked from' }).getByRole('link', { name: TITLE });
    await parentLink.waitFor();
    // The messages up to the one forked from, and a composer to go on from there.
    await rowsOf(page).nth(1).getByText('Hello there.').waitFor();
    expect(await rowsOf(page).count()).toBe(2);
    await page.getByRole('textbox', { name: 'Message' }).waitFor();
    const sidebar = page.getByRole('navigation', { name: 'Conversations' });
    expect(await sidebar.locator(`a[href="${childPath}"]`).getAttribute('aria-current')).toBe('page');

    expect(await parentLink.getAttribute('href')).toBe(parentPath);
    await parentLink.click();
    await page.waitForURL((url) => url.pathname === parentPath);
    await expectPage(page, TITLE);
    const forks = page.getByRole('region', { name: 'Forks' });
    await forks.waitFor();
    await rowsOf(page).nth(3).waitFor();
    expect(await rowsOf(page).count()).toBe(4);
    const fork = forks.getByRole('link', { name: new RegExp(`^${TITLE}, forked `) });
    expect(await fork.getAttribute('href')).toBe(childPath);
    expect(await forks.getByRole('link').count()).toBe(1);

    await fork.click();
    await page.waitForURL((url) => url.pathname === childPath);
    await expectPage(page, TITLE);
    await page.locator('p', { hasText: 'Forked from' }).waitFor();
  });

  browser.test('Summarize earlier messages: a marker says so while it is written and after, the summary folded beneath', async ({ page }) => {
    await startConversation(page, 'Say hello');
    await page.getByRole('button', { name: 'Summarize earlier messages' }).click();
    const writing = page.getByRole('article', { name: 'Summarizing earlier messages…' });
    await writing.waitFor();
    expect(await writing.getAttribute('aria-busy')).toBe('true');
    await expectAccessible(page);

    const marker = page.getByRole('article', { name: 'Earlier messages summarized' });
    await marker.waitFor();
    expect(await marker.getAttribute('aria-busy')).toBe('false');
    const summary = marker.getByText(SUMMARY);
    expect(await summary.isVisible()).toBe(false);
    await marker.getByText('Summary', { exact: true }).click();
    await summary.waitFor();
    // The earlier messages stay shown above the marker; nothing is forked from a summary.
    expect(await rowsOf(page).count()).toBe(3);
    expect(await rowsOf(page).nth(2).getByRole('button', { name: 'Fork from here' }).count()).toBe(0);
    await expectAccessible(page);

    await page.reload();
    await expectPage(page, TITLE);
    await page.getByRole('article', { name: 'Earlier messages summarized' }).waitFor();
  });

  browser.test(
    'View as it was shows the conversation at an instant before its last question, read-only, kept in the address; Back to now',
    async ({ page }) => {
      await startConversation(page, 'Say hello');
      // The picker reads seconds: the next question comes in a later second than the first answer ended.
      await page.waitForTimeout(1_200);
      await expectIdle(await askAgent(page, 'Count for me'));
      expect(await scrollsSideways(page)).toBe(false);
      const conversationId = pathOf(page).split('/').at(-1)!;
      const { body } = await call(app.baseUrl, 'GET', `/api/w/${app.workspace.workspaceId}/assistant/conversations/${conversationId}`, {
        key: app.workspace.apiKey,
      });
      const [, [firstAnswer], [lastQuestion]] = body.conversation.content;
      const instant = Math.floor((lastQuestion.created - 1) / 1_000) * 1_000;
      expect(instant).toBeGreaterThanOrEqual(firstAnswer.completedTs);

      await page.getByLabel('View as it was', { exact: true }).fill(localInputValue(instant, TIME_ZONE));
      await page.getByRole('button', { name: 'Show', exact: true }).click();
      await page.waitForURL((url) => url.search === `?at=${instant}`);
      const banner = page.getByRole('status').filter({ hasText: 'A past view' });
      await banner.waitFor();
      await expectPastView(page);
      expect(await scrollsSideways(page)).toBe(false);
      await expectPage(page, TITLE);

      // The address holds the instant: a reload shows the same past.
      await page.reload();
      await expectPage(page, TITLE);
      await banner.waitFor();
      await expectPastView(page);
      expect(await page.getByLabel('View as it was', { exact: true }).inputValue()).toBe(localInputValue(instant, TIME_ZONE));

      await page.getByRole('button', { name: 'Back to now' }).click();
      await page.waitForURL((url) => url.search === '' && url.pathname.endsWith(conversationId));
      await rowsOf(page).nth(3).getByRole('article', { name: `Answer from ${AGENT}` }).waitFor();
      expect(await rowsOf(page).count()).toBe(4);
      expect(await banner.count()).toBe(0);
      await page.getByRole('textbox', { name: 'Message' }).waitFor();
      await rowsOf(page).nth(3).getByRole('button', { name: 'Retry' }).waitFor();
      expect(await scrollsSideways(page)).toBe(false);

      // An address from before the conversation began says so, with the way back.
      await page.goto(`${app.baseUrl}${pathOf(page)}?at=1000`);
      await expectPage(page, 'Conversation');
      await page.getByRole('alert').getByText('The conversation did not exist yet at that time.').waitFor();
      await page.getByRole('button', { name: 'Back to now' }).click();
      await expectPage(page, TITLE);
      await rowsOf(page).nth(3).waitFor();
    },
    { viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true, colorScheme: 'dark', timezoneId: TIME_ZONE },
  );
});

/** The first question and its answer, without anything that changes the conversation. */
async function expectPastView(page: Page): Promise<void> {
  await rowsOf(page).first().waitFor();
  expect(await rowsOf(page).count()).toBe(2);
  expect(await rowsOf(page).nth(0).innerText()).toContain('Say hello');
  expect(await answerText(rowsOf(page).nth(1).getByRole('article', { name: `Answer from ${AGENT}` }))).toBe('Hello there.');
  expect(await page.getByRole('textbox', { name: 'Message' }).count()).toBe(0);
  for (const name of ['Retry', 'Edit', 'Fork from here', 'Rename', 'Delete', 'Summarize earlier messages']) {
    expect(await page.getByRole('button', { name, exact: true }).count()).toBe(0);
  }
}

/** The conversation's rows (one per rank), not the lists inside an answer. */
function rowsOf(page: Page): Locator {
  return page.getByRole('list', { name: 'Messages' }).locator(':scope > li');
}

/** What a person types in a datetime-local input for an instant, in their time zone (seconds only when there are any, as Chromium keeps it). */
function localInputValue(instantMs: number, timeZone: string): string {
  const parts = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' }).formatToParts(instantMs);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((each) => each.type === type)?.value ?? '';
  const minutes = `${part('year')}-${part('month')}-${part('day')}T${part('hour')}:${part('minute')}`;
  return part('second') === '00' ? minutes : `${minutes}:${part('second')}`;
}

/** The answer's text as shown, without its header (who answers, its state). */
async function answerText(answer: Locator): Promise<string> {
  return answer.evaluate((article) => {
    const header = article.querySelector('header');
    return (article.textContent ?? '').replace(header?.textContent ?? '', '').trim();
  });
}

/** Waits until the answer is no longer being written. */
async function expectIdle(answer: Locator): Promise<void> {
  for (let tries = 0; tries < 150; tries += 1) {
    if ((await answer.getAttribute('aria-busy')) === 'false') return;
    await answer.page().waitForTimeout(100);
  }
  throw new Error('the answer was still being written after 15 s');
}
