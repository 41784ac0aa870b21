import { clientAddressKey } from './client-address';

describe('clientAddressKey', () => {
  it('keeps IPv4 addresses, also IPv4-mapped ones', () => {
    expect(clientAddressKey('203.0.113.7')).toBe('203.0.113.7');
    expect(clientAddressKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(clientAddressKey('::FFFF:127.0.0.1')).toBe('127.0.0.1');
  });

  it('groups IPv6 addresses by their /64 network, however they are written', () => {
    const network = '2001:db8:85a3:8d3::/64';
    expect(clientAddressKey('2001:db8:85a3:8d3:1319:8a2e:370:7348')).toBe(network);
    expect(clientAddressKey('2001:0db8:85a3:08d3::1')).toBe(network);
    expect(clientAddressKey('2001:db8:85a3:8d3::ffff')).toBe(network);
    expect(clientAddressKey('2001:db8:85a3:8d3::1%eth0')).toBe(network);
    expect(clientAddressKey('2001:db8:85a3:8d4::1')).not.toBe(network);
    expect(clientAddressKey('::1')).toBe('0:0:0:0::/64');
    expect(clientAddressKey('2001:db8::')).toBe('2001:db8:0:0::/64');
    expect(clientAddressKey('64:ff9b::192.0.2.33')).toBe('64:ff9b:0:0::/64');
  });

  it('keys a missing address as one unknown client', () => {
    expect(clientAddressKey(undefined)).toBe('unknown');
    expect(clientAddressKey('')).toBe('unknown');
  });
});
