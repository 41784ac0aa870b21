import { existsSync } from 'node:fs';

/** Debian's Chromium (`apt-get install -y chromium`); CHROMIUM_PATH points elsewhere. Playwright never downloads one here. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * Headless, and quiet on the network: without the background-networking flags Chromium keeps
 * calling home, which a closed network refuses many times a second. No sandbox: tests run as root.
 */
export const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
  '--disable-sync',
] as const;

export function chromiumInstalled(): boolean {
  return existsSync(CHROMIUM_PATH);
}

/** What a developer without Chromium reads, once per run, in capitals so it is not missed. */
export function missingChromiumMessage(): string {
  return [
    '',
    '################################################################################',
    `  BROWSER SUITE SKIPPED: no Chromium at ${CHROMIUM_PATH}.`,
    '  The web app tests (test/browser) drive Debian\'s Chromium headless. Install it:',
    '      sudo apt-get install -y chromium        (or set CHROMIUM_PATH)',
    '  then run them:  npm run test:browser',
    '  CI installs it (.ci/run) and never skips them.',
    '################################################################################',
    '',
  ].join('\n');
}
