import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { Cart } from '@attar/contract';
import { PRODUCTS } from '../db/seed/catalogue';
import { useTestApp } from '../test/app';
import { client, lastCode } from '../test/client';
import { signedInShopper } from '../test/shoppers';

const t = useTestApp();

describe('GET /api/promotions/{code}', () => {
  it('applies a code to the signed-in cart (any letter case) and discounts it in whole piastres', async () => {
    const s = await signedInShopper(t.app);
    const product = PRODUCTS.find((p) => p.stock >= 3 && p.pricePiastres % 1000 !== 0) ?? PRODUCTS.find((p) => p.stock >= 3)!;
    const [row] = await t.db.database.rows<{ id: number }>(sql`SELECT id FROM products WHERE slug = ${product.slug}`);
    const id = row!.id;
    await s.post('/api/cart-products/', { product: id, quantity: 3 });
    const applied = await s.get('/api/promotions/welcome10');
    expect(applied.statusCode, applied.body).toBe(200);
    expect(applied.json()).toEqual({ code: 'WELCOME10', percent_discount: 10 });
    const cart = Cart.parse((await s.get('/api/carts/me/')).json());
    const subtotal = product.pricePiastres * 3;
    expect(cart.promotion).toEqual({ code: 'WELCOME10', percent_discount: 10 });
    expect(Math.round(cart.discount * 100)).toBe(Math.floor(subtotal / 10));
    expect(Math.round(cart.total * 100)).toBe(subtotal - Math.floor(subtotal / 10));
  });

  it('names why a code cannot be used, and needs a signed-in shopper', async () => {
    const s = await signedInShopper(t.app);
    expect((await s.get('/api/promotions/NOPE')).json()).toMatchObject({ code: 'promo_invalid' });
    expect((await s.get('/api/promotions/RAMADAN25')).json()).toMatchObject({ code: 'promo_expired' });
    await t.db.database.rows(sql`UPDATE promotions SET is_active = false WHERE code = 'ATTAR15'`);
    expect((await s.get('/api/promotions/ATTAR15')).json()).toMatchObject({ code: 'promo_invalid' });
    await t.db.database.rows(sql`UPDATE promotions SET is_active = true WHERE code = 'ATTAR15'`);
    expect((await s.get('/api/promotions/ATTAR15')).statusCode).toBe(200);
    expect((await client(t.app).get('/api/promotions/ATTAR15')).statusCode).toBe(401);
  });
});

describe('guest one-time codes', () => {
  it('sends a one-time code to the phone and confirms the promotion with it', async () => {
    const c = client(t.app);
    const phone = '01234567891';
    const sent = await c.post('/api/otp_guest_promocode/', { phone, code: 'welcome10' });
    expect(sent.statusCode, sent.body).toBe(200);
    const otp = await lastCode(t.db.database, '+201234567891');
    const wrong = await c.post('/api/check-promocode', { phone, code: 'WELCOME10', otp: otp === '123456' ? '654321' : '123456' });
    expect(wrong.json()).toMatchObject({ code: 'code_invalid' });
    const ok = await c.post('/api/check-promocode', { phone, code: 'WELCOME10', otp });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toEqual({ code: 'WELCOME10', percent_discount: 10 });
  });

  it('refuses an expired code before sending anything', async () => {
    const response = await client(t.app).post('/api/otp_guest_promocode/', { phone: '01234567892', code: 'RAMADAN25' });
    expect(response.json()).toMatchObject({ code: 'promo_expired' });
    expect(await t.db.database.rows(sql`SELECT 1 FROM outbox_messages WHERE recipient = '+201234567892'`)).toEqual([]);
  });
});
