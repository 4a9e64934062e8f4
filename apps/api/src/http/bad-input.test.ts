/**
 * Every bad input is a 4xx in the contract's shape and changes nothing: odd paths, empty and malformed bodies, control
 * characters, lone surrogates and the server's own errors. The fuzz suite (fuzz.test.ts) covers every operation at
 * random; these are the known cases, one by one.
 */
import { connect } from 'node:net';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ErrorBody, ValidationErrorBody } from '@attar/contract';
import { useTestApp } from '../test/app';
import { client } from '../test/client';
import { signedInShopper } from '../test/shoppers';
import { signedInStaff } from '../test/staff';

const t = useTestApp();
const INT4_PAST = 2_147_483_648;

const inContractShape = (body: unknown) => ErrorBody.safeParse(body).success || ValidationErrorBody.safeParse(body).success;

describe('ids past PostgreSQL’s integer', () => {
  it('are refused with a 400 in the query, the path and the body', async () => {
    const s = await signedInShopper(t.app);
    const answers = [
      await client(t.app).get(`/api/city/?region=${INT4_PAST}`),
      await client(t.app).get(`/api/fees/?region=99999999999999999999`),
      await client(t.app).get(`/api/products/?ids=1,${INT4_PAST}`),
      await s.get(`/api/orders/${INT4_PAST}/reorder/`),
      await s.post(`/api/orders/${INT4_PAST}/cancel/`),
      await s.delete(`/api/cart-products/${INT4_PAST}`),
      await s.post('/api/cart-products/', { product: INT4_PAST, quantity: 1 }),
      await s.post('/api/user_wish_lists/', { product_write: INT4_PAST }),
      await s.post('/api/orders/', { address: INT4_PAST, payment_method: 'cod' }),
      await client(t.app).get(`/api/products/?page=${INT4_PAST}0`),
    ];
    for (const answer of answers) {
      expect(answer.statusCode, `${answer.raw.req?.url} ${answer.body}`).toBe(400);
      expect(inContractShape(answer.json())).toBe(true);
    }
  });
});

describe('ids in the path', () => {
  it('are digits only: a leading space, a sign, an exponent or a hex form is refused (400), not read as 1', async () => {
    const s = await signedInShopper(t.app);
    const owner = await signedInStaff(t, 'owner');
    for (const spelling of ['%201', '1%20', '+1', '1e0', '0x1', '1.0', '%09 1', '٠١']) {
      const answers = [
        await s.post(`/api/orders/${spelling}/cancel/`),
        await s.delete(`/api/cart-products/${spelling}`),
        await owner.get(`/api/staff/orders/${spelling}/`),
        await client(t.app).get(`/api/city/?region=${spelling}`),
      ];
      for (const answer of answers) {
        expect(answer.statusCode, `${answer.raw.req?.url} ${answer.body}`).toBe(400);
        expect(inContractShape(answer.json())).toBe(true);
      }
    }
  });
});

describe('NUL bytes and lone surrogates', () => {
  it('are refused before they reach PostgreSQL, naming the field', async () => {
    const login = await client(t.app).post('/api/users/login/', { email: 'a\u0000@example.com', password: 'x' });
    expect(login.statusCode).toBe(400);
    expect(login.json()).toHaveProperty('email');
    const search = await client(t.app).get('/api/products/?search=rose%00oud');
    expect(search.statusCode).toBe(400);
    expect(search.json()).toHaveProperty('search');
    const slug = await client(t.app).get('/api/products/rose%00oud/');
    expect([400, 404]).toContain(slug.statusCode);
    expect(inContractShape(slug.json())).toBe(true);
    const before = (await t.db.database.rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM newsletter_subscriptions`))[0]!.n;
    expect((await client(t.app).post('/api/news-letter/', { email: 'x\u0000@example.com' })).statusCode).toBe(400);
    expect((await t.db.database.rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM newsletter_subscriptions`))[0]!.n).toBe(before);
  });

  it('refuses a lone surrogate, which no UTF-8 and no PostgreSQL JSON can hold, naming the field', async () => {
    const owner = await signedInStaff(t, 'owner');
    const sends = async () =>
      (await t.db.database.rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM audit_log WHERE action = 'newsletter.send'`))[0]!.n;
    const before = await sends();
    const issue = { subject_en: '\udfff x', subject_ar: 'ورد', body_en: 'Rose', body_ar: 'ورد' };
    const answer = await owner.post('/api/staff/subscribers/newsletter/', issue);
    expect(answer.statusCode, answer.body).toBe(400);
    expect(answer.json()).toHaveProperty('subject_en');
    expect(await sends()).toBe(before);
    const paired = await owner.post('/api/staff/subscribers/newsletter/', { ...issue, subject_en: 'Oud \ud83c\udf39' });
    expect(paired.statusCode, paired.body).toBe(202);
  });
});

describe('the server’s own errors', () => {
  it('answer a malformed address, JSON or content type in the contract’s shape', async () => {
    const answers = [
      await t.app.inject({ url: '/api/products/%E0%A4%A/' }),
      await t.app.inject({
        method: 'POST',
        url: '/api/users/login/',
        payload: '{"email":',
        headers: { 'content-type': 'application/json' },
      }),
      await t.app.inject({ method: 'POST', url: '/api/users/login/', payload: 'email=a', headers: { 'content-type': 'text/plain' } }),
      await t.app.inject({ method: 'POST', url: '/api/users/login/', payload: '[1,2]', headers: { 'content-type': 'application/json' } }),
    ];
    for (const answer of answers) {
      expect(answer.statusCode).toBeGreaterThanOrEqual(400);
      expect(answer.statusCode).toBeLessThan(500);
      expect(inContractShape(answer.json()), answer.body).toBe(true);
    }
  });

  it('answer headers too large for the server (431) in the contract’s shape', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    const raw = await new Promise<string>((resolve, reject) => {
      const socket = connect(port, '127.0.0.1', () => {
        socket.write(`GET /api/products/ HTTP/1.1\r\nHost: localhost\r\nX-Filler: ${'a'.repeat(40_000)}\r\n\r\n`);
      });
      let received = '';
      socket.on('data', (chunk) => (received += chunk.toString()));
      socket.on('end', () => resolve(received));
      socket.on('error', reject);
    });
    expect(raw).toMatch(/^HTTP\/1\.1 431/);
    expect(inContractShape(JSON.parse(raw.slice(raw.indexOf('\r\n\r\n') + 4)))).toBe(true);
  });
});

describe('the token check', () => {
  it('applies however the path is spelled', async () => {
    for (const url of ['/%61pi/users/me/', '/api/users/me/', '/api%2Fusers/me/', '/API/users/me/']) {
      const answer = await t.app.inject({ url, headers: { authorization: 'Token not-a-token' } });
      if (answer.statusCode === 404) continue; // a spelling the router does not route reaches nothing at all
      expect(answer.statusCode, url).toBe(401);
      expect(answer.json()).toMatchObject({ code: 'token_not_valid' });
    }
    const encoded = await t.app.inject({ url: '/%61pi/users/me/', headers: { authorization: 'Token not-a-token' } });
    expect(encoded.statusCode).toBe(401);
  });

  it('log-out with a JSON content type and an empty body ends the token', async () => {
    const s = await signedInShopper(t.app);
    const out = await t.app.inject({
      method: 'POST',
      url: '/api/users/logout/',
      headers: { authorization: `Token ${s.token}`, 'content-type': 'application/json' },
    });
    expect(out.statusCode).toBe(204);
    expect((await s.get('/api/users/me/')).statusCode).toBe(401);
  });
});
