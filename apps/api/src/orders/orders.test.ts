import { createHmac } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { Cart, Order, PointsResponse } from '@attar/contract';
import { useTestApp } from '../test/app';
import { client, lastCode } from '../test/client';
import { signedInShopper } from '../test/shoppers';
import { OFFLINE_ORDERS } from '../db/seed/catalogue';
import { orderFixtures } from '../test/orders';
import { signedInStaff } from '../test/staff';

const t = useTestApp();
/** placed → delivered, as the back office does it (cash on delivery: the cash collected). */
const FULFILMENT: [string, Record<string, unknown>][] = [
  ['confirm', {}],
  ['pack', {}],
  ['ship', { courier: 'Bosta', tracking_number: 'BST-1' }],
  ['deliver', { cash_collected: 1200 }],
];
const { db, stock, cairo, addressFields, productWithStock, shopperWithAddress, order } = orderFixtures(t);

describe('a signed-in shopper’s order', () => {
  it('turns the cart into an order: stock taken, cart emptied, fee by governorate, in history and by number', async () => {
    const s = await shopperWithAddress();
    const productId = await productWithStock(5, 40_000);
    await s.post('/api/cart-products/', { product: productId, quantity: 2 });
    const response = await order(s, { address: s.addressId, payment_method: 'cod' });
    expect(response.statusCode, response.body).toBe(201);
    const placed = Order.parse(response.json());
    expect(placed).toMatchObject({ status: 'placed', subtotal: 800, delivery_fee: 50, total: 850, payment_url: null, points_earned: 80 });
    expect(placed.order_number).toMatch(/^AT\d{6}$/);
    expect(placed.items).toEqual([expect.objectContaining({ quantity: 2, price: 400, points: 80 })]);
    expect(await stock(productId)).toBe(3);
    expect(Cart.parse((await s.get('/api/carts/me/')).json()).count).toBe(0);
    const history = (await s.get('/api/orders/')).json();
    expect(history.results.map((o: Order) => o.id)).toEqual([placed.id]);
    expect(Order.parse((await s.get(`/api/orders/order_number/?number=${placed.order_number}`)).json()).id).toBe(placed.id);
  });

  it('wraps a gift at the site’s fee (in the total, not in the points) and keeps its message; a bad one changes nothing', async () => {
    expect((await client(t.app).get('/api/siteconfigb/')).json()).toMatchObject({ gift_wrap_fee: 25 });
    const s = await shopperWithAddress();
    const productId = await productWithStock(5, 40_000);
    await s.post('/api/cart-products/', { product: productId, quantity: 1 });
    const tooLong = await order(s, { address: s.addressId, payment_method: 'cod', gift: { wrap: true, message: 'x'.repeat(301) } });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json()).toHaveProperty(['gift.message']);
    expect(await stock(productId)).toBe(5);
    const message = 'عيد ميلاد سعيد يا منى! Happy birthday, Mona.';
    const placed = Order.parse((await order(s, { address: s.addressId, payment_method: 'cod', gift: { wrap: true, message } })).json());
    expect(placed).toMatchObject({ subtotal: 400, delivery_fee: 50, total: 475, points_earned: 40 });
    expect(placed.gift).toEqual({ wrap: true, wrap_fee: 25, message });
    // A message alone is a gift too, unwrapped and free; an order without either is no gift.
    await s.post('/api/cart-products/', { product: productId, quantity: 1 });
    const card = Order.parse(
      (await order(s, { address: s.addressId, payment_method: 'cod', gift: { wrap: false, message: ' For you ' } })).json(),
    );
    expect(card).toMatchObject({ total: 450, gift: { wrap: false, wrap_fee: 0, message: 'For you' } });
    await s.post('/api/cart-products/', { product: productId, quantity: 1 });
    const plain = Order.parse(
      (await order(s, { address: s.addressId, payment_method: 'cod', gift: { wrap: false, message: '  ' } })).json(),
    );
    expect(plain.gift).toBeNull();
  });

  it('ships free above the threshold', async () => {
    const s = await shopperWithAddress();
    await s.post('/api/cart-products/', { product: await productWithStock(5, 160_000), quantity: 1 });
    expect(Order.parse((await order(s, { address: s.addressId, payment_method: 'cod' })).json()).delivery_fee).toBe(0);
  });

  it('refuses an empty cart, another shopper’s address and unknown statuses', async () => {
    const a = await shopperWithAddress();
    const b = await shopperWithAddress();
    expect((await order(a, { address: a.addressId, payment_method: 'cod' })).json()).toMatchObject({ code: 'cart_empty' });
    await a.post('/api/cart-products/', { product: await productWithStock(3), quantity: 1 });
    expect((await order(a, { address: b.addressId, payment_method: 'cod' })).statusCode).toBe(404);
    expect((await a.get('/api/orders/?status=lost')).statusCode).toBe(400);
  });

  it('answers 409 naming what is left when stock vanished, and takes nothing', async () => {
    const s = await shopperWithAddress();
    const scarce = await productWithStock(3);
    const plenty = await productWithStock(10);
    await s.post('/api/cart-products/', { product: scarce, quantity: 3 });
    await s.post('/api/cart-products/', { product: plenty, quantity: 2 });
    await db().rows(sql`UPDATE product_variants SET stock = 1 WHERE product_id = ${scarce} AND is_default`);
    const response = await order(s, { address: s.addressId, payment_method: 'cod' });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ code: 'stock_conflict', lines: [{ kind: 'product', id: scarce, requested: 3, available: 1 }] });
    expect(await stock(plenty)).toBe(10);
    expect(await stock(scarce)).toBe(1);
  });

  it('filters history by status and status_not, and keeps every order to its owner', async () => {
    const a = await shopperWithAddress();
    const b = await signedInShopper(t.app);
    await a.post('/api/cart-products/', { product: await productWithStock(4), quantity: 1 });
    const first = Order.parse((await order(a, { address: a.addressId, payment_method: 'cod' })).json());
    await a.post('/api/cart-products/', { product: await productWithStock(4), quantity: 1 });
    const second = Order.parse((await order(a, { address: a.addressId, payment_method: 'cod' })).json());
    expect((await a.post(`/api/orders/${first.id}/cancel/`)).statusCode).toBe(200);
    expect((await a.get('/api/orders/?status=cancelled')).json().results.map((o: Order) => o.id)).toEqual([first.id]);
    expect((await a.get('/api/orders/?status_not=cancelled,refunded')).json().results.map((o: Order) => o.id)).toEqual([second.id]);
    expect((await a.get('/api/orders/?status=placed&status=cancelled')).json().count).toBe(2);
    expect((await b.get('/api/orders/')).json().count).toBe(0);
    expect((await b.get(`/api/orders/order_number/?number=${second.order_number}`)).statusCode).toBe(404);
    expect((await b.get(`/api/orders/${second.id}/reorder/`)).statusCode).toBe(404);
    expect((await b.post(`/api/orders/${second.id}/cancel/`)).statusCode).toBe(404);
  });

  it('reorders: the order’s available lines go back into the cart', async () => {
    const s = await shopperWithAddress();
    const productId = await productWithStock(6);
    await s.post('/api/cart-products/', { product: productId, quantity: 2 });
    const placed = Order.parse((await order(s, { address: s.addressId, payment_method: 'cod' })).json());
    const cart = Cart.parse((await s.get(`/api/orders/${placed.id}/reorder/`)).json());
    expect(cart.products.map((l) => [l.product_obj.id, l.quantity])).toEqual([[productId, 2]]);
  });

  it('returns the first order for a repeated Idempotency-Key', async () => {
    const s = await shopperWithAddress();
    const productId = await productWithStock(5);
    await s.post('/api/cart-products/', { product: productId, quantity: 1 });
    const first = await order(s, { address: s.addressId, payment_method: 'cod' }, { 'idempotency-key': 'checkout-1' });
    const again = await order(s, { address: s.addressId, payment_method: 'cod' }, { 'idempotency-key': 'checkout-1' });
    expect(again.statusCode).toBe(201);
    expect(again.json().id).toBe(first.json().id);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(await stock(productId)).toBe(4);
  });

  it('refuses the same Idempotency-Key with a different request (422), and places nothing', async () => {
    const s = await shopperWithAddress();
    const productId = await productWithStock(5);
    await s.post('/api/cart-products/', { product: productId, quantity: 1 });
    await order(s, { address: s.addressId, payment_method: 'cod' }, { 'idempotency-key': 'checkout-2' });
    await s.post('/api/cart-products/', { product: productId, quantity: 1 });
    const other = await order(s, { address: s.addressId, payment_method: 'cod', notes: 'ring twice' }, { 'idempotency-key': 'checkout-2' });
    expect(other.statusCode).toBe(422);
    expect(other.json()).toMatchObject({ code: 'idempotency_key_reused' });
    expect(await stock(productId)).toBe(4);
    expect((await s.get('/api/orders/')).json().count).toBe(1);
  });
});

