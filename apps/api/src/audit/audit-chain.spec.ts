import { createHash } from 'node:crypto';
import { AuditChainWriter, GENESIS_HASH, canonicalJson, verifyAuditChain } from './audit-chain';

const entries = [
  { kind: 'sign_in', position: 1, actorId: 'u1', details: { method: 'password' } },
  { kind: 'api_key.created', position: 4, actorId: 'u1', details: { keyId: 'k1', role: 'admin' } },
  { kind: 'audit.exported', position: 9, actorId: 'u1', details: { exportId: 'e1' } },
];

function exported(): string[] {
  const writer = new AuditChainWriter();
  return [...entries.map((entry) => writer.entry(entry)), writer.end()];
}

const text = (lines: readonly string[]): string => `${lines.join('\n')}\n`;

describe('audit export hash chain', () => {
  it('writes canonical JSON with sorted members and no whitespace', () => {
    expect(canonicalJson({ b: [2, { d: null, c: 'x' }], a: true, u: undefined })).toBe('{"a":true,"b":[2,{"c":"x","d":null}]}');
  });

  it('hashes each line over its canonical form with the previous hash, from the genesis hash', () => {
    const [first] = exported();
    const line = JSON.parse(first ?? '') as { prevHash: string; hash: string };
    expect(line.prevHash).toBe(GENESIS_HASH);
    const canonical = canonicalJson({ entry: entries[0], prevHash: GENESIS_HASH });
    expect(line.hash).toBe(createHash('sha256').update(canonical).digest('hex'));
  });

  it('accepts an untouched export, with or without its final newline', () => {
    expect(verifyAuditChain(text(exported()))).toMatchObject({ valid: true, entries: 3 });
    expect(verifyAuditChain(exported().join('\n'))).toMatchObject({ valid: true, entries: 3 });
  });

  it('finds a changed line', () => {
    const lines = exported();
    lines[1] = (lines[1] ?? '').replace('"role":"admin"', '"role":"user"');
    expect(verifyAuditChain(text(lines))).toMatchObject({ valid: false, line: 2, reason: expect.stringContaining('changed') });
  });

  it('finds an inserted line, even one hashed right', () => {
    const lines = exported();
    const forged = new AuditChainWriter().entry({ kind: 'sign_in', position: 2 });
    expect(verifyAuditChain(text([lines[0] ?? '', forged, ...lines.slice(1)]))).toMatchObject({ valid: false, line: 2 });
  });

  it('finds a removed line: the first, one in the middle, the last entry, or the trailer', () => {
    const lines = exported();
    expect(verifyAuditChain(text(lines.slice(1)))).toMatchObject({ valid: false, line: 1 });
    expect(verifyAuditChain(text([lines[0] ?? '', ...lines.slice(2)]))).toMatchObject({ valid: false, line: 2 });
    expect(verifyAuditChain(text([...lines.slice(0, 2), lines[3] ?? '']))).toMatchObject({ valid: false, line: 3 });
    expect(verifyAuditChain(text(lines.slice(0, 3)))).toMatchObject({ valid: false, line: 4, reason: expect.stringContaining('trailer') });
  });

  it('refuses a file cut after a rehashed trailer that counts fewer entries', () => {
    const writer = new AuditChainWriter();
    const lines = [writer.entry(entries[0] ?? {}), writer.entry(entries[1] ?? {})];
    // A forger who drops the last entry and writes a trailer of their own still fails the count…
    const trailer = JSON.parse(writer.end()) as Record<string, unknown>;
    expect(verifyAuditChain(text([...lines, JSON.stringify({ ...trailer, end: { count: 3 } })]))).toMatchObject({ valid: false, line: 3 });
  });

  it('refuses lines that are not JSON objects, and lines after the trailer', () => {
    const lines = exported();
    expect(verifyAuditChain(text(['oops', ...lines]))).toMatchObject({ valid: false, line: 1, reason: 'not a JSON object' });
    expect(verifyAuditChain(text([...lines, lines[0] ?? '']))).toMatchObject({ valid: false, line: 5 });
    expect(verifyAuditChain('')).toMatchObject({ valid: false, line: 1 });
  });
});
