import type { CDPSession, Locator, Page } from 'playwright-core';
import { assistant } from '../support/agent-assistant-body';
import { isTitleRequest, openAIEnv, runRequests, sentText, textScenario } from '../support/agent-run-helpers';
import { FakeOpenAIServer, type RecordedRequest } from '../support/fake-openai-server';
import { minimalPdf } from '../support/minimal-pdf';
import { call } from '../support/test-app';
import { browserSuite, describeInBrowser, expectAccessible, scrollsSideways } from './support/browser-suite';
import { openNewConversation, sendMentioning, startWebApp, type WebAppUnderTest } from './support/web-app';

// A person attaches files to a message in the web app: by the button or by dropping them, each
// uploaded with its progress, refused in the api's words when it cannot be taken, and read by the
// agent (the local OpenAI-compatible test server records what it was sent). Where the workspace
// allows several models, the person picks one for a message.

const AGENT = 'helper';
const PDF_TEXT = 'The lighthouse keeper is called Ernestine.';
const NOTES_TEXT = 'Meeting notes: the budget is forty-two apples.';
const DRAFT_TEXT = 'A draft nobody should read.';

describeInBrowser('attachments and the model choice in a browser', () => {
  const browser = browserSuite();
  let app: WebAppUnderTest;
  let fake: FakeOpenAIServer;

  beforeAll(async () => {
    fake = await FakeOpenAIServer.start();
    fake.setResolver((request) => (isTitleRequest(request) ? textScenario(['Reading ', 'files']) : textScenario(['I ', 'read ', 'it.'])));
    app = await startWebApp({ ...openAIEnv(fake), AGENT_RUNNER_ENABLED: 'true' });
    const created = await call(app.baseUrl, 'POST', `/api/w/${app.workspace.workspaceId}/assistant/agent_configurations`, {
      key: app.workspace.apiKey,
      body: { assistant: assistant({ name: AGENT, description: 'Reads what it is given.' }) },
    });
    expect(created.status).toBe(200);
  });

  afterAll(async () => {
    await app?.close();
    await fake?.close();
  });

  /**
   * Types a message that mentions the agent (picked from the list), sends it with Enter, and answers
   * the row its answer will take: the one after the answers shown before, which may not be drawn yet.
   */
  async function askAgent(page: Page, words: string): Promise<Locator> {
    const answers = page.getByRole('article', { name: `Answer from ${AGENT}` });
    const before = await answers.count();
    await sendMentioning(page, words, AGENT);
    return answers.nth(before);
  }

  /** The agent run the model was asked for about `words` (the person's question). */
  async function runAbout(words: string): Promise<RecordedRequest> {
    for (let tries = 0; tries < 100; tries += 1) {
      const run = runRequests(fake).find((request) => sentText(request.body).includes(words));
      if (run) return run;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error(`the model was never asked about "${words}"`);
  }

  /** Waits for `answer` to end and checks it shows. */
  async function expectAnswer(answer: Locator): Promise<void> {
    await answer.getByText('I read it.').waitFor();
    for (let tries = 0; tries < 150 && (await answer.getAttribute('aria-busy')) !== 'false'; tries += 1) await answer.page().waitForTimeout(100);
    // Still busy, the row says why (Writing…, Reconnecting…, or the api's refusal).
    expect({ busy: await answer.getAttribute('aria-busy'), status: await answer.getByRole('status').allTextContents() }).toEqual({ busy: 'false', status: [] });
  }

  /** Slows the page's uploads to `bytesPerSecond` (DevTools' throttling), so progress can be watched. */
  async function throttleUploads(page: Page, bytesPerSecond: number): Promise<CDPSession> {
    const devtools = await page.context().newCDPSession(page);
    await devtools.send('Network.enable');
    await devtools.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: bytesPerSecond });
    return devtools;
  }

  const chip = (page: Page, fileName: string) => page.getByRole('list', { name: 'Attachments' }).getByRole('listitem').filter({ hasText: fileName });

  browser.test('a PDF attached by the button uploads with its progress, goes with the message, and the agent reads its text', async ({ page }) => {
    await openNewConversation(page, app);
    const send = page.getByRole('button', { name: 'Send' });
    const devtools = await throttleUploads(page, 256 * 1024);
    // Every value the progress bar takes, as the page draws it (an expression: this file is compiled
    // for Node, without the DOM's types).
    await page.evaluate(`
      window.progressSeen = [];
      new MutationObserver(() => document.querySelectorAll('progress').forEach((bar) => window.progressSeen.push(bar.value)))
        .observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['value'] });
    `);

    // By the keyboard: Tab from the message box reaches Attach files, and Enter opens the file chooser.
    // The chooser is awaited before the first key: Playwright turns on its interception of choosers
    // without waiting for the page, and a key pressed at once could open a chooser it never saw.
    const chooser = page.waitForEvent('filechooser');
    await page.getByRole('textbox', { name: 'Message' }).focus();
    await page.keyboard.press('Tab');
    expect(await page.getByRole('button', { name: 'Attach files' }).evaluate((button) => button.matches(':focus'))).toBe(true);
    await page.keyboard.press('Enter');
    await (await chooser).setFiles({ name: 'handbook.pdf', mimeType: 'application/pdf', buffer: minimalPdf(PDF_TEXT, 512 * 1024) });
    const progress = page.getByRole('progressbar', { name: 'Uploading handbook.pdf' });
    await progress.waitFor();
    expect(await send.isDisabled()).toBe(true);
    await expectAccessible(page);
    await chip(page, 'handbook.pdf').getByText('Attached').waitFor();
    await devtools.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
    const seen = await page.evaluate<number[]>('window.progressSeen');
    expect(seen.filter((value) => value > 0 && value < 100).length).toBeGreaterThan(0);
    expect(seen).toEqual([...seen].sort((a, b) => a - b));
    expect(await progress.count()).toBe(0);
    expect(await send.isDisabled()).toBe(false);
    await expectAccessible(page);

    const answer = await askAgent(page, 'Who keeps the lighthouse?');
    await page.waitForURL(/\/conversations\//);
    await expectAnswer(answer);
    const run = await runAbout('Who keeps the lighthouse?');
    expect(sentText(run.body)).toContain(PDF_TEXT);
    await page.getByRole('article', { name: 'Attachment: handbook.pdf' }).waitFor();
    expect(await page.getByRole('list', { name: 'Attachments' }).count()).toBe(0);

    // As stored: the fragment stands before the message after a reload.
    await page.reload();
    await page.getByRole('article', { name: 'Attachment: handbook.pdf' }).waitFor();
    const order = await page.getByRole('list', { name: 'Messages' }).locator(':scope > li > article').evaluateAll((rows) => rows.map((row) => row.getAttribute('aria-label')));
    expect(order.slice(0, 2)).toEqual(['Attachment: handbook.pdf', expect.stringMatching(/^Message from /)]);
  });

  browser.test('a file dropped on the composer is attached, a chip removed before sending stays behind, and the message carries the rest', async ({ page }) => {
    await openNewConversation(page, app);
    const hello = await askAgent(page, 'Hello there');
    await page.waitForURL(/\/conversations\//);
    await expectAnswer(hello);

    const dropped = await page.evaluateHandle(`(() => {
      const transfer = new DataTransfer();
      transfer.items.add(new File([${JSON.stringify(NOTES_TEXT)}], 'notes.md', { type: '' }));
      return transfer;
    })()`);
    const composer = page.getByRole('form', { name: 'Write a message' });
    await composer.dispatchEvent('dragenter', { dataTransfer: dropped });
    await composer.dispatchEvent('dragover', { dataTransfer: dropped });
    await composer.dispatchEvent('drop', { dataTransfer: dropped });
    await chip(page, 'notes.md').getByText('Attached').waitFor();

    await page.getByLabel('Files to attach').setInputFiles({ name: 'draft.txt', mimeType: 'text/plain', buffer: Buffer.from(DRAFT_TEXT) });
    await chip(page, 'draft.txt').getByText('Attached').waitFor();
    // Removed once uploaded, the file is deleted: nothing will refer to it.
    const deleted = page.waitForResponse((response) => response.request().method() === 'DELETE' && /\/api\/w\/[^/]+\/files\/fil_/.test(response.url()));
    await page.getByRole('button', { name: 'Remove draft.txt' }).click();
    expect(await chip(page, 'draft.txt').count()).toBe(0);
    expect((await deleted).status()).toBe(204);

    await expectAnswer(await askAgent(page, 'What is the budget?'));
    const run = await runAbout('What is the budget?');
    expect(sentText(run.body)).toContain(NOTES_TEXT);
    expect(sentText(run.body)).not.toContain(DRAFT_TEXT);
    await page.getByRole('article', { name: 'Attachment: notes.md' }).waitFor();
    expect(await page.getByRole('article', { name: 'Attachment: draft.txt' }).count()).toBe(0);
  });

  browser.test(
    'on a phone in the dark, files the api cannot take are refused in its words, and Remove clears the refusal',
    async ({ page }) => {
      await openNewConversation(page, app);
      const input = page.getByLabel('Files to attach');
      const longName = `quarterly-${'figures-'.repeat(8)}archive.zip`;
      await input.setInputFiles({ name: longName, mimeType: 'application/zip', buffer: Buffer.from('PK\u0003\u0004 not really a zip') });
      await chip(page, longName).getByRole('alert').filter({ hasText: 'Content type "application/zip" is not supported.' }).waitFor();
      // An image may be at most 5 MB: refused before any byte goes.
      await input.setInputFiles({ name: 'poster.png', mimeType: 'image/png', buffer: Buffer.alloc(6 * 1024 * 1024) });
      await chip(page, 'poster.png').getByRole('alert').filter({ hasText: 'Files of type image/png may be at most 5 MB.' }).waitFor();
      expect(await scrollsSideways(page)).toBe(false);
      await expectAccessible(page);
      expect(await page.getByRole('button', { name: 'Send' }).isDisabled()).toBe(false);
      await page.getByRole('button', { name: `Remove ${longName}` }).click();
      await page.getByRole('button', { name: 'Remove poster.png' }).click();
      expect(await page.getByRole('list', { name: 'Attachments' }).count()).toBe(0);
    },
    { viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true, colorScheme: 'dark' },
  );

  browser.test(
    "on a phone in the dark, a model picked for a message is the one the agent runs; the agent's own model otherwise",
    async ({ page }) => {
      await openNewConversation(page, app);
      const model = page.getByRole('combobox', { name: 'Model' });
      expect(await model.inputValue()).toBe('');
      expect(await model.locator('option:checked').innerText()).toBe("Agent's model");
      await page.getByRole('button', { name: 'Attach files' }).waitFor();
      expect(await scrollsSideways(page)).toBe(false);
      const first = await askAgent(page, 'First question');
      await page.waitForURL(/\/conversations\//);
      await expectAnswer(first);
      expect((await runAbout('First question')).body).toMatchObject({ model: 'gpt-4.1' });

      await page.getByRole('combobox', { name: 'Model' }).selectOption({ label: 'GPT-4o mini' });
      await expectAnswer(await askAgent(page, 'Second question'));
      expect((await runAbout('Second question')).body).toMatchObject({ model: 'gpt-4o-mini' });
      const conversationId = new URL(page.url()).pathname.split('/').at(-1)!;
      const stored = await call(app.baseUrl, 'GET', `/api/w/${app.workspace.workspaceId}/assistant/conversations/${conversationId}`, { key: app.workspace.apiKey });
      const answers = stored.body.conversation.content.flat().filter((message: { type: string }) => message.type === 'agent_message');
      expect(answers.map((answer: { resolvedModel: { modelId: string } | null; modelResolutionMethod: string | null }) => [answer.resolvedModel?.modelId, answer.modelResolutionMethod])).toEqual([
        ['gpt-4.1', 'agent'],
        ['gpt-4o-mini', 'user'],
      ]);
      expect(await scrollsSideways(page)).toBe(false);
      await expectAccessible(page);
    },
    { viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true, colorScheme: 'dark' },
  );
});
