import { describe, expect, it } from 'vitest';
import { clientAddressKey } from '../../../src/server/rate-limit.ts';

describe('clientAddressKey', () => {
  it('keeps an IPv4 address as it is', () => {
    expect(clientAddressKey('198.51.100.7')).toBe('198.51.100.7');
  });

  it('keys every IPv6 address of one /64 alike, however it is written', () => {
    const keys = ['2001:DB8:1:2:3:4:5:6', '2001:db8:1:2::1', '2001:0db8:0001:0002:ffff::', 'fe80::1%eth0'];
    expect(keys.map(clientAddressKey)).toEqual([
      '2001:db8:1:2::/64',
      '2001:db8:1:2::/64',
      '2001:db8:1:2::/64',
      'fe80:0:0:0::/64',
    ]);
    expect(clientAddressKey('2001:db8:1:3::1')).not.toBe(clientAddressKey('2001:db8:1:2::1'));
  });

  it('keys an IPv4-mapped IPv6 address as its IPv4 address', () => {
    expect(clientAddressKey('::ffff:192.0.2.1')).toBe('192.0.2.1');
    expect(clientAddressKey('::FFFF:c000:201')).toBe('192.0.2.1');
  });
});
