import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { Cart } from '@attar/contract';
import { PRODUCTS } from '../db/seed/catalogue';
import { useTestApp } from '../test/app';
import { client, lastCode } from '../test/client';
import { signedInShopper, verifyPhone } from '../test/shoppers';

const t = useTestApp();
/** WELCOME10 as shoppers see it: 10% off every line, no minimum. */
const WELCOME10 = {
  code: 'WELCOME10',
  percent_discount: 10,
  discount_kind: 'percent',
  amount_off: null,
  min_order: 0,
  applies_to: { categories: [], products: [] },
};
const verifiedShopper = async () => verifyPhone(t.db.database, await signedInShopper(t.app));

describe('GET /api/promotions/{code}', () => {
  it('applies a code to the signed-in cart (any letter case) and discounts it in whole piastres', async () => {
    const s = await verifiedShopper();
    const product = PRODUCTS.find((p) => p.stock >= 3 && p.pricePiastres % 1000 !== 0) ?? PRODUCTS.find((p) => p.stock >= 3)!;
    const [row] = await t.db.database.rows<{ id: number }>(sql`SELECT id FROM products WHERE slug = ${product.slug}`);
    const id = row!.id;
    await s.post('/api/cart-products/', { product: id, quantity: 3 });
    const applied = await s.get('/api/promotions/welcome10');
    expect(applied.statusCode, applied.body).toBe(200);
    expect(applied.json()).toEqual(WELCOME10);
    const cart = Cart.parse((await s.get('/api/carts/me/')).json());
    const subtotal = product.pricePiastres * 3;
    expect(cart.promotion).toEqual(WELCOME10);
    expect(Math.round(cart.discount * 100)).toBe(Math.floor(subtotal / 10));
    expect(Math.round(cart.total * 100)).toBe(subtotal - Math.floor(subtotal / 10));
  });

  it('names why a code cannot be used, and needs a signed-in shopper', async () => {
    const s = await verifiedShopper();
    expect((await s.get('/api/promotions/NOPE')).json()).toMatchObject({ code: 'promo_invalid' });
    expect((await s.get('/api/promotions/RAMADAN25')).json()).toMatchObject({ code: 'promo_expired' });
    await t.db.database.rows(sql`UPDATE promotions SET is_active = false WHERE code = 'ATTAR15'`);
    expect((await s.get('/api/promotions/ATTAR15')).json()).toMatchObject({ code: 'promo_invalid' });
    await t.db.database.rows(sql`UPDATE promotions SET is_active = true WHERE code = 'ATTAR15'`);
    expect((await s.get('/api/promotions/ATTAR15')).statusCode).toBe(200);
    expect((await client(t.app).get('/api/promotions/ATTAR15')).statusCode).toBe(401);
  });
});

describe('DELETE /api/promotions/{code}', () => {
  it('takes the code off the caller’s cart only, and a new code replaces the old one', async () => {
    const a = await verifiedShopper();
    const b = await verifiedShopper();
    expect((await a.get('/api/promotions/WELCOME10')).statusCode).toBe(200);
    expect((await b.get('/api/promotions/WELCOME10')).statusCode).toBe(200);
    // A refused code leaves the applied one in place; an accepted one replaces it.
    expect((await a.get('/api/promotions/NOPE')).statusCode).toBe(400);
    expect(Cart.parse((await a.get('/api/carts/me/')).json()).promotion?.code).toBe('WELCOME10');
    expect((await a.get('/api/promotions/ATTAR15')).statusCode).toBe(200);
    expect(Cart.parse((await a.get('/api/carts/me/')).json()).promotion?.code).toBe('ATTAR15');
    // Another code than the one applied: nothing to take off.
    expect((await a.delete('/api/promotions/WELCOME10')).statusCode).toBe(204);
    expect(Cart.parse((await a.get('/api/carts/me/')).json()).promotion?.code).toBe('ATTAR15');
    expect((await a.delete('/api/promotions/attar15')).statusCode).toBe(204);
    expect(Cart.parse((await a.get('/api/carts/me/')).json()).promotion).toBeNull();
    expect(Cart.parse((await b.get('/api/carts/me/')).json()).promotion?.code).toBe('WELCOME10');
    expect((await client(t.app).call({ method: 'DELETE', url: '/api/promotions/WELCOME10' })).statusCode).toBe(401);
  });
});

