import { describe, expect, it } from 'vitest';
import { useTestApp } from '../test/app';
import { waitText } from '../i18n/catalogue';

const t = useTestApp();

describe('API conventions', () => {
  it('serves the OpenAPI document at /api/schema/ with every catalogue and content call', async () => {
    const response = await t.app.inject('/api/schema/');
    expect(response.statusCode).toBe(200);
    const doc = response.json();
    expect(doc.openapi).toMatch(/^3\./);
    for (const path of [
      '/api/products/',
      '/api/products/{slug}/',
      '/api/offers/',
      '/api/offers/{slug}/',
      '/api/categories/',
      '/api/fragrance/',
      '/api/products/sizes/',
      '/api/products/occasions-names/',
      '/api/sliders/',
      '/api/siteconfigb/',
      '/api/promotion-data/',
      '/api/news-letter/',
      '/api/check-ip-address',
    ]) {
      expect(doc.paths, path).toHaveProperty([path]);
    }
  });

  it('answers unknown paths with 404 {detail, code: not_found}', async () => {
    const response = await t.app.inject('/api/nothing-here/');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ detail: expect.any(String), code: 'not_found' });
  });

  it('refuses bodies over 1 MB with 413', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/news-letter/',
      payload: JSON.stringify({ email: 'a@b.co', padding: 'x'.repeat(1024 * 1024) }),
      headers: { 'content-type': 'application/json' },
    });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toMatchObject({ code: 'payload_too_large' });
  });

  it('throttles repeated sign-ups with 429 {code: throttled} and Retry-After', async () => {
    let last;
    for (let i = 0; i < 25; i += 1) {
      last = await t.app.inject({
        method: 'POST',
        url: '/api/news-letter/',
        payload: { email: `reader${i}@example.com` },
        remoteAddress: '203.0.113.9',
      });
    }
    expect(last!.statusCode).toBe(429);
    const wait = Number(last!.headers['retry-after']);
    expect(wait).toBeGreaterThan(0);
    // How long to wait, as the Retry-After header says.
    expect(last!.json()).toEqual({ detail: `Too many requests. Try again in ${waitText('en', wait)}.`, code: 'throttled' });
    // In the caller's language.
    const arabic = await t.app.inject({
      method: 'POST',
      url: '/api/news-letter/',
      payload: { email: 'reader@example.com' },
      headers: { 'accept-language': 'ar' },
      remoteAddress: '203.0.113.9',
    });
    expect(arabic.json()).toMatchObject({ code: 'throttled', detail: expect.stringMatching(/^طلبات كثيرة\. حاول مرة أخرى بعد \S/) });
  });

  it('says how long to wait in words and digits of the caller’s language', () => {
    expect([1, 45, 61, 900].map((seconds) => waitText('en', seconds))).toEqual(['1 second', '45 seconds', '2 minutes', '15 minutes']);
    expect([1, 2, 5, 45, 120, 600, 900].map((seconds) => waitText('ar', seconds))).toEqual([
      'ثانية واحدة',
      'ثانيتين',
      '٥ ثوانٍ',
      '٤٥ ثانية',
      'دقيقتين',
      '١٠ دقائق',
      '١٥ دقيقة',
    ]);
  });

  it('sets security headers and lets the storefront origin call', async () => {
    const response = await t.app.inject({ url: '/api/categories/', headers: { origin: 'http://localhost:3000' } });
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['access-control-allow-origin']).toBe('http://localhost:3000');
    // Pictures are named at the shop's public address: the back office opened at another one still shows them.
    const images = /img-src ([^;]*)/.exec(String(response.headers['content-security-policy']))?.[1]?.split(' ');
    expect(images).toEqual(["'self'", 'data:', new URL(t.config.publicUrl).origin]);
  });
});
