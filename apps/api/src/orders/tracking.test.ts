import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { GuestOrderClaimResponse, Order, OrderTracking, PointsResponse } from '@attar/contract';
import { useTestApp } from '../test/app';
import { client, lastCode, newShopper, skipCooldowns } from '../test/client';
import { signedInShopper } from '../test/shoppers';
import { orderFixtures } from '../test/orders';
import { signedInStaff } from '../test/staff';
import { signNewsletterToken } from '../newsletter/tokens';
import { signToken } from '../http/signed-tokens';
import { renderOrderMessage } from '../messages/order-messages';
import { claimToken, trackingToken } from './tracking';

const t = useTestApp();
const { db, addressFields, productWithStock, shopperWithAddress, order } = orderFixtures(t);
const secret = () => t.config.secretKey;

let nextPhone = 0;
/** A fresh Egyptian mobile for a guest, so each test's guest has orders of their own. */
const guestPhone = () => `0112${String((Date.now() + nextPhone++ * 7919) % 10_000_000).padStart(7, '0')}`;

/** A guest's cash order of one fresh product (12 LE), placed with the code sent to the phone. */
async function guestOrder(phone = guestPhone(), email?: string) {
  const guest = client(t.app);
  await skipCooldowns(db());
  expect((await guest.post('/api/otp_guest_promocode/', { phone })).statusCode).toBe(200);
  const otp = await lastCode(db(), `+20${phone.slice(1)}`);
  const placed = await guest.post('/api/orders/', {
    guest: { name: 'Guest Buyer', phone, ...(email ? { email } : {}) },
    address: await addressFields(),
    items: [{ product: await productWithStock(5, 120_000), quantity: 1 }],
    payment_method: 'cod',
    otp,
  });
  expect(placed.statusCode, placed.body).toBe(201);
  return { guest, phone, order: Order.parse(placed.json()) };
}

const track = (token: string, locale = 'en') =>
  client(t.app).call({ url: `/api/orders/tracking/?token=${encodeURIComponent(token)}`, headers: { 'accept-language': locale } });
const claim = (body: object) => client(t.app).post('/api/orders/claim/', body);
const FULFILMENT: [string, Record<string, unknown>][] = [
  ['confirm', {}],
  ['pack', {}],
  ['ship', { courier: 'Bosta', tracking_number: 'BST-77' }],
  ['deliver', { cash_collected: 1200 }],
];

describe('an order’s timeline', () => {
  it('lists every status reached, oldest first with its time, in the owner’s order only', async () => {
    const a = await shopperWithAddress();
    const b = await signedInShopper(t.app);
    await a.post('/api/cart-products/', { product: await productWithStock(5, 120_000), quantity: 1 });
    const placed = Order.parse((await order(a, { address: a.addressId, payment_method: 'cod' })).json());
    expect(placed.timeline).toEqual([{ status: 'placed', at: expect.any(String) }]);
    const staff = await signedInStaff(t, 'manager');
    for (const [action, body] of FULFILMENT.slice(0, 3)) expect((await staff.act(placed.id, action, body)).statusCode).toBe(200);
    const mine = Order.parse((await a.get(`/api/orders/order_number/?number=${placed.order_number}`)).json());
    expect(mine.timeline!.map((step) => step.status)).toEqual(['placed', 'confirmed', 'packed', 'shipped']);
    const times = mine.timeline!.map((step) => Date.parse(step.at));
    expect([...times].sort((x, y) => x - y)).toEqual(times);
    expect(mine.courier).toEqual({ name: 'Bosta', tracking_number: 'BST-77' });
    expect((await a.get('/api/orders/')).json().results[0].timeline).toHaveLength(4);
    // Another shopper sees neither the order nor its timeline.
    expect((await b.get(`/api/orders/order_number/?number=${placed.order_number}`)).statusCode).toBe(404);
    expect((await b.get('/api/orders/')).json().count).toBe(0);
  });

  it('ends with the cancellation when the order is cancelled', async () => {
    const a = await shopperWithAddress();
    await a.post('/api/cart-products/', { product: await productWithStock(5), quantity: 1 });
    const placed = Order.parse((await order(a, { address: a.addressId, payment_method: 'cod' })).json());
    const cancelled = Order.parse((await a.post(`/api/orders/${placed.id}/cancel/`)).json());
    expect(cancelled.timeline!.map((step) => step.status)).toEqual(['placed', 'cancelled']);
  });
});

