import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { AuthResponse, Order, User } from '@attar/contract';
import { createDelivery, type Delivery } from '../delivery/service';
import { createCounterStore } from '../ratelimit/counters';
import { useTestApp } from '../test/app';
import { client, newShopper, skipCooldowns } from '../test/client';
import { orderFixtures } from '../test/orders';
import { signedInStaff } from '../test/staff';
import { drainDue } from './worker';

// Messages follow the shopper, not the page of the moment: an order's go out in the language it was placed in, an
// account's in the account's language, whoever causes them and from whichever page.
const t = useTestApp();
const f = orderFixtures(t);
const PHONE = '+201001112223';
const ARABIC = /[\u0600-\u06FF]/;

let delivery: Delivery;
beforeAll(() => {
  delivery = createDelivery(t.config, f.db(), createCounterStore(f.db(), ''), t.app.log);
});

type Sent = { channel: string; subject: string | null; body: string };
const sentTo = (recipient: string) =>
  f.db().rows<Sent>(sql`SELECT channel, subject, body FROM outbox_messages WHERE recipient = ${recipient} ORDER BY id`);
const lastSent = async (recipient: string) => (await sentTo(recipient)).at(-1)!;

async function signUp(page: 'en' | 'ar') {
  const c = client(t.app);
  const fields = newShopper();
  const answer = await c.call({ method: 'POST', url: '/api/users/me/', body: fields, headers: { 'accept-language': page } });
  expect(answer.statusCode, answer.body).toBe(201);
  const { token, user } = AuthResponse.parse(answer.json());
  const as = (page: 'en' | 'ar') => (method: string, url: string, body?: unknown) =>
    c.call({ method, url, body, token, headers: { 'accept-language': page } });
  return { token, user, fields, from: { en: as('en'), ar: as('ar') } };
}

describe('the language of an order’s messages', () => {
  it('is the order’s: an Arabic order cancelled from an English page is told in Arabic', async () => {
    const s = await f.shopperWithAddress();
    await s.post('/api/cart-products/', { product: await f.productWithStock(3), quantity: 1 });
    const placed = await f.order(s, { address: s.addressId, payment_method: 'cod' }, { 'accept-language': 'ar' });
    expect(placed.statusCode, placed.body).toBe(201);
    const order = Order.parse(placed.json());
    const [stored] = await f.db().rows<{ locale: string }>(sql`SELECT locale FROM orders WHERE id = ${order.id}`);
    expect(stored!.locale).toBe('ar');

    const support = await signedInStaff(t, 'support');
    const { version } = await support.order(order.id);
    const cancelled = await support.call(
      'POST',
      `/api/staff/orders/${order.id}/cancel/`,
      { version, reason: 'Customer asked by phone' },
      { 'accept-language': 'en' },
    );
    expect(cancelled.statusCode, cancelled.body).toBe(200);

    const queued = await f.db().rows<{ key: string; locale: string }>(sql`
      SELECT key, locale FROM queued_messages WHERE order_id = ${order.id} AND key LIKE '%cancelled%' ORDER BY id`);
    expect(queued.map((row) => row.locale)).toEqual(['ar', 'ar']);

    while ((await drainDue({ database: f.db(), config: t.config, delivery, log: t.app.log })) > 0);
    const sms = await lastSent(PHONE);
    expect(sms.channel).toBe('sms');
    expect(sms.body).toContain(order.order_number);
    expect(sms.body).toMatch(ARABIC);
    const email = await lastSent(s.user.email);
    expect(email.subject).toMatch(ARABIC);
  });
});

describe('the language of an account’s messages', () => {
  it('is set at sign-up from the page and its codes go out in it', async () => {
    const shopper = await signUp('ar');
    expect(shopper.user.language).toBe('ar');
    expect((await lastSent(shopper.user.phone!)).body).toMatch(ARABIC);
    expect((await lastSent(shopper.user.email)).subject).toMatch(ARABIC);

    // Asked for again from an English page: still the account's language.
    await skipCooldowns(f.db());
    expect((await shopper.from.en('POST', '/api/users/phone/resend_verification_code/', {})).statusCode).toBe(200);
    expect((await lastSent(shopper.user.phone!)).body).toMatch(ARABIC);
  });

  it('changes on the profile, and the next code goes out in the new language', async () => {
    const shopper = await signUp('ar');
    const { name, email, phone } = shopper.fields;
    const changed = await shopper.from.ar('PUT', '/api/users/me/', { name, email, phone, language: 'en' });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(User.parse(changed.json()).language).toBe('en');
    expect(User.parse((await shopper.from.ar('GET', '/api/users/me/')).json()).language).toBe('en');

    await skipCooldowns(f.db());
    expect((await shopper.from.ar('POST', '/api/users/phone/resend_verification_code/', {})).statusCode).toBe(200);
    const sms = await lastSent(shopper.user.phone!);
    expect(sms.body).toContain('is your Attar verification code');
    expect(sms.body).not.toMatch(ARABIC);

    // A profile saved without a language keeps it; an unknown one is refused in the contract's shape.
    expect((await shopper.from.ar('PUT', '/api/users/me/', { name, email, phone })).json()).toMatchObject({ language: 'en' });
    const refused = await shopper.from.ar('PUT', '/api/users/me/', { name, email, phone, language: 'fr' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toHaveProperty('language');
  });

  it('is the account’s for a password reset asked from a page in the other language', async () => {
    const shopper = await signUp('ar');
    const asked = await client(t.app).call({
      method: 'POST',
      url: '/api/users/password/send_reset_email/',
      body: { email: shopper.user.email },
      headers: { 'accept-language': 'en' },
    });
    expect(asked.statusCode, asked.body).toBe(200);
    expect(asked.json().detail).not.toMatch(ARABIC);
    expect((await lastSent(shopper.user.email)).subject).toMatch(ARABIC);
  });
});
