import { isIPv4, isIPv6 } from 'node:net';

const IPV4_MAPPED = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i;

/**
 * The bucket key of a client address: an IPv4 address as is (also when IPv4-mapped), an IPv6
 * address by its /64 network, since one client commonly holds a whole /64 and could otherwise
 * spread its attempts over as many addresses as it likes.
 */
export function clientAddressKey(address: string | undefined): string {
  if (!address) return 'unknown';
  const ip = address.replace(/%.*$/, '');
  const mapped = IPV4_MAPPED.exec(ip)?.[1];
  if (mapped !== undefined && isIPv4(mapped)) return mapped;
  if (isIPv4(ip)) return ip;
  if (isIPv6(ip)) return `${ipv6Groups(ip).slice(0, 4).join(':')}::/64`;
  return ip;
}

/** The eight 16-bit groups of a valid IPv6 address, `::` expanded, leading zeros dropped. */
function ipv6Groups(ip: string): string[] {
  const [head = '', tail] = ip.split('::');
  const groupsOf = (part: string): string[] =>
    // A trailing dotted IPv4 part stands for two groups; only the first four groups are kept anyway.
    part === '' ? [] : part.split(':').flatMap((group) => (group.includes('.') ? ['0', '0'] : [group]));
  const left = groupsOf(head);
  const right = tail === undefined ? [] : groupsOf(tail);
  const zeros = Array<string>(Math.max(0, 8 - left.length - right.length)).fill('0');
  return [...left, ...zeros, ...right].map((group) => parseInt(group, 16).toString(16));
}
