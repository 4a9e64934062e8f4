import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { CheckIpResponse, PromotionData, SiteConfig, Slider } from '@attar/contract';
import { useTestApp } from '../test/app';

const geoFile = path.join(tmpdir(), `attar-geo-${process.pid}.csv`);
writeFileSync(geoFile, '# test ranges\n41.32.0.0/12,EG,Egypt\n81.0.0.0/8,FR,France\n2a01:cb00::/24,FR,France\n');
const t = useTestApp({ GEOIP_CIDR_FILE: geoFile });

const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url, payload: payload as object, headers: { 'content-type': 'application/json', ...headers } });
const subscriptions = async () =>
  (await t.db.database.rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM newsletter_subscriptions`))[0]!.n;

describe('content', () => {
  it('lists the home sliders in the requested language', async () => {
    const en = z.array(Slider).parse((await t.app.inject('/api/sliders/')).json());
    const ar = z.array(Slider).parse((await t.app.inject({ url: '/api/sliders/', headers: { 'accept-language': 'ar' } })).json());
    expect(en.length).toBeGreaterThanOrEqual(3);
    expect(ar.map((s) => s.id)).toEqual(en.map((s) => s.id));
    expect(ar[0]!.title).toMatch(/[\u0600-\u06FF]/);
    expect(en[0]!.image_desktop).toMatch(/^http:\/\/api\.test\/media\//);
  });

  it('serves the site config with free_shipping_after, without authentication', async () => {
    const response = await t.app.inject('/api/siteconfigb/');
    expect(response.statusCode).toBe(200);
    const config = SiteConfig.parse(response.json());
    expect(config.free_shipping_after).toBeGreaterThan(0);
    expect(config.currency).toBe('LE');
    // The default loyalty rates: a point is worth 0.10 LE at checkout, one is earned per 10 LE.
    expect(config).toMatchObject({ point_value: 0.1, spend_per_point: 10 });
  });

  it('offers the one-time popup promotion, and {} once there is none', async () => {
    const promotion = PromotionData.parse((await t.app.inject('/api/promotion-data/')).json());
    expect(promotion).toMatchObject({ code: expect.any(String), percent_discount: expect.any(Number) });
    await t.db.database.rows(sql`UPDATE promotions SET is_active = false WHERE is_popup`);
    expect((await t.app.inject('/api/promotion-data/')).json()).toEqual({});
    await t.db.database.rows(sql`UPDATE promotions SET is_active = true WHERE is_popup`);
  });
});

describe('POST /api/news-letter/', () => {
  it('subscribes once: 201 first, 200 for the same address in any case', async () => {
    const before = await subscriptions();
    const first = await post('/api/news-letter/', { email: 'Layla@Example.com' });
    expect(first.statusCode).toBe(201);
    expect(first.json()).toEqual({ detail: expect.any(String) });
    const again = await post('/api/news-letter/', { email: 'layla@example.COM' }, { 'accept-language': 'ar' });
    expect(again.statusCode).toBe(200);
    expect(again.json().detail).toMatch(/[\u0600-\u06FF]/);
    expect(await subscriptions()).toBe(before + 1);
  });

  it('refuses bad bodies with field errors and writes nothing', async () => {
    const before = await subscriptions();
    for (const payload of [{ email: 'not-an-email' }, { email: 42 }, {}, { email: '' }, { email: `${'a'.repeat(250)}@x.com` }]) {
      const response = await post('/api/news-letter/', payload);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ email: [expect.any(String)] });
    }
    const notAnObject = await post('/api/news-letter/', ['x@y.com']);
    expect(notAnObject.statusCode).toBe(400);
    const malformed = await t.app.inject({
      method: 'POST',
      url: '/api/news-letter/',
      payload: '{"email": "x@y.com"',
      headers: { 'content-type': 'application/json' },
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toMatchObject({ code: 'parse_error', detail: expect.any(String) });
    expect(await subscriptions()).toBe(before);
  });
});

describe('POST /api/check-ip-address', () => {
  const locate = async (payload: unknown, url = '/api/check-ip-address') => {
    const response = await post(url, payload);
    expect(response.statusCode, response.body).toBe(200);
    return CheckIpResponse.parse(response.json());
  };

  it('counts loopback and private addresses as Egypt, so a local run can sell', async () => {
    for (const ip of ['127.0.0.1', '10.1.2.3', '192.168.1.20', '172.20.0.5', '::1', '::ffff:192.168.0.1']) {
      expect(await locate({ ip_address: ip })).toEqual({ country: 'Egypt', country_code: 'EG' });
    }
  });

  it('uses the request’s own address when none is given, with and without the trailing slash', async () => {
    expect(await locate({})).toEqual({ country: 'Egypt', country_code: 'EG' });
    expect(await locate({}, '/api/check-ip-address/')).toEqual({ country: 'Egypt', country_code: 'EG' });
  });

  it('looks public addresses up in the configured ranges, and calls the rest unknown', async () => {
    expect(await locate({ ip_address: '41.33.10.10' })).toEqual({ country: 'Egypt', country_code: 'EG' });
    expect(await locate({ ip_address: '81.2.3.4' })).toEqual({ country: 'France', country_code: 'FR' });
    expect(await locate({ ip_address: '2a01:cb00:1::1' })).toEqual({ country: 'France', country_code: 'FR' });
    expect(await locate({ ip_address: '8.8.8.8' })).toEqual({ country: 'Unknown', country_code: 'ZZ' });
  });

  it('refuses something that is not an address', async () => {
    const response = await post('/api/check-ip-address', { ip_address: 'localhost; rm -rf /' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toHaveProperty('ip_address');
  });
});
