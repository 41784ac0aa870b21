import { BlockList, isIPv4, isIPv6 } from 'node:net';

/**
 * Addresses a remote MCP server may not resolve to unless the operator allows private networks:
 * unspecified, loopback, private, shared (CGNAT), link-local (cloud metadata at 169.254.169.254),
 * unique-local, site-local, multicast and reserved ranges. IPv6 forms that embed an IPv4 address
 * (IPv4-mapped, IPv4-compatible, NAT64, 6to4) are judged by the IPv4 address inside.
 */
const FORBIDDEN_V4: readonly [string, number][] = [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
];

const FORBIDDEN_V6: readonly [string, number][] = [
  ['::', 128],
  ['::1', 128],
  ['fe80::', 10],
  ['fec0::', 10],
  ['fc00::', 7],
  ['ff00::', 8],
  ['2001:db8::', 32],
];

const forbidden = new BlockList();
for (const [network, prefix] of FORBIDDEN_V4) forbidden.addSubnet(network, prefix, 'ipv4');
for (const [network, prefix] of FORBIDDEN_V6) forbidden.addSubnet(network, prefix, 'ipv6');

/** Whether an IP address (v4 or v6, without brackets) is one a remote server may not use. Not an IP: forbidden. */
export function isForbiddenAddress(address: string): boolean {
  if (isIPv4(address)) return forbidden.check(address, 'ipv4');
  if (!isIPv6(address)) return true;
  const groups = ipv6Groups(address);
  if (groups === null) return true;
  const embedded = embeddedIPv4(groups);
  if (embedded !== null) return forbidden.check(embedded, 'ipv4');
  return forbidden.check(address, 'ipv6');
}

/** The IPv4 address an IPv6 address carries, for the forms that route to it. */
function embeddedIPv4(groups: readonly number[]): string | null {
  const v4 = (high: number, low: number) => `${high >> 8}.${high & 0xff}.${low >> 8}.${low & 0xff}`;
  const zeros = (from: number, to: number) => groups.slice(from, to).every((group) => group === 0);
  // ::ffff:a.b.c.d (mapped) and ::a.b.c.d (compatible; not :: and ::1, which are judged as IPv6).
  if (zeros(0, 5) && groups[5] === 0xffff) return v4(groups[6], groups[7]);
  if (zeros(0, 6) && (groups[6] !== 0 || groups[7] > 1)) return v4(groups[6], groups[7]);
  // 64:ff9b::a.b.c.d (NAT64) and 2002:AABB:CCDD:: (6to4).
  if (groups[0] === 0x64 && groups[1] === 0xff9b && zeros(2, 6)) return v4(groups[6], groups[7]);
  if (groups[0] === 0x2002) return v4(groups[1], groups[2]);
  return null;
}

/** The eight 16-bit groups of a valid IPv6 address (zone id dropped). */
function ipv6Groups(address: string): number[] | null {
  let text = address.split('%')[0].toLowerCase();
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted) {
    const bytes = dotted[1].split('.').map(Number);
    text = `${text.slice(0, dotted.index)}${((bytes[0] << 8) | bytes[1]).toString(16)}:${((bytes[2] << 8) | bytes[3]).toString(16)}`;
  }
  const [head, tail, ...more] = text.split('::');
  if (more.length > 0) return null;
  const parse = (part: string | undefined) => (part ? part.split(':').map((group) => parseInt(group, 16)) : []);
  const left = parse(head);
  const right = parse(tail);
  const fill = tail === undefined ? 0 : 8 - left.length - right.length;
  const groups = [...left, ...new Array<number>(Math.max(0, fill)).fill(0), ...right];
  return groups.length === 8 && groups.every((group) => Number.isInteger(group) && group >= 0 && group <= 0xffff) ? groups : null;
}