describe('the signed tracking link', () => {
  it('opens the order’s public view without a session: no name, address, phone or amounts', async () => {
    const { order: placed, phone } = await guestOrder(undefined, 'guest.track@example.com');
    const url = new URL(placed.guest_access!.tracking_url);
    expect(url.pathname).toBe('/track');
    const token = url.searchParams.get('token')!;
    const staff = await signedInStaff(t, 'fulfilment');
    for (const [action, body] of FULFILMENT.slice(0, 3)) expect((await staff.act(placed.id, action, body)).statusCode).toBe(200);
    const response = await track(token, 'ar');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['cache-control']).toBe('private, no-store');
    const shown = OrderTracking.parse(response.json());
    expect(shown).toMatchObject({
      order_number: placed.order_number,
      status: 'shipped',
      items: [{ name: 'عطر تجريبي', size_ml: 100, quantity: 1 }],
      region: { name: 'القاهرة' },
      courier: { name: 'Bosta', tracking_number: 'BST-77' },
    });
    expect(shown.timeline.map((step) => step.status)).toEqual(['placed', 'confirmed', 'packed', 'shipped']);
    for (const secretPart of ['Guest Buyer', phone.slice(1), '5 Nile Street', 'guest.track@example.com', 'Amira']) {
      expect(response.body).not.toContain(secretPart);
    }
    expect(Object.keys(response.json())).not.toContain('total');
  });

  it('cannot be forged, altered, or used for another order', async () => {
    const first = (await guestOrder()).order;
    const second = (await guestOrder()).order;
    const good = trackingToken(secret(), first.order_number);
    expect(OrderTracking.parse((await track(good)).json()).order_number).toBe(first.order_number);
    const refused = [
      trackingToken('another secret of the same kind, long enough', first.order_number),
      // The first order's signature on the second's number.
      `${trackingToken(secret(), second.order_number).split('.')[0]}.${good.split('.')[1]}`,
      `${good.slice(0, -3)}abc`,
      // Signed by the server, but for another purpose or another kind of link.
      claimToken(secret(), first.order_number),
      signNewsletterToken(secret(), 'unsubscribe', first.order_number),
      signToken(secret(), 'newsletter', 'track', first.order_number),
      'not a token',
    ];
    for (const token of refused) {
      const response = await track(token);
      expect(response.statusCode, token).toBe(400);
      expect(response.json()).toMatchObject({ code: 'invalid_link' });
      expect(response.body).not.toContain(first.order_number);
    }
    expect((await client(t.app).get('/api/orders/tracking/')).statusCode).toBe(400);
  });

  it('is in the order’s e-mails, in the order’s language', async () => {
    const { order: placed } = await guestOrder(undefined, 'guest.mail@example.com');
    const rendered = await renderOrderMessage(db(), t.config, {
      orderId: placed.id,
      locale: 'ar',
      channel: 'email',
      recipient: 'guest.mail@example.com',
      payload: { status: 'placed' },
    });
    const link = `${t.config.storefrontUrl}/ar/track?token=${trackingToken(secret(), placed.order_number)}`;
    expect(rendered && 'email' in rendered && rendered.email.html).toContain(`href="${link}"`);
  });
});

