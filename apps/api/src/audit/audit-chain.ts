import { createHash } from 'node:crypto';

/**
 * The hash chain of an audit export (JSON Lines). Every line is a JSON object with `prevHash` (the
 * previous line's `hash`; GENESIS_HASH on the first line) and `hash`: the SHA-256 (lower-case hex)
 * of the canonical form of the line without its `hash` member. The last line is a trailer
 * `{"end":{"count":N},…}` that counts the entry lines before it, so a removed last entry (or a cut
 * file) is found too: a file that ends without its trailer, or whose trailer counts another number
 * of entries, is refused. docs/api.md states the same rules for verifiers of their own.
 */

/** The `prevHash` of the first line. */
export const GENESIS_HASH = '0'.repeat(64);

/**
 * Canonical JSON: no whitespace, object members sorted by key (UTF-16 code units, as JavaScript
 * sorts strings), arrays in order, strings and numbers as JSON.stringify writes them. For the
 * values an export holds (strings, integers, booleans, null) this is RFC 8785 (JCS).
 */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value ?? null);
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  const members = Object.keys(value)
    .filter((key) => (value as Record<string, unknown>)[key] !== undefined)
    .sort()
    .map((key) => `${JSON.stringify(key)}:${canonicalJson((value as Record<string, unknown>)[key])}`);
  return `{${members.join(',')}}`;
}

/** The hash of a line: SHA-256 of the canonical form of the line without `hash`. */
export function lineHash(line: Readonly<Record<string, unknown>>): string {
  const { hash: _hash, ...hashed } = line;
  return createHash('sha256').update(canonicalJson(hashed), 'utf8').digest('hex');
}

/** Builds the lines of an export, one entry after another, then the trailer. */
export class AuditChainWriter {
  private prevHash = GENESIS_HASH;
  private count = 0;

  /** The JSON line of the next entry (no newline). */
  entry(entry: Readonly<Record<string, unknown>>): string {
    this.count += 1;
    return this.line({ entry, prevHash: this.prevHash });
  }

  /** The trailer line, which closes the chain. */
  end(): string {
    return this.line({ end: { count: this.count }, prevHash: this.prevHash });
  }

  private line(unhashed: Record<string, unknown>): string {
    const hash = lineHash(unhashed);
    this.prevHash = hash;
    return JSON.stringify({ ...unhashed, hash });
  }
}

/** What verifying an export found: every entry chained, or the first line (1-based) that breaks the chain. */
export type AuditChainVerdict = { readonly valid: true; readonly entries: number; readonly lastHash: string } | { readonly valid: false; readonly line: number; readonly reason: string };

/** Checks an export's text line by line; a final newline is allowed, blank lines elsewhere are not. */
export function verifyAuditChain(text: string): AuditChainVerdict {
  const lines = text.endsWith('\n') ? text.slice(0, -1).split('\n') : text.split('\n');
  let prevHash = GENESIS_HASH;
  let entries = 0;
  for (const [index, raw] of lines.entries()) {
    const bad = (reason: string): AuditChainVerdict => ({ valid: false, line: index + 1, reason });
    const line = parseLine(raw);
    if (!line) return bad('not a JSON object');
    if (line.prevHash !== prevHash) return bad(`prevHash is not the previous line's hash (${prevHash}): a line was removed, inserted or reordered before it`);
    if (line.hash !== lineHash(line)) return bad('hash does not match the line: the line was changed');
    prevHash = line.hash;
    if ('end' in line) {
      const count = (line.end as { count?: unknown } | null)?.count;
      if (count !== entries) return bad(`the trailer counts ${String(count)} entries, the file holds ${entries}`);
      if (index !== lines.length - 1) return { valid: false, line: index + 2, reason: 'a line follows the trailer' };
      return { valid: true, entries, lastHash: prevHash };
    }
    if (!('entry' in line)) return bad('neither an entry nor the trailer');
    entries += 1;
  }
  return { valid: false, line: lines.length + 1, reason: 'the file ends without its trailer: lines were removed from its end' };
}

function parseLine(raw: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(raw);
    return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}
