import type { Locator, Page } from 'playwright-core';
import { assistant } from '../support/agent-assistant-body';
import { isTitleRequest, openAIEnv, sentText, textScenario } from '../support/agent-run-helpers';
import { FakeOpenAIServer, type RecordedRequest, type Scenario } from '../support/fake-openai-server';
import { call } from '../support/test-app';
import { browserSuite, describeInBrowser, expectAccessible, scrollsSideways } from './support/browser-suite';
import { openNewConversation, sendMentioning, startWebApp, type WebAppUnderTest } from './support/web-app';

// An agent asking the person a question mid-run, seen in the web app: the question shows in the
// answer being written with its choices and a box for words of one's own, and sending the answer
// resumes the run. The model is the local fake, which asks for the person's words and then answers
// from the answer it reads.

const PLANNER = 'planner';

function scenarioFor(request: RecordedRequest): Scenario {
  // The answer reaches the model as JSON inside the request's JSON: read without its escapes.
  const sent = sentText(request.body).replace(/\\/g, '');
  const answered = /"selectedOptions":\[([^\]]*)\](?:,"customResponse":"([^"]*)")?/.exec(sent);
  if (answered) return textScenario([`Booked: ${answered[1].replace(/"/g, '') || 'nothing chosen'}`, answered[2] ? ` (${answered[2]})` : '', '.']);
  if (sent.includes('offsite')) {
    return {
      steps: [
        {
          type: 'tool-call',
          name: 'ask_user_question',
          args: { question: 'Where should the offsite be?', options: [{ label: 'Lisbon' }, { label: 'Porto', description: 'by train' }] },
        },
      ],
    };
  }
  if (sent.includes('dinner')) return { steps: [{ type: 'tool-call', name: 'ask_user_question', args: { question: 'Any allergies?' } }] };
  return textScenario(['Hello.']);
}

describeInBrowser('an agent asking a question, in a browser', () => {
  const browser = browserSuite();
  let app: WebAppUnderTest;
  let fake: FakeOpenAIServer;

  beforeAll(async () => {
    fake = await FakeOpenAIServer.start();
    fake.setResolver((request) => (isTitleRequest(request) ? textScenario(['Plans']) : scenarioFor(request)));
    app = await startWebApp({ ...openAIEnv(fake), AGENT_RUNNER_ENABLED: 'true' });
    const { workspaceId, apiKey } = app.workspace;
    const created = await call(app.baseUrl, 'POST', `/api/w/${workspaceId}/assistant/agent_configurations`, {
      key: apiKey,
      body: { assistant: assistant({ name: PLANNER, description: 'Plans events.', toolset: ['ask_user_question'] }) },
    });
    if (created.status !== 200) throw new Error(`create agent: ${created.status} ${JSON.stringify(created.body)}`);
  });

  afterAll(async () => {
    await app?.close();
    await fake?.close();
  });

  async function ask(page: Page, words: string): Promise<Locator> {
    await openNewConversation(page, app);
    await sendMentioning(page, words, PLANNER);
    await page.waitForURL(/\/conversations\//);
    return page.getByRole('article', { name: `Answer from ${PLANNER}` });
  }

  const idle = (answer: Locator) => answer.and(answer.page().locator('[aria-busy="false"]')).waitFor({ timeout: 15_000 });

  browser.test('the question shows with its choices, again after a reload; a choice and words resume the run, answered by keyboard alone', async ({ page }) => {
    let answer = await ask(page, 'Plan the offsite');
    let prompt = answer.getByRole('form', { name: `${PLANNER} asks: Where should the offsite be?` });
    await prompt.waitFor();
    await answer.getByText('Waiting for your answer…').waitFor();
    expect(await answer.getByRole('list', { name: 'Steps' }).locator('summary').innerText()).toBe('ask_user_question from ask_user_question · Waiting for your answer');
    expect(await prompt.getByRole('radio').count()).toBe(2);
    await prompt.getByText('by train').waitFor();
    await expectAccessible(page);

    await page.reload();
    answer = page.getByRole('article', { name: `Answer from ${PLANNER}` });
    prompt = answer.getByRole('form', { name: `${PLANNER} asks: Where should the offsite be?` });
    // Sending nothing is refused in the page.
    await prompt.getByRole('button', { name: 'Send answer' }).click();
    await prompt.getByText('Choose an answer or write one.').waitFor();

    // The keyboard alone: the first choice, the arrow to the second, then words, then Enter.
    await prompt.getByRole('radio', { name: 'Lisbon' }).focus();
    await page.keyboard.press('ArrowDown');
    expect(await prompt.getByRole('radio', { name: /^Porto/ }).isChecked()).toBe(true);
    await page.keyboard.press('Tab');
    await page.keyboard.type('in May');
    await page.keyboard.press('Enter');
    await idle(answer);
    await answer.getByText('Booked: Porto (in May).').waitFor();
    expect(await answer.getByRole('form').count()).toBe(0);
    await expectAccessible(page);
  });

  browser.test(
    'on a phone in the dark, a question without choices takes words only, and fits the width',
    async ({ page }) => {
      const answer = await ask(page, 'Book the dinner');
      const prompt = answer.getByRole('form', { name: `${PLANNER} asks: Any allergies?` });
      await prompt.waitFor();
      expect(await prompt.getByRole('radio').count()).toBe(0);
      expect(await scrollsSideways(page)).toBe(false);
      await expectAccessible(page);
      await prompt.getByRole('textbox', { name: 'Your answer' }).fill('Peanuts');
      await prompt.getByRole('button', { name: 'Send answer' }).click();
      await idle(answer);
      await answer.getByText('Booked: nothing chosen (Peanuts).').waitFor();
    },
    { viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true, colorScheme: 'dark' },
  );
});
