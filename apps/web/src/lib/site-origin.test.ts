import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

let host: string | null = null;
vi.mock('next/headers', () => ({ headers: async () => new Headers(host === null ? {} : { host }) }));
const { siteOrigin } = await import('./site-origin');

describe('the storefront’s public origin', () => {
  beforeEach(() => vi.stubEnv('PUBLIC_URL', ''));
  afterEach(() => vi.unstubAllEnvs());

  it('is PUBLIC_URL when configured, whatever host a request names', async () => {
    vi.stubEnv('PUBLIC_URL', 'https://attar.example/');
    host = 'evil.example';
    expect(await siteOrigin()).toBe('https://attar.example');
  });

  it('in demo, is the address the page was asked for on this machine: localhost and 127.0.0.1 both', async () => {
    for (const asked of ['localhost:3000', '127.0.0.1:3000', '127.0.0.1:3300', '[::1]:3000']) {
      host = asked;
      expect(await siteOrigin()).toBe(`http://${asked}`);
    }
  });

  it('in demo, never trusts another host', async () => {
    vi.stubEnv('PORT', '3000');
    for (const asked of ['evil.example', 'localhost.evil.example', '127.0.0.1.evil.example:3000', null]) {
      host = asked;
      expect(await siteOrigin()).toBe('http://localhost:3000');
    }
  });
});
