import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { NotificationPage, Order } from '@attar/contract';
import { useTestApp } from '../test/app';
import { client } from '../test/client';
import { orderFixtures } from '../test/orders';
import { signedInShopper } from '../test/shoppers';
import { recordOrderNotifications } from './service';

const t = useTestApp();
const { db, productWithStock, shopperWithAddress, order } = orderFixtures(t);

type Shopper = Awaited<ReturnType<typeof signedInShopper>>;
const pageOf = async (shopper: Shopper, query = '') => {
  const answer = await shopper.get(`/api/notifications/${query}`);
  expect(answer.statusCode).toBe(200);
  return NotificationPage.parse(answer.json());
};

/** A cash-on-delivery order of a fresh product by a new shopper with an address. */
async function placedOrder() {
  const shopper = await shopperWithAddress();
  const product = await productWithStock(5);
  await shopper.post('/api/cart-products/', { product, quantity: 1 });
  const placed = await order(shopper, { address: shopper.addressId, payment_method: 'cod' });
  expect(placed.statusCode).toBe(201);
  return { shopper, order: Order.parse(placed.json()) };
}

describe('notifications', () => {
  it('record each order event once for the shopper: status, shipping with tracking, returns, points earned', async () => {
    const { shopper, order: o } = await placedOrder();
    const ref = { order_id: o.id, order_number: o.order_number };
    await recordOrderNotifications(db().rows, { orderId: o.id, status: 'confirmed' });
    await db().rows(sql`UPDATE orders SET courier_name = 'Bosta', tracking_number = 'BST-77', points_earned = 12 WHERE id = ${o.id}`);
    await recordOrderNotifications(db().rows, { orderId: o.id, status: 'shipped' });
    await recordOrderNotifications(db().rows, { orderId: o.id, status: 'delivered' });
    await recordOrderNotifications(db().rows, { orderId: o.id, event: 'return_requested', returnId: 1 });
    // Told twice, recorded once.
    await recordOrderNotifications(db().rows, { orderId: o.id, status: 'shipped' });
    await recordOrderNotifications(db().rows, { orderId: o.id, status: 'delivered' });

    const page = await pageOf(shopper);
    expect(page.unread).toBe(6);
    expect(page.results.map(({ kind, params }) => ({ kind, params }))).toEqual([
      { kind: 'return', params: { ...ref, event: 'return_requested' } },
      { kind: 'points_earned', params: { ...ref, points: 12 } },
      { kind: 'order_status', params: { ...ref, status: 'delivered', payment_method: 'cod' } },
      { kind: 'order_shipped', params: { ...ref, courier: 'Bosta', tracking: 'BST-77' } },
      { kind: 'order_status', params: { ...ref, status: 'confirmed', payment_method: 'cod' } },
      // Placing the order told the shopper in its own transaction.
      { kind: 'order_status', params: { ...ref, status: 'placed', payment_method: 'cod' } },
    ]);
  });

  it('tell each order placed once, however it is paid, and a kiosk order’s wait with its reference', async () => {
    const shopper = await shopperWithAddress();
    for (const method of ['cod', 'card', 'wallet', 'valu', 'kiosk'] as const) {
      const product = await productWithStock(5, 300_000);
      await shopper.post('/api/cart-products/', { product, quantity: 1 });
      const placed = await order(shopper, { address: shopper.addressId, payment_method: method });
      expect(placed.statusCode, placed.body).toBe(201);
      if (method === 'cod') continue;
      // Paid on the test gateway (a kiosk's cash stands in the same way).
      const [payment] = await db().rows<{ reference: string }>(sql`
        SELECT reference FROM payments WHERE order_id = ${Order.parse(placed.json()).id}`);
      const paid = await t.app.inject({
        method: 'POST',
        url: `/api/payments/test/${payment!.reference}/`,
        payload: 'decision=approve',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
      expect(paid.statusCode, paid.body).toBeLessThan(400);
    }
    const page = await pageOf(shopper);
    // The kiosk order was told twice: waiting with its reference (what to do), then placed once paid.
    expect(page.results.map((n) => n.kind === 'order_status' && `${n.params.payment_method} ${n.params.status}`)).toEqual([
      'kiosk placed',
      'kiosk pending_payment',
      'valu placed',
      'wallet placed',
      'card placed',
      'cod placed',
    ]);
  });

  it('leave guests’ orders alone', async () => {
    const { order: o } = await placedOrder();
    await db().rows(sql`UPDATE orders SET user_id = NULL, guest_name = 'Guest', guest_phone = '+201001112223' WHERE id = ${o.id}`);
    const before = await db().rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM notifications`);
    await recordOrderNotifications(db().rows, { orderId: o.id, status: 'confirmed' });
    expect(await db().rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM notifications`)).toEqual(before);
  });

  it('are each shopper’s own: listed newest first in pages, marked read by id or all at once', async () => {
    const alice = await signedInShopper(t.app);
    const bob = await signedInShopper(t.app);
    await db().rows(sql`
      INSERT INTO notifications (user_id, kind, params, key)
      SELECT ${alice.user.id}, 'order_status', json_build_object('order_id', n, 'order_number', 'AT' || n, 'status', 'confirmed'), 'test:' || n
      FROM generate_series(1, 3) n`);
    await db().rows(sql`
      INSERT INTO notifications (user_id, kind, params, key)
      VALUES (${bob.user.id}, 'points_earned', '{"order_id": 9, "order_number": "AT9", "points": 4}', 'test:bob')`);

    const first = await pageOf(alice, '?page_size=2');
    expect(first).toMatchObject({ count: 3, unread: 3, previous: null });
    expect(first.next).toContain('page=2');
    const orderNumbers = (page: NotificationPage) =>
      page.results.map((n) => (n.kind === 'back_in_stock' ? n.params.slug : n.params.order_number));
    expect(orderNumbers(first)).toEqual(['AT3', 'AT2']);
    expect(orderNumbers(await pageOf(alice, '?page=2&page_size=2'))).toEqual(['AT1']);
    const bobs = await pageOf(bob);
    expect(bobs).toMatchObject({ count: 1, unread: 1 });

    // Bob cannot read Alice's: her ids change nothing for her.
    const aliceIds = first.results.map((n) => n.id);
    expect((await bob.post('/api/notifications/read/', { ids: aliceIds })).json()).toEqual({ unread: 1 });
    expect((await pageOf(alice)).unread).toBe(3);

    expect((await alice.post('/api/notifications/read/', { ids: [aliceIds[0]] })).json()).toEqual({ unread: 2 });
    const afterOne = await pageOf(alice);
    expect(afterOne.results.map((n) => n.read)).toEqual([true, false, false]);
    expect((await alice.post('/api/notifications/read/')).json()).toEqual({ unread: 0 });
    expect((await pageOf(alice)).results.every((n) => n.read)).toBe(true);
    expect((await pageOf(bob)).unread).toBe(1);
  });

  it('are for signed-in shoppers only, and refuse bad input', async () => {
    const guest = client(t.app);
    expect((await guest.get('/api/notifications/')).statusCode).toBe(401);
    expect((await guest.post('/api/notifications/read/')).statusCode).toBe(401);
    const shopper = await signedInShopper(t.app);
    expect((await shopper.post('/api/notifications/read/', { ids: [] })).statusCode).toBe(400);
    expect((await shopper.post('/api/notifications/read/', { ids: ['x'] })).statusCode).toBe(400);
    expect((await shopper.get('/api/notifications/?page=0')).statusCode).toBe(400);
  });
});
