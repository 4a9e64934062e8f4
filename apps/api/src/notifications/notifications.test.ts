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
    await recordOrderNotifications(db(), { orderId: o.id, status: 'confirmed', locale: 'en' });
    await db().rows(sql`UPDATE orders SET courier_name = 'Bosta', tracking_number = 'BST-77', points_earned = 12 WHERE id = ${o.id}`);
    await recordOrderNotifications(db(), { orderId: o.id, status: 'shipped', locale: 'en' });
    await recordOrderNotifications(db(), { orderId: o.id, status: 'delivered', locale: 'en' });
    await recordOrderNotifications(db(), { orderId: o.id, event: 'return_requested', locale: 'en' });
    // A retried job records nothing twice.
    await recordOrderNotifications(db(), { orderId: o.id, status: 'shipped', locale: 'en' });
    await recordOrderNotifications(db(), { orderId: o.id, status: 'delivered', locale: 'en' });

    const page = await pageOf(shopper);
    expect(page.unread).toBe(5);
    expect(page.results.map(({ kind, params }) => ({ kind, params }))).toEqual([
      { kind: 'return', params: { ...ref, event: 'return_requested' } },
      { kind: 'points_earned', params: { ...ref, points: 12 } },
      { kind: 'order_status', params: { ...ref, status: 'delivered' } },
      { kind: 'order_shipped', params: { ...ref, courier: 'Bosta', tracking: 'BST-77' } },
      { kind: 'order_status', params: { ...ref, status: 'confirmed' } },
    ]);
  });

  it('leave guests’ orders alone', async () => {
    const { order: o } = await placedOrder();
    await db().rows(sql`UPDATE orders SET user_id = NULL, guest_name = 'Guest', guest_phone = '+201001112223' WHERE id = ${o.id}`);
    const before = await db().rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM notifications`);
    await recordOrderNotifications(db(), { orderId: o.id, status: 'confirmed', locale: 'en' });
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
