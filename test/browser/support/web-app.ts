import type { Page } from 'playwright-core';
import { createAccount, ROOMY_SIGN_IN_BUDGETS, type Account } from '../../support/people';
import { startTestApp, type TestApp } from '../../support/test-app';
import { expectPage } from './browser-suite';

/** The api in this process (embedded stores in a temp directory) serving the built web app, with one workspace and one person in it. */
export interface WebAppUnderTest {
  readonly t: TestApp;
  readonly baseUrl: string;
  readonly workspace: { readonly workspaceId: string; readonly name: string; readonly apiKey: string };
  /** An admin of the workspace with a password, made with the CLI as an operator would. */
  readonly person: Account;
  close(): Promise<void>;
}

export const WORKSPACE_NAME = 'Acme research';

export async function startWebApp(env: Record<string, string> = {}): Promise<WebAppUnderTest> {
  const t = await startTestApp({ AGENT_RUNNER_ENABLED: 'false', ...ROOMY_SIGN_IN_BUDGETS, ...env });
  const { workspaceId, apiKey } = await t.createWorkspace(WORKSPACE_NAME);
  const person = await createAccount(t.dataDir, workspaceId, 'ada@example.com', { role: 'admin', name: 'Ada', password: 'analytical engine 1843' });
  return { t, baseUrl: t.baseUrl, workspace: { workspaceId, name: WORKSPACE_NAME, apiKey }, person, close: () => t.close() };
}

/** Types the email and password into the sign-in page, as a person would, and presses Sign in. */
export async function signInThroughPage(page: Page, account: Account): Promise<void> {
  await expectPage(page, 'Sign in');
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password').fill(account.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/** Types `words` and the start of `agent`'s name in the message box, picks the agent from the list with Enter, and sends with Enter. */
export async function sendMentioning(page: Page, words: string, agent: string): Promise<void> {
  const box = page.getByRole('textbox', { name: 'Message' });
  await box.click();
  await box.pressSequentially(`${words} @${agent.slice(0, 3)}`);
  await page.getByRole('listbox', { name: 'Agents to mention' }).getByRole('option', { name: new RegExp(`@${agent}`) }).waitFor();
  await box.press('Enter');
  await box.press('Enter');
}

/** Opens the app, signs in as the workspace's person, and goes to New conversation. */
export async function openNewConversation(page: Page, app: WebAppUnderTest): Promise<void> {
  await page.goto(`${app.baseUrl}/`);
  await signInThroughPage(page, app.person);
  await expectPage(page, WORKSPACE_NAME);
  await page.getByRole('button', { name: 'New conversation' }).click();
  await expectPage(page, 'New conversation');
}

/** Fills the invitation page's form (first name, password twice) and presses Create account and join. */
export async function createAccountFromInvitation(page: Page, firstName: string, password: string): Promise<void> {
  await page.getByLabel('First name').fill(firstName);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByLabel('Repeat the password').fill(password);
  await page.getByRole('button', { name: 'Create account and join' }).click();
}

/**
 * Opens an invitation link an admin was shown and joins as a newcomer, landing in the workspace. The
 * link names PUBLIC_URL, which the test server leaves unset (its port is chosen at start): same path, this server.
 */
export async function joinFromInvitation(page: Page, app: WebAppUnderTest, link: string, firstName: string, password: string): Promise<void> {
  const { pathname, hash } = new URL(link);
  await page.goto(`${app.baseUrl}${pathname}${hash}`);
  await expectPage(page, 'Join a workspace');
  await createAccountFromInvitation(page, firstName, password);
  await expectPage(page, WORKSPACE_NAME);
}
