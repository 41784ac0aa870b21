import { until } from '@app/contracts/test/until';
import type { Page } from 'playwright-core';
import { assistant } from '../support/agent-assistant-body';
import { openAIEnv, textScenario } from '../support/agent-run-helpers';
import { FakeOpenAIServer } from '../support/fake-openai-server';
import { call } from '../support/test-app';
import { browserSuite, describeInBrowser, expectAccessible, expectPage, scrollsSideways } from './support/browser-suite';
import { signInThroughPage, startWebApp, WORKSPACE_NAME, type WebAppUnderTest } from './support/web-app';

// The workspace's skills in the web app: a builder (the workspace's admin) imports a SKILL.md
// through the Import page, opens the skill, saves a new version from the editor, archives and
// restores it, and gives an agent the skill in the agent editor, which a save and a reload keep.

const SKILL_MD = ['---', 'name: release-notes', 'description: Writes release notes from a changelog.', '---', '', 'Group the changes by kind and lead with what users notice.', ''].join('\n');

describeInBrowser('skills in a browser', () => {
  const browser = browserSuite();
  let app: WebAppUnderTest;
  let fake: FakeOpenAIServer;

  beforeAll(async () => {
    fake = await FakeOpenAIServer.start();
    fake.setResolver(() => textScenario(['Hello.']));
    app = await startWebApp(openAIEnv(fake));
  });

  afterAll(async () => {
    await app?.close();
    await fake?.close();
  });

  /** Signs in and opens Skills from the workspace's header. */
  async function openSkills(page: Page): Promise<void> {
    await page.goto(`${app.baseUrl}/`);
    await signInThroughPage(page, app.person);
    await expectPage(page, WORKSPACE_NAME);
    await page.getByRole('navigation', { name: 'Workspace' }).getByRole('link', { name: 'Skills' }).click();
    await expectPage(page, 'Skills');
  }

  const section = (page: Page, name: string) => page.getByRole('navigation', { name: 'Skills' }).getByRole('link', { name });

  /** Imports SKILL_MD under `name` through the Import page and opens the skill. */
  async function importSkill(page: Page, name: string): Promise<void> {
    await section(page, 'Import').click();
    await expectPage(page, 'Import skills');
    await page.getByLabel('SKILL.md or zip').setInputFiles({ name: 'SKILL.md', mimeType: 'text/markdown', buffer: Buffer.from(SKILL_MD.replace('release-notes', name)) });
    await page.getByRole('radio', { name: 'Leave the existing skill alone' }).check();
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Import' }).click();
    await page.getByRole('heading', { name: 'Imported 1, updated 0, skipped 0' }).waitFor();
    await page.getByRole('list', { name: 'Imported' }).getByRole('link', { name }).click();
    await expectPage(page, name);
  }

  browser.test('a builder imports a SKILL.md, opens it, saves a version, archives and restores it', async ({ page }) => {
    await openSkills(page);
    await page.getByText('No skill here yet.').waitFor();
    await importSkill(page, 'release-notes');
    await page.getByText('Writes release notes from a changelog.').waitFor();
    await page.getByRole('region', { name: 'Instructions' }).getByText('Group the changes by kind').waitFor();
    await page.getByRole('region', { name: 'Files' }).getByText('No file is attached.').waitFor();
    const versions = page.getByRole('region', { name: 'Versions' });
    await versions.getByRole('listitem').first().waitFor();
    expect(await versions.getByRole('listitem').count()).toBe(1);
    await expectAccessible(page);

    await page.getByRole('link', { name: 'Edit' }).click();
    await expectPage(page, 'Edit release-notes');
    await page.getByLabel('Description', { exact: true }).fill('Writes short release notes.');
    await page.getByLabel('Instructions', { exact: true }).fill('Three bullet points at most.');
    await expectAccessible(page);
    // By keyboard: the save button, then Enter.
    await page.getByRole('button', { name: 'Save version' }).focus();
    await page.keyboard.press('Enter');
    await expectPage(page, 'release-notes');
    await page.getByText('Writes short release notes.').waitFor();
    await page.getByRole('region', { name: 'Instructions' }).getByText('Three bullet points at most.').waitFor();
    await until(async () => (await versions.getByRole('listitem').count()) === 2);

    await page.getByRole('button', { name: 'Archive' }).click();
    await page.getByText('release-notes archived.').waitFor();
    await section(page, 'Archived').click();
    await expectPage(page, 'Archived skills');
    await page.getByRole('link', { name: 'release-notes' }).click();
    await expectPage(page, 'release-notes');
    await page.getByRole('button', { name: 'Restore' }).click();
    await page.getByText('release-notes restored.').waitFor();
    await section(page, 'Active').click();
    await expectPage(page, 'Skills');
    await page.getByLabel('Search skills').fill('short release');
    await page.getByRole('link', { name: 'release-notes' }).waitFor();
    await page.getByLabel('Search skills').fill('nothing like it');
    await page.getByText('No skill matches.').waitFor();
  });

  browser.test("a builder gives an agent a skill in the editor, which a save and a reload keep", async ({ page }) => {
    const { workspaceId, apiKey: key } = app.workspace;
    const created = await call(app.baseUrl, 'POST', `/api/w/${workspaceId}/assistant/agent_configurations`, { key, body: { assistant: assistant({ name: 'scribe', description: 'Writes.' }) } });
    expect(created.status).toBe(200);
    const aId: string = created.body.agentConfiguration.sId;
    await openSkills(page);
    await importSkill(page, 'meeting-minutes');
    const skillId = decodeURIComponent(new URL(page.url()).pathname.split('/').pop()!);

    await page.getByRole('navigation', { name: 'Workspace' }).getByRole('link', { name: 'Agents' }).click();
    await expectPage(page, 'Agents');
    await page.getByRole('link', { name: 'Edit scribe' }).click();
    await expectPage(page, 'Edit scribe');
    const skills = page.getByRole('group', { name: 'Skills' });
    await skills.getByRole('checkbox', { name: /^meeting-minutes/ }).check();
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('status').filter({ hasText: 'Saved as version 1.' }).waitFor();

    const saved = await call(app.baseUrl, 'GET', `/api/w/${workspaceId}/assistant/agent_configurations/${aId}?variant=full`, { key });
    expect(saved.body.agentConfiguration.skills).toEqual([{ sId: skillId }]);
    await page.reload();
    await expectPage(page, 'Edit scribe');
    expect(await page.getByRole('group', { name: 'Skills' }).getByRole('checkbox', { name: /^meeting-minutes/ }).isChecked()).toBe(true);
  });

  browser.test(
    'on a phone in the dark the list, a skill and the import fit the width and keep their contrast',
    async ({ page }) => {
      await openSkills(page);
      expect(await scrollsSideways(page)).toBe(false);
      await importSkill(page, 'phone-notes');
      expect(await scrollsSideways(page)).toBe(false);
      await expectAccessible(page);
      await page.getByRole('link', { name: 'Edit' }).click();
      await expectPage(page, 'Edit phone-notes');
      expect(await scrollsSideways(page)).toBe(false);
      await section(page, 'Import').click();
      await expectPage(page, 'Import skills');
      expect(await scrollsSideways(page)).toBe(false);
    },
    { viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true, colorScheme: 'dark' },
  );
});