describe('promotions and points at checkout', () => {
  it('uses a first-order code once, records it, and gives it back on cancel', async () => {
    const s = await shopperWithAddress({ verified: true });
    await s.post('/api/cart-products/', { product: await productWithStock(5, 50_000), quantity: 2 });
    const placed = Order.parse((await order(s, { address: s.addressId, payment_method: 'cod', promo_code: 'welcome10' })).json());
    expect(placed).toMatchObject({ promo_code: 'WELCOME10', discount: 100, subtotal: 1000, total: 950 });
    await s.post('/api/cart-products/', { product: await productWithStock(5), quantity: 1 });
    expect((await order(s, { address: s.addressId, payment_method: 'cod', promo_code: 'WELCOME10' })).json()).toMatchObject({
      code: 'promo_already_used',
    });
    await s.post(`/api/orders/${placed.id}/cancel/`);
    expect((await s.get('/api/promotions/WELCOME10')).statusCode).toBe(200);
  });

  it('spends points (never beyond the balance) and gives them back on cancel', async () => {
    const s = await shopperWithAddress();
    await db().rows(sql`UPDATE users SET points = 300 WHERE id = ${s.user.id}`);
    await db().rows(sql`INSERT INTO points_ledger (user_id, change, reason) VALUES (${s.user.id}, 300, 'welcome_gift')`);
    await s.post('/api/cart-products/', { product: await productWithStock(5, 100_000), quantity: 1 });
    const tooMany = await order(s, { address: s.addressId, payment_method: 'cod', use_points: 301 });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json()).toHaveProperty('use_points');
    const placed = Order.parse((await order(s, { address: s.addressId, payment_method: 'cod', use_points: 200 })).json());
    expect(placed).toMatchObject({ points_used: 200, points_discount: 20, subtotal: 1000, total: 1030 });
    expect(PointsResponse.parse((await s.get('/api/users/points/')).json()).points).toBe(100);
    await s.post(`/api/orders/${placed.id}/cancel/`);
    const points = PointsResponse.parse((await s.get('/api/users/points/')).json());
    expect(points.points).toBe(300);
    expect(points.history.map((h) => h.change)).toEqual([200, -200, 300]);
  });

  it('credits earned points when the order is delivered, through the state machine', async () => {
    const s = await shopperWithAddress();
    await s.post('/api/cart-products/', { product: await productWithStock(5, 120_000), quantity: 1 });
    const placed = Order.parse((await order(s, { address: s.addressId, payment_method: 'cod' })).json());
    const staff = await signedInStaff(t, 'manager');
    expect((await staff.act(placed.id, 'deliver', { cash_collected: 1200 })).json()).toMatchObject({ code: 'invalid_transition' });
    for (const [action, body] of FULFILMENT) expect((await staff.act(placed.id, action, body)).statusCode).toBe(200);
    expect(PointsResponse.parse((await s.get('/api/users/points/')).json()).points).toBe(120);
    expect((await staff.act(placed.id, 'cancel', { reason: 'too late' })).json()).toMatchObject({ code: 'invalid_transition' });
  });

  it('a refund takes back the points earned, never below zero, and returns the points spent', async () => {
    const s = await shopperWithAddress();
    await db().rows(sql`UPDATE users SET points = 50 WHERE id = ${s.user.id}`);
    await db().rows(sql`INSERT INTO points_ledger (user_id, change, reason) VALUES (${s.user.id}, 50, 'welcome_gift')`);
    await s.post('/api/cart-products/', { product: await productWithStock(5, 120_000), quantity: 1 });
    const placed = Order.parse((await order(s, { address: s.addressId, payment_method: 'cod', use_points: 50 })).json());
    expect(placed).toMatchObject({ points_used: 50, points_earned: 119 });
    const staff = await signedInStaff(t, 'manager');
    for (const [action, body] of FULFILMENT) expect((await staff.act(placed.id, action, body)).statusCode).toBe(200);
    // 119 earned; the shopper spends 100 of them elsewhere before the refund.
    await db().rows(sql`UPDATE users SET points = points - 100 WHERE id = ${s.user.id}`);
    await db().rows(sql`INSERT INTO points_ledger (user_id, change, reason) VALUES (${s.user.id}, -100, 'redeemed')`);
    const every = placed.items.map((item) => ({ item: item.id, quantity: item.quantity, restock: true }));
    expect((await staff.refund(placed.id, { reason: 'returned unopened', lines: every, cash_method: 'counter' })).statusCode).toBe(201);
    const points = PointsResponse.parse((await s.get('/api/users/points/')).json());
    // 19 left of the 119 are taken back (the balance stops at 0), then the 50 spent on the order return.
    expect(points.points).toBe(50);
    expect(points.history.slice(0, 2).map((h) => [h.change, h.reason])).toEqual([
      [50, 'returned_on_refund'],
      [-19, 'reversed_on_refund'],
    ]);
    expect((await staff.refund(placed.id, { reason: 'again', amount: 1 })).json()).toMatchObject({ code: 'not_refundable' });
  });
});

