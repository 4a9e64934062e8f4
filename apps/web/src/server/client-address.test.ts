import { describe, expect, it } from 'vitest';
import { clientAddress, isDevelopmentPath, trustedHops } from './client-address';

describe('the client address the storefront passes on', () => {
  it('is the connection’s by default: a browser’s own X-Forwarded-For is ignored', () => {
    const none = trustedHops(undefined);
    expect(clientAddress('203.0.113.9', '198.51.100.1', none)).toBe('203.0.113.9');
    expect(clientAddress('::ffff:127.0.0.1', '198.51.100.1, 10.0.0.1', none)).toBe('127.0.0.1');
    expect(clientAddress('203.0.113.9', undefined, trustedHops('none'))).toBe('203.0.113.9');
  });

  it('is what trusted proxies say, and no further back than the first untrusted hop', () => {
    const loopback = trustedHops('loopback');
    expect(clientAddress('127.0.0.1', '198.51.100.1', loopback)).toBe('198.51.100.1');
    // The browser made up the first entry; the proxy on this machine appended the address it saw.
    expect(clientAddress('127.0.0.1', '1.2.3.4, 198.51.100.1', loopback)).toBe('198.51.100.1');
    expect(clientAddress('203.0.113.9', '198.51.100.1', loopback)).toBe('203.0.113.9');
    const balancers = trustedHops('10.0.0.0/8, loopback');
    expect(clientAddress('127.0.0.1', '6.6.6.6, 198.51.100.1, 10.1.2.3', balancers)).toBe('198.51.100.1');
    expect(clientAddress('127.0.0.1', ['6.6.6.6', '198.51.100.1'], trustedHops('1'))).toBe('198.51.100.1');
  });

  it('stops at a malformed entry instead of passing it on', () => {
    expect(clientAddress('127.0.0.1', 'not-an-address', trustedHops('loopback'))).toBe('127.0.0.1');
  });

  it('refuses a TRUST_PROXY entry that is not an address', () => {
    expect(() => trustedHops('proxy.example.com')).toThrow(/TRUST_PROXY/);
  });
});

describe('the development outbox through the storefront', () => {
  it('is recognised however its path is spelled', () => {
    for (const url of [
      '/api/dev/outbox/?recipient=x',
      '/api/%64ev/outbox/',
      '//api//dev/outbox',
      '/api/./dev/outbox',
      '/api/x/../dev/outbox',
      '/%2e%2e/api/dev/',
      '/API/DEV/outbox/',
      '/api/dev',
    ]) {
      expect(isDevelopmentPath(url), url).toBe(true);
    }
    for (const url of ['/api/products/', '/api/devices/', '/dev/api/', '/fragrances', '/api/%ZZ'])
      expect(isDevelopmentPath(url), url).toBe(false);
  });
});
