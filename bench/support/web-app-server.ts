/**
 * The api process of the web-app bench, forked by it: the real app on the embedded stores serving
 * the built web app (dist/web), with one workspace, one person who signs in with a password and one
 * agent whose model is the bench's fake OpenAI server (its address is the first argument). It lives
 * apart from the bench, whose process drives Chromium, so that neither's work is counted as the other's.
 */
import { assistant } from '../../test/support/agent-assistant-body';
import { createAccount, ROOMY_SIGN_IN_BUDGETS } from '../../test/support/people';
import { call, startTestApp } from '../../test/support/test-app';

export interface WebAppServerInfo {
  readonly baseUrl: string;
  readonly workspaceId: string;
  readonly apiKey: string;
  readonly email: string;
  readonly password: string;
  /** The name to mention the agent by. */
  readonly agentName: string;
}

export const BENCH_AGENT = 'helper';

async function serve(modelBaseUrl: string): Promise<void> {
  const t = await startTestApp({
    OPENAI_API_KEY: 'sk-bench',
    OPENAI_BASE_URL: modelBaseUrl,
    LOG_LEVEL: 'silent',
    RATE_LIMIT_PER_KEY: 'off',
    RATE_LIMIT_PER_WORKSPACE: 'off',
    ...ROOMY_SIGN_IN_BUDGETS,
  });
  const { workspaceId, apiKey } = await t.createWorkspace('Bench workspace');
  const account = await createAccount(t.dataDir, workspaceId, 'bench@example.com', { role: 'admin', name: 'Bench', password: 'a bench of long words' });
  const created = await call(t.baseUrl, 'POST', `/api/w/${workspaceId}/assistant/agent_configurations`, {
    key: apiKey,
    body: { assistant: assistant({ name: BENCH_AGENT, description: 'Answers at length.' }) },
  });
  if (created.status !== 200) throw new Error(`agent not created: ${created.status} ${JSON.stringify(created.body)}`);
  process.on('message', (message: { cmd: string }) => {
    if (message.cmd === 'stop') void t.close().then(() => process.exit(0));
  });
  process.send?.({ ready: { baseUrl: t.baseUrl, workspaceId, apiKey, email: account.email, password: account.password, agentName: BENCH_AGENT } satisfies WebAppServerInfo });
}

void serve(process.argv[2] ?? '');
