import type { AxeResults, Result } from 'axe-core';
import { mkdirSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Page } from 'playwright-core';
import { CHROMIUM_FLAGS, CHROMIUM_PATH, chromiumInstalled } from './chromium';

/** Screenshots of failed tests, one PNG per test (gitignored; CI keeps the folder as its artifacts). */
export const ARTIFACTS_DIR = join(__dirname, '..', 'artifacts');

/** Where every passing test also leaves a screenshot of the page it ends on, when set (BROWSER_SCREENSHOTS_DIR). */
const SCREENSHOTS_DIR = process.env.BROWSER_SCREENSHOTS_DIR;

const AXE_SOURCE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');
const BLOCKING_IMPACTS: ReadonlySet<string> = new Set(['serious', 'critical']);
/** How long a person waits for a page before the test says it did not come. */
const PAGE_TIMEOUT_MS = 10_000;

/** `describe` where Chromium is installed, `describe.skip` elsewhere (the browser project's global setup says so loudly). */
export const describeInBrowser: jest.Describe = chromiumInstalled() ? describe : describe.skip;

/** One test's browser: a fresh context (no cookies, no storage) and its page. */
export interface BrowserVisit {
  readonly context: BrowserContext;
  readonly page: Page;
  /** A page in another browser of its own (someone else, or the same person on another device), watched like the first. */
  anotherBrowser(): Promise<Page>;
}

export interface BrowserSuite {
  /**
   * A test in a fresh context. A failure keeps a screenshot of the page under test/browser/artifacts;
   * an error thrown in the page or a Content-Security-Policy violation fails the test; the page it
   * ends on is checked by axe like every page it visited.
   */
  test(name: string, body: (visit: BrowserVisit) => Promise<void>, options?: BrowserContextOptions): void;
}

/** Launches Chromium once for the file (closed after its last test); call it inside describeInBrowser. */
export function browserSuite(): BrowserSuite {
  // A page and a server to start per file, and a person's pace of steps per test: more than jest's 5 s.
  jest.setTimeout(60_000);
  let browser: Browser | null = null;
  beforeAll(async () => {
    browser = await chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: [...CHROMIUM_FLAGS] });
  });
  afterAll(async () => {
    await browser?.close();
  });
  return {
    test(name, body, options = {}) {
      it(name, async () => {
        if (browser === null) throw new Error('Chromium did not start');
        const opened = browser;
        const contexts: BrowserContext[] = [];
        const pageErrors: string[] = [];
        const openPage = async () => {
          const context = await opened.newContext({ viewport: { width: 1280, height: 800 }, ...options });
          contexts.push(context);
          context.setDefaultTimeout(PAGE_TIMEOUT_MS);
          const page = await context.newPage();
          watchPageErrors(page, pageErrors);
          return { context, page };
        };
        const { context, page } = await openPage();
        try {
          await body({ context, page, anotherBrowser: async () => (await openPage()).page });
          if (!page.isClosed()) await expectAccessible(page);
          expect(pageErrors).toEqual([]);
          if (SCREENSHOTS_DIR && !page.isClosed()) await saveScreenshot(page, SCREENSHOTS_DIR);
        } catch (error) {
          await keepScreenshot(page);
          throw error;
        } finally {
          await Promise.all(contexts.map((each) => each.close()));
        }
      });
    },
  };
}

/** Errors thrown in the page and the console's Content-Security-Policy refusals, as they happen. */
function watchPageErrors(page: Page, errors: string[]): void {
  page.on('pageerror', (error) => errors.push(`page error: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error' && /Content Security Policy|Refused to/i.test(message.text())) errors.push(`console: ${message.text()}`);
  });
}

/** The PNG's name for the test running now: its file and its name. */
function screenshotName(): string {
  const { testPath, currentTestName } = expect.getState();
  return `${basename(testPath ?? 'unknown', '.ts')}--${(currentTestName ?? 'test').replace(/[^A-Za-z0-9]+/g, '-').slice(0, 120)}.png`;
}

/** The page each passing test ends on, as a person sees it (the viewport), for the docs or a review. */
async function saveScreenshot(page: Page, directory: string): Promise<void> {
  mkdirSync(directory, { recursive: true });
  await page.screenshot({ path: join(directory, screenshotName()) });
}

async function keepScreenshot(page: Page): Promise<void> {
  if (page.isClosed()) return;
  mkdirSync(ARTIFACTS_DIR, { recursive: true });
  const path = join(ARTIFACTS_DIR, screenshotName());
  try {
    await page.screenshot({ path, fullPage: true });
    process.stderr.write(`Screenshot of the failed test: ${path}\n`);
  } catch (error) {
    process.stderr.write(`No screenshot of the failed test: ${error instanceof Error ? error.message : String(error)}\n`);
  }
}

/**
 * Runs axe-core in the page as it is now; fails on any serious or critical violation, each named
 * with the rule, its help text and the elements. Injected through the DevTools protocol, which the
 * page's Content-Security-Policy does not govern, so the policy under test stays as served.
 */
export async function expectAccessible(page: Page): Promise<void> {
  // Expressions rather than functions: this file is compiled for Node, without the DOM's types.
  if (!(await page.evaluate<boolean>("typeof axe !== 'undefined'"))) await page.evaluate(AXE_SOURCE);
  const results = await page.evaluate<AxeResults>("axe.run(document, { resultTypes: ['violations'] })");
  const blocking = results.violations.filter((violation: Result) => BLOCKING_IMPACTS.has(violation.impact ?? ''));
  const described = blocking.map((violation) => `${violation.impact} ${violation.id}: ${violation.help} (${violation.nodes.map((node) => node.target.join(' ')).join(', ')})`);
  expect({ url: page.url(), violations: described }).toEqual({ url: page.url(), violations: [] });
}

/** Waits for the page whose h1 reads `heading` (a person sees where they are), then checks it with axe. */
export async function expectPage(page: Page, heading: string | RegExp): Promise<void> {
  await page.getByRole('heading', { level: 1, name: heading }).waitFor();
  await expectAccessible(page);
}

/** The page's path and query, to compare with where a person should be. */
export function pathOf(page: Page): string {
  const url = new URL(page.url());
  return `${url.pathname}${url.search}`;
}

/** Whether the page scrolls sideways (content wider than the viewport). */
export function scrollsSideways(page: Page): Promise<boolean> {
  return page.evaluate<boolean>('document.documentElement.scrollWidth > document.documentElement.clientWidth');
}