describe('codes limited per customer or to a first order', () => {
  it('need a verified phone: a throw-away account with a made-up number gets none', async () => {
    const s = await signedInShopper(t.app);
    const answer = await s.get('/api/promotions/WELCOME10');
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toMatchObject({ code: 'phone_not_verified' });
    expect((await s.get('/api/promotions/ATTAR15')).json()).toMatchObject({ code: 'phone_not_verified' });
    await verifyPhone(t.db.database, s);
    expect((await s.get('/api/promotions/ATTAR15')).statusCode).toBe(200);
  });

  it('count per phone across guest and account: a guest’s order uses up the first order of the account with that phone', async () => {
    const s = await verifiedShopper();
    const phone = s.user.phone!;
    expect((await s.get('/api/promotions/WELCOME10')).statusCode).toBe(200);
    // The same person orders as a guest with the same phone, proving it with the one-time code.
    const guest = client(t.app);
    await guest.post('/api/otp_guest_promocode/', { phone });
    const otp = await lastCode(t.db.database, phone);
    const [product] = await t.db.database.rows<{ id: number }>(
      sql`SELECT id FROM products WHERE stock > 3 AND is_published ORDER BY id LIMIT 1`,
    );
    const [place] = await t.db.database.rows<{ region: number; city: number }>(
      sql`SELECT region_id AS region, id AS city FROM cities ORDER BY id LIMIT 1`,
    );
    const placed = await guest.post('/api/orders/', {
      guest: { name: 'Same Person', phone },
      address: { name: 'Same Person', phone, street: '1 Nile St', ...place! },
      items: [{ product: product!.id, quantity: 1 }],
      payment_method: 'cod',
      otp,
    });
    expect(placed.statusCode, placed.body).toBe(201);
    expect((await s.get('/api/promotions/WELCOME10')).json()).toMatchObject({ code: 'promo_first_order_only' });
    // And the other way round: the guest cannot take the first-order code again either.
    expect((await client(t.app).post('/api/otp_guest_promocode/', { phone, code: 'WELCOME10' })).json()).toMatchObject({
      code: 'promo_first_order_only',
    });
  });
});

describe('guest one-time codes', () => {
  it('sends a one-time code to the phone and confirms the promotion with it', async () => {
    const c = client(t.app);
    const phone = '01234567891';
    const sent = await c.post('/api/otp_guest_promocode/', { phone, code: 'welcome10' });
    expect(sent.statusCode, sent.body).toBe(200);
    const otp = await lastCode(t.db.database, '+201234567891');
    const wrongOtp = otp === '123456' ? '654321' : '123456';
    const wrong = await c.post('/api/check-promocode', { phone, code: 'WELCOME10', otp: wrongOtp });
    expect(wrong.json()).toEqual({ code: 'code_invalid', detail: 'That code is not right.' });
    // In the page's language.
    const arabic = await c.call({
      method: 'POST',
      url: '/api/check-promocode',
      body: { phone, code: 'WELCOME10', otp: wrongOtp },
      headers: { 'accept-language': 'ar' },
    });
    expect(arabic.json()).toEqual({ code: 'code_invalid', detail: 'الرمز غير صحيح.' });
    const ok = await c.post('/api/check-promocode', { phone, code: 'WELCOME10', otp });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toEqual(WELCOME10);
  });

  it('refuses an expired code before sending anything', async () => {
    const response = await client(t.app).post('/api/otp_guest_promocode/', { phone: '01234567892', code: 'RAMADAN25' });
    expect(response.json()).toMatchObject({ code: 'promo_expired' });
    expect(await t.db.database.rows(sql`SELECT 1 FROM outbox_messages WHERE recipient = '+201234567892'`)).toEqual([]);
  });
});
