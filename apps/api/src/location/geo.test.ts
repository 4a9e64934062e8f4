import { describe, expect, it } from 'vitest';
import { canonicalIp, createCountryResolver, isLocalAddress, parseCidrTable, UNKNOWN_COUNTRY } from './geo';

describe('geo', () => {
  it('knows loopback, private, link-local and CGNAT addresses', () => {
    for (const ip of [
      '127.0.0.1',
      '10.0.0.1',
      '172.31.255.255',
      '192.168.0.1',
      '169.254.1.1',
      '100.64.0.1',
      '::1',
      'fd00::1',
      '::ffff:10.0.0.2',
    ]) {
      expect(isLocalAddress(ip), ip).toBe(true);
    }
    for (const ip of ['172.32.0.1', '41.33.1.1', '8.8.8.8', '2001:4860::8888', 'nonsense']) {
      expect(isLocalAddress(ip), ip).toBe(false);
    }
  });

  it('unwraps IPv4-mapped IPv6 addresses', () => {
    expect(canonicalIp('::ffff:41.33.1.1')).toBe('41.33.1.1');
    expect(canonicalIp('2001:db8::1')).toBe('2001:db8::1');
  });

  it('reads a CIDR table and refuses malformed lines', () => {
    expect(parseCidrTable('# c\n\n41.32.0.0/12,EG,Egypt\n')).toHaveLength(1);
    expect(() => parseCidrTable('41.32.0.0,EG,Egypt')).toThrow(/Bad GeoIP line/);
    expect(() => parseCidrTable('41.32.0.0/12,egypt')).toThrow(/Bad GeoIP line/);
  });

  it('resolves local addresses to the configured country and unknown public ones to ZZ', () => {
    const resolve = createCountryResolver({ country: 'Egypt', country_code: 'EG' });
    expect(resolve('192.168.1.1')).toEqual({ country: 'Egypt', country_code: 'EG' });
    expect(resolve('8.8.8.8')).toEqual(UNKNOWN_COUNTRY);
    expect(resolve('not an ip')).toEqual(UNKNOWN_COUNTRY);
  });
});
