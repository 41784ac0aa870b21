import { createAccount, linkToken, madeUpSecret, ROOMY_SIGN_IN_BUDGETS, sessionSetCookie, useLink, type Account } from './support/people';
import { runCli } from './support/server-process';
import { call, startTestApp, type TestApp } from './support/test-app';
import { expectSameTiming, interleaved, quartiles, type Timed } from './support/timing';

/**
 * Nobody learns whether an address has an account, or whether a link or an invitation ever
 * existed, from the answers of sign-in, link use and invitation acceptance or from their timing:
 * each pair of attempts gets one answer, and their medians differ by less than the noise of the
 * measurement (figures printed). The sign-in budgets are out of reach here (their own spec is in
 * people-security).
 */

const ROUNDS = 30;

/** Every attempt of every kind got one answer: the same status, type and message. */
function expectOneAnswer(samples: Record<string, Timed[]>): { readonly status: number; readonly type: string } {
  const answers = new Set(Object.values(samples).flatMap((attempts) => attempts.map(({ status, body }) => JSON.stringify([status, body?.error?.type, body?.error?.message]))));
  expect([...answers]).toHaveLength(1);
  const [status, type] = JSON.parse([...answers][0]!) as [number, string];
  return { status, type };
}

describe('people: no user enumeration', () => {
  let t: TestApp;
  let workspaceId: string;
  let adminKey: string;
  let ada: Account;

  beforeAll(async () => {
    t = await startTestApp(ROOMY_SIGN_IN_BUDGETS);
    ({ workspaceId, apiKey: adminKey } = await t.createWorkspace('Enumeration'));
    ada = await createAccount(t.dataDir, workspaceId, 'ada@enumeration.test');
  }, 60_000);
  afterAll(() => t.close());

  it('sign-in answers an unknown address and a known one with a wrong password alike, in the same time', async () => {
    const signInAs = (email: string, password: string) => () => call(t.baseUrl, 'POST', '/api/auth/sign-in', { body: { email, password } });
    const samples = await interleaved(ROUNDS, {
      unknown: signInAs('nobody@enumeration.test', 'a wrong password'),
      known: signInAs(ada.email, 'a wrong password'),
      // No hash at all: a password past the longest taken is refused by validation.
      unhashed: signInAs(ada.email, 'x'.repeat(257)),
    });
    const { unhashed, ...failed } = samples;
    expect(expectOneAnswer(failed)).toEqual({ status: 401, type: 'sign_in_failed' });
    expect((await signInAs('nobody@enumeration.test', 'a wrong password')()).headers.getSetCookie()).toEqual([]);
    expect(unhashed!.every(({ status }) => status === 400)).toBe(true);
    const { noiseMs, medianMs } = expectSameTiming('sign-in unknown vs known address', failed.unknown!, failed.known!);
    // The comparison would see a skipped hash: an unknown address answered without one would differ by the hash's cost, above the noise.
    const hashCostMs = medianMs - quartiles(unhashed!.map(({ ms }) => ms)).median;
    process.stdout.write(`timing sign-in hash cost: ${JSON.stringify({ hashCostMs: Math.round(hashCostMs * 100) / 100, noiseMs: Math.round(noiseMs * 100) / 100 })}\n`);
    expect(hashCostMs).toBeGreaterThan(noiseMs);
  }, 120_000);

  it('sign-in and password-reset links: an unknown token and a used one get the same answer, in the same time', async () => {
    const resetLink = linkToken((await runCli(t.dataDir, ['user', 'password-link', '--email', ada.email])).passwordLink);
    await useLink(t.baseUrl, resetLink, 'a brand new password');
    const created = await runCli(t.dataDir, ['user', 'create', '--email', 'linked@enumeration.test', '--name', 'Linked', '--workspace', workspaceId]);
    const signInLink = linkToken(created.signInLink);
    await useLink(t.baseUrl, signInLink);
    const use = (token: string) => () => call(t.baseUrl, 'POST', '/api/auth/links/use', { body: { token, password: 'another new password' } });
    const samples = await interleaved(ROUNDS, { unknown: use(madeUpSecret()), usedReset: use(resetLink), usedSignIn: use(signInLink) });
    expect(expectOneAnswer(samples)).toEqual({ status: 400, type: 'invalid_request_error' });
    expectSameTiming('link use unknown vs used reset link', samples.unknown!, samples.usedReset!);
    expectSameTiming('link use unknown vs used sign-in link', samples.unknown!, samples.usedSignIn!);
  }, 120_000);

  it('invitations: an unknown token and a used one get the same answer, in the same time', async () => {
    const invited = await call(t.baseUrl, 'POST', `/api/w/${workspaceId}/invitations`, { key: adminKey, body: { email: 'grace@enumeration.test', role: 'user' } });
    expect(invited.status).toBe(200);
    const token = linkToken(invited.body.url);
    const accept = (secret: string) => () =>
      call(t.baseUrl, 'POST', '/api/auth/invitations/accept', { body: { token: secret, firstName: 'Grace', lastName: 'Hopper', password: 'grace-password-1' } });
    const accepted = await accept(token)();
    expect(accepted.status).toBe(200);
    expect(sessionSetCookie(accepted.headers)).not.toBeNull();
    const samples = await interleaved(ROUNDS, { unknown: accept(madeUpSecret()), used: accept(token) });
    const { status } = expectOneAnswer(samples);
    expect(status).toBeGreaterThanOrEqual(400);
    expect(status).toBeLessThan(500);
    expectSameTiming('invitation accept unknown vs used', samples.unknown!, samples.used!);
  }, 120_000);
});
