import { chromiumInstalled, missingChromiumMessage } from './chromium';

/** Says it again after the whole run, where a developer reads the summary: the setup's message has scrolled away by then. */
export default function browserTeardown(): void {
  if (!chromiumInstalled()) process.stderr.write(missingChromiumMessage());
}
