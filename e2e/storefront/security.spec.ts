/**
 * What the storefront passes on to the API (docs/security.md): never the development outbox, and never a
 * client address the browser made up; and the pages' Content-Security-Policy, which every other browser test runs
 * under. Not about screens or languages: it runs once, in the desktop project.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { APIRequestContext } from '@playwright/test';
import { findProduct } from '../support/api';
import { expect, test } from '../support/fixtures';
import { API_URL, STOREFRONT_URL } from '../support/urls';

const WEB_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../apps/web');
const WEB_PORT = new URL(STOREFRONT_URL).port;

/** The country the API sees for the caller of `/api/check-ip-address` through `origin`, with a made-up address. */
async function countrySeenThrough(request: APIRequestContext, origin: string) {
  const response = await request.post(`${origin}/api/check-ip-address`, { headers: { 'X-Forwarded-For': '8.8.8.8' }, data: {} });
  expect(response.ok(), await response.text()).toBe(true);
  return ((await response.json()) as { country: string }).country;
}

test('the development outbox cannot be read through the storefront, however its path is spelled', async ({ request }) => {
  for (const pathname of ['/api/dev/outbox/', '/api/%64ev/outbox/', '/api//dev/outbox/', '/api/x/../dev/outbox/']) {
    const response = await request.get(`${STOREFRONT_URL}${pathname}?recipient=%2B201000000000`);
    expect(response.status(), pathname).toBe(404);
  }
});

test('bad requests get a 4xx in the contract’s shape from the storefront itself, never a 500', async ({ request }) => {
  const refused = async (response: Awaited<ReturnType<APIRequestContext['get']>>, status: number, code: string) => {
    expect(response.status(), response.url()).toBe(status);
    expect(await response.json()).toEqual({ detail: expect.any(String), code });
  };
  for (const pathname of [
    '/en/fragrances?search=%00',
    '/ar/fragrances?family=%00',
    '/fragrances?category_slug=oud%00',
    '/api/products/?search=%00',
  ]) {
    await refused(await request.get(`${STOREFRONT_URL}${pathname}`), 400, 'bad_url');
  }
  // Over the API's 1 MB: refused before it is passed on (the API's refusal mid-upload was a bare 500).
  await refused(
    await request.post(`${STOREFRONT_URL}/api/check-ip-address`, { data: { pad: 'x'.repeat(1024 * 1024) } }),
    413,
    'payload_too_large',
  );
  await refused(await request.get(`${STOREFRONT_URL}/en/fragrances?search=${'a'.repeat(9000)}`), 414, 'uri_too_long');
  await refused(await request.get(`${STOREFRONT_URL}/en`, { headers: { 'X-Big': 'b'.repeat(20_000) } }), 431, 'headers_too_large');
});

test('a browser’s own X-Forwarded-For does not reach the API as the client’s address', async ({ request }) => {
  // The test storefront believes this machine's X-Forwarded-For (TRUST_PROXY=loopback, the runner standing in for a
  // reverse proxy): the made-up public address reaches the API, which knows no country for it.
  expect(await countrySeenThrough(request, STOREFRONT_URL)).toBe('Unknown');

  // The same build served as `npm start` serves it, trusting no hop: the API sees the connection (this machine).
  const port = String(Number(WEB_PORT) + 50);
  const server = spawn(path.resolve(WEB_DIR, '../../node_modules/.bin/tsx'), ['src/server/index.ts'], {
    cwd: WEB_DIR,
    env: {
      ...process.env,
      PORT: port,
      TRUST_PROXY: '',
      API_INTERNAL_URL: API_URL,
      NEXT_DIST_DIR: `.next-e2e-${WEB_PORT}`,
      NEXT_TELEMETRY_DISABLED: '1',
    },
    stdio: 'ignore',
  });
  try {
    const origin = `http://127.0.0.1:${port}`;
    await expect.poll(async () => (await request.get(`${origin}/robots.txt`).catch(() => null))?.status(), { timeout: 30_000 }).toBe(200);
    expect(await countrySeenThrough(request, origin)).toBe('Egypt');
  } finally {
    server.kill('SIGTERM');
  }
});

test('pages run under a nonce-based Content-Security-Policy with nothing refused', async ({ page, catalogue }) => {
  const refused: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) refused.push(message.text());
  });
  await page.exposeFunction('reportViolation', (text: string) => refused.push(text));
  await page.addInitScript(() =>
    document.addEventListener('securitypolicyviolation', (event) =>
      (window as unknown as { reportViolation(text: string): void }).reportViolation(`${event.violatedDirective} ${event.blockedURI}`),
    ),
  );
  const product = findProduct(catalogue, 'product in stock', (p) => p.stock > 0);
  const nonces = new Set<string>();
  for (const pathname of ['/', `/fragrances/${product.slug}`, '/checkout']) {
    const response = await page.goto(`${STOREFRONT_URL}${pathname}`);
    const policy = response!.headers()['content-security-policy'] ?? '';
    expect(policy, pathname).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]+' 'strict-dynamic'/);
    nonces.add(policy.match(/'nonce-([^']+)'/)![1]!);
    await page.waitForLoadState('networkidle');
  }
  expect(nonces.size, 'a fresh nonce for every page').toBe(3);
  expect(refused).toEqual([]);
});
