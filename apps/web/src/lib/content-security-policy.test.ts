import { describe, expect, it } from 'vitest';
import { contentSecurityPolicy, newNonce } from './content-security-policy';

const directive = (policy: string, name: string) => policy.split('; ').find((d) => d.startsWith(`${name} `) || d === name);

describe('the storefront’s Content-Security-Policy', () => {
  const policy = contentSecurityPolicy({
    nonce: 'abc123',
    ipLookupUrl: 'https://api.ipify.org?format=json',
    https: true,
    development: false,
  });

  it('runs only scripts carrying the request’s nonce, and what they load', () => {
    expect(directive(policy, 'script-src')).toBe("script-src 'self' 'nonce-abc123' 'strict-dynamic'");
    expect(directive(policy, 'object-src')).toBe("object-src 'none'");
    expect(directive(policy, 'base-uri')).toBe("base-uri 'self'");
    expect(directive(policy, 'frame-ancestors')).toBe("frame-ancestors 'self'");
  });

  it('lets the proof-of-work check solve in workers made from its own code, and from no other server', () => {
    expect(directive(policy, 'worker-src')).toBe("worker-src 'self' blob:");
  });

  it('lets the page reach the public-IP look-up and nothing it does not use', () => {
    expect(directive(policy, 'connect-src')).toContain('https://api.ipify.org');
    expect(directive(policy, 'connect-src')).not.toContain('*;');
    expect(directive(policy, 'img-src')).not.toContain('http:');
    expect(directive(policy, 'upgrade-insecure-requests')).toBeDefined();
  });

  it('allows plain-http images and run-time evaluation only where the shop is not https or is in development', () => {
    const local = contentSecurityPolicy({ nonce: 'n', ipLookupUrl: 'http://127.0.0.1:9/', https: false, development: true });
    expect(directive(local, 'img-src')).toContain('http:');
    expect(directive(local, 'script-src')).toContain("'unsafe-eval'");
    expect(directive(local, 'upgrade-insecure-requests')).toBeUndefined();
  });

  it('makes a new nonce every time', () => {
    const nonces = new Set(Array.from({ length: 50 }, newNonce));
    expect(nonces.size).toBe(50);
    expect([...nonces][0]).toMatch(/^[A-Za-z0-9+/]{22}==$/);
  });
});
