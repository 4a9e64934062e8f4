/**
 * Orders taken by phone (docs/orders.md, "Phone orders"): the look-up by mobile number, placing for an account or a
 * new customer under the storefront's rules, the roles allowed, idempotency, and bad input that changes nothing.
 */
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { Order, StaffCustomerLookup, StaffOrder, type StaffRole } from '@attar/contract';
import { useTestApp } from '../test/app';
import { orderFixtures } from '../test/orders';
import { signedInStaff, type StaffCaller } from '../test/staff';

const t = useTestApp();
const f = orderFixtures(t);

const orderCount = async () => (await f.db().rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM orders`))[0]!.n;
const phoneOrder = (staff: StaffCaller, body: unknown, key?: string) =>
  staff.call('POST', '/api/staff/orders/phone/', body, key ? { 'idempotency-key': key } : {});

/** A new customer's order of `units` of a product, to their own address. */
async function newCustomerOrder(productId: number, phone: string, units = 1) {
  return {
    customer: { name: 'Hoda Samir', phone, email: 'hoda@example.com' },
    address: { name: 'Hoda Samir', phone, street: '12 Tahrir Street', ...(await f.cairo()) },
    items: [{ product: productId, quantity: units }],
    language: 'ar',
  };
}

describe('finding the caller by phone', () => {
  it('finds an account with its addresses and latest orders, however the number is written', async () => {
    const support = await signedInStaff(t, 'support');
    const s = await f.shopperWithAddress();
    const productId = await f.productWithStock(5);
    await s.post('/api/cart-products/', { product: productId, quantity: 1 });
    const web = Order.parse((await f.order(s, { address: s.addressId, payment_method: 'cod' })).json());
    const national = `0${s.user.phone!.slice(3)}`;
    const arabicDigits = national.replace(/\d/g, (d) => String.fromCharCode(0x0660 + Number(d)));
    for (const written of [national, s.user.phone!, arabicDigits]) {
      const response = await support.get(`/api/staff/customers/lookup/?phone=${encodeURIComponent(written)}`);
      expect(response.statusCode, response.body).toBe(200);
      const found = StaffCustomerLookup.parse(response.json());
      expect(found.account).toMatchObject({
        id: s.user.id,
        email: s.user.email,
        addresses: [expect.objectContaining({ id: s.addressId })],
      });
      expect(found.recent_orders.map((o) => o.order_number)).toEqual([web.order_number]);
    }
  });

  it('answers a number without an account with no account, and a malformed one with 400', async () => {
    const manager = await signedInStaff(t, 'manager');
    const unknown = StaffCustomerLookup.parse((await manager.get('/api/staff/customers/lookup/?phone=01277770000')).json());
    expect(unknown).toEqual({ phone: '+201277770000', account: null, recent_orders: [] });
    const bad = await manager.get('/api/staff/customers/lookup/?phone=12345');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toHaveProperty('phone');
  });
});

describe('placing an order by phone', () => {
  it('for an account: the items named (the cart untouched), stock, fee, points and code as on the storefront; recorded and audited', async () => {
    const support = await signedInStaff(t, 'support');
    const s = await f.shopperWithAddress({ verified: true });
    const inCart = await f.productWithStock(5);
    await s.post('/api/cart-products/', { product: inCart, quantity: 2 });
    await f.db().rows(sql`UPDATE users SET points = 50 WHERE id = ${s.user.id}`);
    await f.db().rows(sql`INSERT INTO points_ledger (user_id, change, reason) VALUES (${s.user.id}, 50, 'adjustment')`);
    const productId = await f.productWithStock(3, 150_000);
    const response = await phoneOrder(
      support,
      {
        customer: { user: s.user.id },
        address: s.addressId,
        items: [{ product: productId, quantity: 2 }],
        promo_code: 'WELCOME10',
        use_points: 20,
        notes: 'Call before delivery',
        language: 'en',
      },
      'call-1',
    );
    expect(response.statusCode, response.body).toBe(201);
    const order = StaffOrder.parse(response.json());
    expect(order).toMatchObject({
      status: 'placed',
      channel: 'phone',
      placed_by: { id: support.id },
      payment_method: 'cod',
      subtotal: 3000,
      discount: 300,
      points_used: 20,
      promo_code: 'WELCOME10',
      notes: 'Call before delivery',
      customer: { user_id: s.user.id, kind: 'account' },
    });
    expect(order.total).toBe(3000 - 300 - order.points_discount + order.delivery_fee);
    expect(order.audit).toEqual([
      expect.objectContaining({ action: 'order.place_by_phone', staff: expect.objectContaining({ id: support.id }) }),
    ]);
    expect(await f.stock(productId)).toBe(1);
    // The shopper's own cart is theirs: untouched, and the order is in their history.
    expect((await s.get('/api/cart-products/')).json()).toEqual([expect.objectContaining({ quantity: 2 })]);
    expect((await s.get('/api/orders/')).json().results.map((o: Order) => o.id)).toEqual([order.id]);
    expect((await s.get('/api/users/me/')).json()).toMatchObject({ points: 30 });
  });

  it('for a new customer: no code needed, their address given; the look-up then finds the order', async () => {
    const owner = await signedInStaff(t, 'owner');
    const productId = await f.productWithStock(4);
    const response = await phoneOrder(owner, await newCustomerOrder(productId, '01288881111', 2));
    expect(response.statusCode, response.body).toBe(201);
    const order = StaffOrder.parse(response.json());
    expect(order).toMatchObject({ channel: 'phone', customer: { kind: 'guest', name: 'Hoda Samir', phone: '+201288881111' } });
    const [row] = await f.db().rows<{ locale: string }>(sql`SELECT locale FROM orders WHERE id = ${order.id}`);
    expect(row!.locale).toBe('ar');
    expect(await f.stock(productId)).toBe(2);
    const found = StaffCustomerLookup.parse((await owner.get('/api/staff/customers/lookup/?phone=01288881111')).json());
    expect(found.recent_orders).toEqual([expect.objectContaining({ id: order.id, customer_name: 'Hoda Samir' })]);
  });

  it('answers a retry with the same Idempotency-Key with the first order, and refuses the key for another order', async () => {
    const manager = await signedInStaff(t, 'manager');
    const productId = await f.productWithStock(5);
    const body = await newCustomerOrder(productId, '01288882222');
    const first = await phoneOrder(manager, body, 'call-7');
    const again = await phoneOrder(manager, body, 'call-7');
    expect([first.statusCode, again.statusCode]).toEqual([201, 200]);
    expect(again.json().id).toBe(first.json().id);
    const other = await phoneOrder(manager, { ...body, notes: 'something else' }, 'call-7');
    expect(other.statusCode).toBe(422);
    expect(await f.stock(productId)).toBe(4);
  });

  it('lets owner, manager and support place; fulfilment and shoppers are refused and nothing changes', async () => {
    const productId = await f.productWithStock(10);
    for (const role of ['owner', 'manager', 'support'] as StaffRole[]) {
      const staff = await signedInStaff(t, role);
      expect((await phoneOrder(staff, await newCustomerOrder(productId, '01288883333'))).statusCode, role).toBe(201);
    }
    const before = await orderCount();
    const fulfilment = await signedInStaff(t, 'fulfilment');
    expect((await phoneOrder(fulfilment, await newCustomerOrder(productId, '01288883333'))).statusCode).toBe(403);
    expect((await fulfilment.get('/api/staff/customers/lookup/?phone=01288883333')).statusCode).toBe(403);
    const s = await f.shopperWithAddress();
    const asShopper = await t.app.inject({
      method: 'POST',
      url: '/api/staff/orders/phone/',
      payload: await newCustomerOrder(productId, '01288883333'),
      headers: { authorization: `Token ${s.token}` },
    });
    expect(asShopper.statusCode).toBe(401);
    expect(await orderCount()).toBe(before);
    expect(await f.stock(productId)).toBe(7);
  });

  it('refuses bad input with 4xx and changes nothing', async () => {
    const support = await signedInStaff(t, 'support');
    const productId = await f.productWithStock(2);
    const other = await f.shopperWithAddress();
    const s = await f.shopperWithAddress();
    const valid = await newCustomerOrder(productId, '01288884444');
    const before = await orderCount();
    const cases: [unknown, number][] = [
      [{ ...valid, items: [] }, 400],
      [{ ...valid, address: s.addressId }, 400], // a new customer has no saved address
      [{ ...valid, use_points: true }, 400], // nor points
      [{ ...valid, language: 'fr' }, 400],
      [{ ...valid, customer: { user: 2_000_000_000 } }, 404],
      [{ ...valid, customer: { user: s.user.id }, address: other.addressId }, 404], // another shopper's address
      [{ ...valid, items: [{ product: productId, quantity: 3 }] }, 409],
      [{ ...valid, promo_code: 'NO-SUCH-CODE' }, 400],
    ];
    for (const [body, status] of cases) {
      const response = await phoneOrder(support, body);
      expect(response.statusCode, JSON.stringify(body) + response.body).toBe(status);
    }
    expect(await orderCount()).toBe(before);
    expect(await f.stock(productId)).toBe(2);
  });
});

describe('phone orders at once (exact on PostgreSQL, serialised on PGlite)', () => {
  it('the same Idempotency-Key 10 times at once: one order', async () => {
    const support = await signedInStaff(t, 'support');
    const productId = await f.productWithStock(20);
    const body = await newCustomerOrder(productId, '01288885555', 2);
    const results = await Promise.all(Array.from({ length: 10 }, () => phoneOrder(support, body, 'double-click')));
    expect(results.filter((r) => r.statusCode === 201)).toHaveLength(1);
    expect(results.every((r) => r.statusCode === 200 || r.statusCode === 201)).toBe(true);
    expect(new Set(results.map((r) => r.json().id)).size).toBe(1);
    expect(await f.stock(productId)).toBe(18);
  }, 60_000);
});
