import { buildDist } from '../../support/build-dist.global-setup';
import { shareNodeCompileCache } from '../../support/node-compile-cache';
import { chromiumInstalled, missingChromiumMessage } from './chromium';

/**
 * Jest global setup of the browser project: dist/ up to date (the api serves dist/web), one
 * compile cache for every Node process of the run, and a loud message when there is no Chromium,
 * whose specs are then skipped. In CI a missing browser is a failure: .ci/run installs it, and a
 * skipped suite there would hide a broken web app.
 */
export default function browserSetup(): void {
  shareNodeCompileCache();
  buildDist();
  if (chromiumInstalled()) return;
  if (process.env.CI) throw new Error(`No Chromium in CI: .ci/run should have installed it.${missingChromiumMessage()}`);
  process.stderr.write(missingChromiumMessage());
}