describe('a guest keeping an order in an account', () => {
  it('makes the account with a password, signs the guest in, and moves their web orders with their points', async () => {
    const phone = guestPhone();
    const older = await guestOrder(phone, 'keeper@example.com');
    const staff = await signedInStaff(t, 'manager');
    for (const [action, body] of FULFILMENT) expect((await staff.act(older.order.id, action, body)).statusCode).toBe(200);
    const { order: placed } = await guestOrder(phone, 'keeper@example.com');
    expect(placed.points_earned).toBe(0);
    const response = await claim({ token: placed.guest_access!.claim_token, password: 'a new long password' });
    expect(response.statusCode, response.body).toBe(201);
    const claimed = GuestOrderClaimResponse.parse(response.json());
    expect(claimed.user).toMatchObject({ email: 'keeper@example.com', phone: `+20${phone.slice(1)}`, phone_verified: true });
    expect(claimed.orders).toEqual([older.order.order_number, placed.order_number].sort());
    const me = client(t.app);
    const history = (await me.get('/api/orders/', claimed.token)).json();
    expect(history.results.map((o: Order) => o.order_number).sort()).toEqual(claimed.orders);
    const kept = history.results.find((o: Order) => o.id === placed.id) as Order;
    expect(kept.points_earned).toBe(120);
    expect(kept.items[0]!.points).toBe(120);
    // The delivered order's points are in the balance now; the new one's come on delivery.
    expect(PointsResponse.parse((await me.get('/api/users/points/', claimed.token)).json()).points).toBe(120);
    for (const [action, body] of FULFILMENT) expect((await staff.act(placed.id, action, body)).statusCode).toBe(200);
    expect(PointsResponse.parse((await me.get('/api/users/points/', claimed.token)).json()).points).toBe(240);
    // The password signs in; the proof cannot be used again.
    expect((await client(t.app).post('/api/users/login/', { phone, password: 'a new long password' })).statusCode).toBe(200);
    const again = await claim({ token: placed.guest_access!.claim_token, password: 'another long password' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'order_claimed' });
  });

  it('asks for an e-mail address when the order has none', async () => {
    const { order: placed } = await guestOrder();
    const token = placed.guest_access!.claim_token;
    const missing = await claim({ token, password: 'a new long password' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toHaveProperty(['email']);
    const made = await claim({ token, password: 'a new long password', email: 'Later.Given@Example.com' });
    expect(made.statusCode, made.body).toBe(201);
    expect(GuestOrderClaimResponse.parse(made.json()).user.email).toBe('later.given@example.com');
  });

  it('refuses when an account has the phone or the e-mail, and changes nothing', async () => {
    const shopper = newShopper();
    const holder = await client(t.app).post('/api/users/me/', shopper);
    expect(holder.statusCode).toBe(201);
    const byPhone = (await guestOrder(shopper.phone)).order;
    const byEmail = (await guestOrder(undefined, shopper.email)).order;
    for (const placed of [byPhone, byEmail]) {
      const response = await claim({
        token: placed.guest_access!.claim_token,
        password: 'a new long password',
        email: 'unused@example.com',
      });
      expect(response.statusCode, response.body).toBe(409);
      expect(response.json()).toMatchObject({ code: 'account_exists' });
      const [row] = await db().rows<{ user_id: number | null }>(sql`SELECT user_id FROM orders WHERE id = ${placed.id}`);
      expect(row!.user_id).toBeNull();
    }
  });

  it('needs the proof given to the guest who placed it: not the number, a forgery, another order’s or the tracking link', async () => {
    const { order: placed } = await guestOrder();
    const other = (await guestOrder()).order;
    const refused = [
      placed.order_number,
      claimToken('another secret of the same kind, long enough', placed.order_number),
      trackingToken(secret(), placed.order_number),
      claimToken(secret(), placed.order_number, Date.now() - 25 * 3_600_000),
      `${claimToken(secret(), placed.order_number).split('.')[0]}.${other.guest_access!.claim_token.split('.')[1]}`,
    ];
    for (const token of refused) {
      const response = await claim({ token, password: 'a new long password', email: 'thief@example.com' });
      expect(response.statusCode, token).toBe(400);
      expect(response.json()).toMatchObject({ code: 'invalid_link' });
    }
    const [row] = await db().rows<{ user_id: number | null }>(sql`SELECT user_id FROM orders WHERE id = ${placed.id}`);
    expect(row!.user_id).toBeNull();
    expect((await db().rows(sql`SELECT 1 FROM users WHERE email = 'thief@example.com'`)).length).toBe(0);
  });

  it('is offered only to guests: a signed-in shopper’s order answer has no proof', async () => {
    const a = await shopperWithAddress();
    await a.post('/api/cart-products/', { product: await productWithStock(5), quantity: 1 });
    const placed = Order.parse((await order(a, { address: a.addressId, payment_method: 'cod' })).json());
    expect(placed.guest_access).toBeUndefined();
  });
});