describe('a guest’s order', () => {
  it('needs the code sent to the phone, and uses it once', async () => {
    const productId = await productWithStock(5, 30_000);
    const guest = client(t.app);
    const phone = '01098765432';
    expect((await guest.post('/api/otp_guest_promocode/', { phone })).statusCode).toBe(200);
    const otp = await lastCode(db(), '+201098765432');
    const body = {
      guest: { name: 'Guest Buyer', phone },
      address: await addressFields(),
      items: [{ product: productId, quantity: 2 }],
      payment_method: 'cod',
      otp,
    };
    const wrong = await guest.post('/api/orders/', { ...body, otp: otp === '000000' ? '111111' : '000000' });
    expect(wrong.json()).toMatchObject({ code: 'code_invalid' });
    const placed = await guest.post('/api/orders/', body);
    expect(placed.statusCode, placed.body).toBe(201);
    expect(Order.parse(placed.json())).toMatchObject({ status: 'placed', subtotal: 600 });
    expect((await guest.post('/api/orders/', body)).json()).toMatchObject({ code: 'code_used' });
    expect(await stock(productId)).toBe(3);
  });

  it('answers a repeated request with the first order only to whoever shows the code it used', async () => {
    const productId = await productWithStock(5, 30_000);
    const guest = client(t.app);
    const phone = '01098765439';
    expect((await guest.post('/api/otp_guest_promocode/', { phone })).statusCode).toBe(200);
    const otp = await lastCode(db(), '+201098765439');
    const body = {
      guest: { name: 'Guest Buyer', phone },
      address: await addressFields(),
      items: [{ product: productId, quantity: 1 }],
      payment_method: 'cod',
      otp,
    };
    const send = (payload: object) =>
      guest.call({ method: 'POST', url: '/api/orders/', body: payload, headers: { 'idempotency-key': 'guest-1' } });
    const placed = await send(body);
    expect(placed.statusCode).toBe(201);
    // Someone who knows the phone and the key but not the code learns nothing about the order.
    const stranger = await send({ ...body, otp: otp === '000000' ? '111111' : '000000' });
    expect(stranger.statusCode).toBe(400);
    expect(stranger.json()).toMatchObject({ code: 'code_invalid' });
    expect(stranger.body).not.toContain(placed.json().order_number);
    const replay = await send(body);
    expect(replay.statusCode).toBe(201);
    expect(replay.json().id).toBe(placed.json().id);
    expect(await stock(productId)).toBe(4);
  });

  it('refuses an address outside the governorates', async () => {
    const guest = client(t.app);
    const response = await guest.post('/api/orders/', {
      guest: { name: 'G', phone: '01098765433' },
      address: { ...(await addressFields()), region: 9999 },
      items: [{ product: 1, quantity: 1 }],
      payment_method: 'cod',
      otp: '123456',
    });
    expect(response.statusCode).toBe(400);
  });
});

