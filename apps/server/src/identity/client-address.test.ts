import { describe, expect, it } from 'vitest';
import { throttleAddress } from './client-address.js';

describe('throttleAddress', () => {
  it('keeps an IPv4 address, also when mapped into IPv6', () => {
    expect(throttleAddress('203.0.113.9')).toBe('203.0.113.9');
    expect(throttleAddress('::ffff:203.0.113.9')).toBe('203.0.113.9');
  });

  it('counts IPv6 addresses by their /64 network', () => {
    const a = throttleAddress('2001:db8:12:34:aaaa:bbbb:cccc:dddd');
    expect(a).toBe('2001:db8:12:34::/64');
    expect(throttleAddress('2001:0db8:0012:0034::1')).toBe(a);
    expect(throttleAddress('2001:db8:12:34::')).toBe(a);
    expect(throttleAddress('2001:db8:12:35::1')).not.toBe(a);
    expect(throttleAddress('::1')).toBe('0:0:0:0::/64');
    expect(throttleAddress('2001:db8::1')).toBe('2001:db8:0:0::/64');
  });
});
