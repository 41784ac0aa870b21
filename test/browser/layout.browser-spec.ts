import type { Page } from 'playwright-core';
import { browserSuite, describeInBrowser, expectAccessible, expectPage, scrollsSideways } from './support/browser-suite';
import { signInThroughPage, startWebApp, WORKSPACE_NAME, type WebAppUnderTest } from './support/web-app';

// The same pages on a phone and on a wide screen, in the system's light and dark schemes. axe runs
// on each page in each scheme, so the colours' contrast is checked in both.

async function box(page: Page, role: 'navigation' | 'region', name: string) {
  const found = await page.getByRole(role, { name }).boundingBox();
  if (found === null) throw new Error(`no ${role} named ${name}`);
  return found;
}

describeInBrowser('the web app on a phone and on a wide screen', () => {
  const browser = browserSuite();
  let app: WebAppUnderTest;

  beforeAll(async () => {
    app = await startWebApp();
  });

  afterAll(() => app?.close());

  browser.test(
    'at 375 px wide nothing scrolls sideways, and the conversation list sits above the conversation',
    async ({ page }) => {
      await page.goto(`${app.baseUrl}/sign-in`);
      await expectPage(page, 'Sign in');
      expect(await scrollsSideways(page)).toBe(false);
      await signInThroughPage(page, app.person);
      await expectPage(page, WORKSPACE_NAME);
      expect(await scrollsSideways(page)).toBe(false);
      const list = await box(page, 'navigation', 'Conversations');
      const conversation = await box(page, 'region', 'Conversation');
      expect(list.y + list.height).toBeLessThanOrEqual(conversation.y + 1);
      await page.getByRole('button', { name: 'New conversation' }).click();
      await expectPage(page, 'New conversation');
      expect(await scrollsSideways(page)).toBe(false);
      // With a conversation open the list folds behind a button: the conversation comes first.
      const search = page.getByRole('searchbox', { name: 'Search conversations by title' });
      expect(await search.isVisible()).toBe(false);
      const show = page.getByRole('button', { name: 'Show conversations' });
      expect(await show.getAttribute('aria-expanded')).toBe('false');
      await show.click();
      await search.waitFor();
      expect(await page.getByRole('button', { name: 'Hide conversations' }).getAttribute('aria-expanded')).toBe('true');
      await expectAccessible(page);
      await page.getByRole('button', { name: 'Hide conversations' }).click();
      await search.waitFor({ state: 'hidden' });
    },
    { viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true },
  );

  browser.test(
    'on a wide screen the conversation list sits beside the conversation',
    async ({ page }) => {
      await page.goto(`${app.baseUrl}/`);
      await signInThroughPage(page, app.person);
      await expectPage(page, WORKSPACE_NAME);
      expect(await scrollsSideways(page)).toBe(false);
      const list = await box(page, 'navigation', 'Conversations');
      const conversation = await box(page, 'region', 'Conversation');
      expect(list.x + list.width).toBeLessThanOrEqual(conversation.x + 1);
      expect(Math.abs(list.y - conversation.y)).toBeLessThan(2);
      // Beside the conversation the list never folds.
      await page.getByRole('button', { name: 'New conversation' }).click();
      await expectPage(page, 'New conversation');
      await page.getByRole('searchbox', { name: 'Search conversations by title' }).waitFor();
      expect(await page.getByRole('button', { name: 'Show conversations' }).count()).toBe(0);
    },
    { viewport: { width: 1440, height: 900 } },
  );

  for (const [scheme, background] of [
    ['light', 'rgb(255, 255, 255)'],
    ['dark', 'rgb(18, 20, 23)'],
  ] as const) {
    browser.test(
      `follows the system's ${scheme} scheme, readable in it`,
      async ({ page }) => {
        await page.goto(`${app.baseUrl}/sign-in`);
        await expectPage(page, 'Sign in');
        expect(await page.evaluate<string>('getComputedStyle(document.documentElement).backgroundColor')).toBe(background);
        await signInThroughPage(page, { email: app.person.email, password: 'wrong, to show the alert' });
        await page.getByRole('alert').waitFor();
        await expectPage(page, 'Sign in');
        await page.getByLabel('Password').fill(app.person.password);
        await page.getByRole('button', { name: 'Sign in' }).click();
        await expectPage(page, WORKSPACE_NAME);
      },
      { colorScheme: scheme },
    );
  }
});