describe('in-store orders', () => {
  const receipt = (number: string) => OFFLINE_ORDERS.find((r) => r.orderNumber === number)!;

  it('shows an in-store receipt and credits its points once, to whoever has its number and claim code', async () => {
    const a = await signedInShopper(t.app);
    const b = await signedInShopper(t.app);
    const { claimCode } = receipt('ST20001');
    // Typed as a shopper would: lower case, without the dash.
    const typed = claimCode.toLowerCase().replace('-', '');
    expect((await a.get(`/api/offline-order/order_number/?number=st20001&claim_code=${typed}`)).json()).toMatchObject({
      order_number: 'ST20001',
      claimed: false,
      points: 245,
    });
    const claim = { number: 'ST20001', claim_code: claimCode };
    expect((await a.post('/api/offline-order/claim/', claim)).json()).toMatchObject({ claimed: true, claimed_by_you: true });
    // A second claim says by whom it was claimed, in the page's language.
    expect((await a.post('/api/offline-order/claim/', claim)).json()).toEqual({
      code: 'already_claimed',
      detail: 'You have already claimed these points.',
    });
    expect(
      (await b.call({ method: 'POST', url: '/api/offline-order/claim/', body: claim, headers: { 'accept-language': 'ar' } })).json(),
    ).toEqual({
      code: 'already_claimed',
      detail: 'طالب حساب آخر بهذه النقاط من قبل.',
    });
    const look = `/api/offline-order/order_number/?number=ST20001&claim_code=${typed}`;
    expect((await a.get(look)).json()).toMatchObject({ claimed: true, claimed_by_you: true });
    expect((await b.get(look)).json()).toMatchObject({ claimed: true, claimed_by_you: false });
    expect(PointsResponse.parse((await a.get('/api/users/points/')).json()).points).toBe(245);
    expect(PointsResponse.parse((await b.get('/api/users/points/')).json()).points).toBe(0);
  });

  it('finds nothing by the number alone, or with a wrong code, and answers both as an unknown number', async () => {
    const s = await signedInShopper(t.app);
    const noCode = await s.post('/api/offline-order/claim/', { number: 'ST20002' });
    expect(noCode.statusCode).toBe(400);
    expect(noCode.json()).toHaveProperty('claim_code');
    const wrong = await s.post('/api/offline-order/claim/', { number: 'ST20002', claim_code: 'AAAAA-AAAAA' });
    const unknown = await s.post('/api/offline-order/claim/', { number: 'ST99999', claim_code: 'AAAAA-AAAAA' });
    expect(wrong.statusCode).toBe(404);
    expect(wrong.json()).toEqual(unknown.json());
    expect((await s.get('/api/offline-order/order_number/?number=ST20002&claim_code=AAAAAAAAAA')).statusCode).toBe(404);
    expect((await s.get('/api/offline-order/order_number/?number=ST20002')).statusCode).toBe(400);
    expect(PointsResponse.parse((await s.get('/api/users/points/')).json()).points).toBe(0);
  });

  it('limits guesses per shopper', async () => {
    const s = await signedInShopper(t.app);
    let last;
    for (let i = 0; i < 21; i++)
      last = await s.post('/api/offline-order/claim/', { number: 'ST20003', claim_code: `GUESS${String(i).padStart(5, 'A')}` });
    expect(last!.statusCode).toBe(429);
    // Even the right code waits now.
    expect((await s.post('/api/offline-order/claim/', { number: 'ST20003', claim_code: receipt('ST20003').claimCode })).statusCode).toBe(
      429,
    );
  });

  it('stores only a hash of each claim code', async () => {
    const rows = await db().rows<{ claim_code_hash: string }>(
      sql`SELECT claim_code_hash FROM offline_orders WHERE order_number = 'ST20004'`,
    );
    expect(rows[0]!.claim_code_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(rows[0]!.claim_code_hash).not.toContain(receipt('ST20004').claimCode.replace('-', ''));
  });
});

describe('under load (exact on PostgreSQL, serialised on PGlite)', () => {
  it('200 concurrent orders for a product with stock 10: exactly 10 succeed and stock ends at 0', async () => {
    const productId = await productWithStock(10);
    const { region, city } = await cairo();
    const phones = Array.from({ length: 200 }, (_, i) => `0100${String(3_000_000 + i).padStart(7, '0')}`);
    for (const phone of phones) {
      await db().rows(sql`INSERT INTO verification_codes (purpose, identifier, code_hash, expires_at)
        VALUES ('guest_promo', ${`+20${phone.slice(1)}`}, 'x', now() + interval '10 minutes')`);
    }
    // The code check itself is covered above; here every guest's code is accepted by stubbing its hash.
    const results = await Promise.all(
      phones.map(async (phone) => {
        const otp = '123456';
        const hash = createHmac('sha256', t.config.secretKey)
          .update(`guest_promo\n+20${phone.slice(1)}\n${otp}`)
          .digest('hex');
        await db().rows(sql`UPDATE verification_codes SET code_hash = ${hash} WHERE identifier = ${`+20${phone.slice(1)}`}`);
        return client(t.app).post('/api/orders/', {
          guest: { name: 'Racer', phone },
          address: { name: 'Racer', phone, region, city, street: 'Fast Lane' },
          items: [{ product: productId, quantity: 1 }],
          payment_method: 'cod',
          otp,
        });
      }),
    );
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 201)).toHaveLength(10);
    expect(codes.filter((c) => c !== 201 && c !== 409)).toEqual([]);
    expect(await stock(productId)).toBe(0);
  }, 120_000);

  it('100 concurrent uses of a one-time code: exactly one succeeds', async () => {
    await db().rows(sql`INSERT INTO promotions (code, percent_discount, max_uses) VALUES ('ONCEONLY', 20, 1)`);
    const shoppers = await Promise.all(Array.from({ length: 100 }, () => shopperWithAddress()));
    const productId = await productWithStock(1000);
    for (const s of shoppers) await s.post('/api/cart-products/', { product: productId, quantity: 1 });
    const results = await Promise.all(
      shoppers.map((s) => order(s, { address: s.addressId, payment_method: 'cod', promo_code: 'ONCEONLY' })),
    );
    expect(results.filter((r) => r.statusCode === 201)).toHaveLength(1);
    expect(results.filter((r) => r.statusCode === 400).every((r) => ['promo_exhausted'].includes(r.json().code))).toBe(true);
    const [uses] = await db().rows<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM promotion_uses u JOIN promotions p ON p.id = u.promotion_id WHERE p.code = 'ONCEONLY'`,
    );
    expect(uses!.n).toBe(1);
    expect(await stock(productId)).toBe(999);
  }, 180_000);

  it('the same Idempotency-Key 20 times at once: one order', async () => {
    const s = await shopperWithAddress();
    const productId = await productWithStock(50);
    await s.post('/api/cart-products/', { product: productId, quantity: 2 });
    const results = await Promise.all(
      Array.from({ length: 20 }, () => order(s, { address: s.addressId, payment_method: 'cod' }, { 'idempotency-key': 'same-click' })),
    );
    expect(results.every((r) => r.statusCode === 201)).toBe(true);
    expect(new Set(results.map((r) => r.json().id)).size).toBe(1);
    expect(await stock(productId)).toBe(48);
  }, 60_000);
});
