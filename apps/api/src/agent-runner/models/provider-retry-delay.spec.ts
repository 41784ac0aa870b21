import { withGoogleRetryInfo } from './google-retry-info.fetch';
import { retryDelayFromGoogleError, retryDelayFromHeaders } from './provider-retry-delay';

const RETRY_INFO = { '@type': 'type.googleapis.com/google.rpc.RetryInfo', retryDelay: '13s' };
const QUOTA_REFUSAL = {
  error: {
    code: 429,
    message: 'You exceeded your current quota.',
    status: 'RESOURCE_EXHAUSTED',
    details: [{ '@type': 'type.googleapis.com/google.rpc.Help', links: [] }, RETRY_INFO],
  },
};

describe('retryDelayFromHeaders', () => {
  it('reads retry-after-ms first, then retry-after in seconds or as an HTTP date', () => {
    const now = Date.parse('2026-01-01T00:00:00Z');
    expect(retryDelayFromHeaders({ 'retry-after-ms': '250', 'retry-after': '9' }, now)).toBe(250);
    expect(retryDelayFromHeaders({ 'retry-after': '1.5' }, now)).toBe(1_500);
    expect(retryDelayFromHeaders({ 'retry-after': 'Thu, 01 Jan 2026 00:00:30 GMT' }, now)).toBe(30_000);
  });

  it('names no delay when the headers have none, or one that cannot be waited for', () => {
    const now = Date.parse('2026-01-01T00:00:00Z');
    expect(retryDelayFromHeaders(undefined)).toBeUndefined();
    expect(retryDelayFromHeaders({ 'content-type': 'application/json' })).toBeUndefined();
    expect(retryDelayFromHeaders({ 'retry-after': 'soon' }, now)).toBeUndefined();
    expect(retryDelayFromHeaders({ 'retry-after': '-3' }, now)).toBeUndefined();
    expect(retryDelayFromHeaders({ 'retry-after': 'Wed, 31 Dec 2025 23:59:00 GMT' }, now)).toBeUndefined();
  });
});

describe('retryDelayFromGoogleError', () => {
  it('reads RetryInfo.retryDelay from the error object, its envelope or the envelope text', () => {
    expect(retryDelayFromGoogleError(QUOTA_REFUSAL.error)).toBe(13_000);
    expect(retryDelayFromGoogleError(QUOTA_REFUSAL)).toBe(13_000);
    expect(retryDelayFromGoogleError(JSON.stringify(QUOTA_REFUSAL))).toBe(13_000);
    expect(retryDelayFromGoogleError({ details: [{ ...RETRY_INFO, retryDelay: '0.25s' }] })).toBe(250);
  });

  it('names no delay without a RetryInfo, or for what is not Google error JSON', () => {
    expect(retryDelayFromGoogleError({ error: { code: 500, message: 'Internal', status: 'INTERNAL' } })).toBeUndefined();
    expect(retryDelayFromGoogleError({ details: [{ ...RETRY_INFO, retryDelay: 'later' }] })).toBeUndefined();
    expect(retryDelayFromGoogleError('<html>Bad gateway</html>')).toBeUndefined();
    expect(retryDelayFromGoogleError(undefined)).toBeUndefined();
  });
});

describe('withGoogleRetryInfo', () => {
  const answering = (response: Response): typeof fetch => () => Promise.resolve(response);

  it('copies the RetryInfo of a refusal into retry-after-ms, keeping status and body', async () => {
    const text = JSON.stringify(QUOTA_REFUSAL);
    const inner = answering(new Response(text, { status: 429, statusText: 'Too Many Requests', headers: { 'content-type': 'application/json', 'content-length': '999' } }));
    const response = await withGoogleRetryInfo(inner)('http://127.0.0.1/v1beta/models/m:streamGenerateContent', { method: 'POST' });
    expect([response.status, response.statusText, response.headers.get('retry-after-ms')]).toEqual([429, 'Too Many Requests', '13000']);
    expect(response.headers.get('content-type')).toBe('application/json');
    expect(response.headers.get('content-length')).toBeNull();
    expect(await response.text()).toBe(text);
  });

  it('leaves successes, and refusals that already carry a retry header, as they are', async () => {
    const ok = new Response('data: {}\n\n', { status: 200 });
    expect(await withGoogleRetryInfo(answering(ok))('http://127.0.0.1/')).toBe(ok);
    const headed = new Response(JSON.stringify(QUOTA_REFUSAL), { status: 429, headers: { 'retry-after': '5' } });
    expect(await withGoogleRetryInfo(answering(headed))('http://127.0.0.1/')).toBe(headed);
  });

  it('copies no wait longer than 20 s, which the run could not sit through twice', async () => {
    const refusal = (retryDelay: string) => JSON.stringify({ error: { ...QUOTA_REFUSAL.error, details: [{ ...RETRY_INFO, retryDelay }] } });
    const wrapped = (retryDelay: string) => withGoogleRetryInfo(answering(new Response(refusal(retryDelay), { status: 429 })))('http://127.0.0.1/');
    expect((await wrapped('20s')).headers.get('retry-after-ms')).toBe('20000');
    expect((await wrapped('43s')).headers.get('retry-after-ms')).toBeNull();
  });

  it('adds no header to a refusal without a RetryInfo', async () => {
    const refused = new Response(JSON.stringify({ error: { code: 503, message: 'Unavailable', status: 'UNAVAILABLE' } }), { status: 503 });
    const response = await withGoogleRetryInfo(answering(refused))('http://127.0.0.1/');
    expect([response.status, response.headers.get('retry-after-ms')]).toEqual([503, null]);
    expect(await response.json()).toMatchObject({ error: { status: 'UNAVAILABLE' } });
  });
});
