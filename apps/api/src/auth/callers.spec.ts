import type { Request } from 'express';
import type { ReadModels } from '../event-sourcing/reading/read-models';
import { Callers } from './callers';
import { csrfTokenOf, secretHashOf } from './credentials/credential-secrets';

// Sessions and personal access tokens end by themselves at their expiry, on the next request:
// nothing has to run for them to stop working.

const NOW = 1_800_000_000_000;
const SESSION_SECRET = 'a'.repeat(43);
const TOKEN = `pat-${'b'.repeat(40)}`;

function callersWith(expiresAt: { session: number; token: number | null }): Callers {
  const documents = new Map<string, unknown>([
    [`sessions:${secretHashOf(SESSION_SECRET)}`, { sessionId: 'ses_1', userId: 'usr_1', expiresAt: expiresAt.session }],
    [`userTokens:${secretHashOf(TOKEN)}`, { tokenId: 'tok_1', userId: 'usr_1', expiresAt: expiresAt.token }],
  ]);
  const readModels = { get: async (key: string, id: string) => documents.get(`${key}:${id}`) ?? null } as unknown as ReadModels;
  return new Callers(readModels);
}

const withSession = (method = 'GET', headers: Record<string, string> = {}) =>
  ({ method, headers: { cookie: `dust_session=${SESSION_SECRET}`, ...headers } }) as unknown as Request;
const withToken = () => ({ method: 'GET', headers: { authorization: `Bearer ${TOKEN}` } }) as unknown as Request;

describe('Callers', () => {
  beforeEach(() => jest.spyOn(Date, 'now').mockReturnValue(NOW));
  afterEach(() => jest.restoreAllMocks());

  it('opens a session until its expiry, and refuses it from that instant', async () => {
    await expect(callersWith({ session: NOW + 1, token: null }).of(withSession(), { sessions: true })).resolves.toMatchObject({ kind: 'session', userId: 'usr_1' });
    await expect(callersWith({ session: NOW, token: null }).of(withSession(), { sessions: true })).rejects.toMatchObject({ type: 'not_authenticated' });
  });

  it("takes a write with a session only with the session's CSRF token", async () => {
    const callers = callersWith({ session: NOW + 1, token: null });
    await expect(callers.of(withSession('POST'), { sessions: true })).rejects.toMatchObject({ type: 'csrf_token_invalid' });
    await expect(callers.of(withSession('POST', { 'x-csrf-token': csrfTokenOf('c'.repeat(43)) }), { sessions: true })).rejects.toMatchObject({ type: 'csrf_token_invalid' });
    await expect(callers.of(withSession('POST', { 'x-csrf-token': csrfTokenOf(SESSION_SECRET) }), { sessions: true })).resolves.toMatchObject({ kind: 'session' });
  });

  it('accepts a personal access token until its expiry, then answers expired_oauth_token_error; one without an expiry lasts', async () => {
    await expect(callersWith({ session: NOW, token: NOW + 1 }).of(withToken(), { sessions: false })).resolves.toMatchObject({ kind: 'token', userId: 'usr_1' });
    await expect(callersWith({ session: NOW, token: NOW }).of(withToken(), { sessions: false })).rejects.toMatchObject({ type: 'expired_oauth_token_error' });
    await expect(callersWith({ session: NOW, token: null }).of(withToken(), { sessions: false })).resolves.toMatchObject({ kind: 'token' });
  });
});
