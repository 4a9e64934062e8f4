import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { Order } from '@attar/contract';
import { inTransaction } from '../db/transaction';
import { expireUnpaidOrders } from '../payments/service';
import { useTestApp } from '../test/app';
import { orderFixtures } from '../test/orders';
import { signedInStaff } from '../test/staff';
import { queueOrderMessage } from './outbox';

// No worker runs here (JOBS off): what a change queues stays in the table for the test to read.
const t = useTestApp({ ORDER_ALERT_EMAILS: 'orders@attar.test,owner@attar.test' });
const f = orderFixtures(t);
const PHONE = '+201001112223';

type Queued = { key: string; channel: string; recipient: string; kind: string; payload: Record<string, unknown>; locale: string };
const queued = (orderId: number) =>
  f.db().rows<Queued>(sql`
    SELECT key, channel, recipient, kind, payload, locale FROM queued_messages WHERE order_id = ${orderId} ORDER BY id`);
const queuedKeys = async (orderId: number) => (await queued(orderId)).map((row) => row.key);
const everything = async () => (await f.db().rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM queued_messages`))[0]!.n;
/** The shopper's told of `status` by e-mail and SMS. */
const told = (orderId: number, about: string) => [`${about}:email`, `${about}:sms`].map((key) => key.replace('#', String(orderId)));

async function cashOrder(headers: Record<string, string> = {}) {
  const s = await f.shopperWithAddress();
  const product = await f.productWithStock(5);
  await s.post('/api/cart-products/', { product, quantity: 1 });
  const body = { address: s.addressId, payment_method: 'cod' };
  const placed = await f.order(s, body, headers);
  expect(placed.statusCode, placed.body).toBe(201);
  return { s, body, order: Order.parse(placed.json()) };
}

async function cardOrder() {
  const s = await f.shopperWithAddress();
  await s.post('/api/cart-products/', { product: await f.productWithStock(5), quantity: 1 });
  const placed = await f.order(s, { address: s.addressId, payment_method: 'card' });
  expect(placed.statusCode, placed.body).toBe(201);
  const order = Order.parse(placed.json());
  const [payment] = await f
    .db()
    .rows<{ id: number; reference: string }>(sql`SELECT id, reference FROM payments WHERE order_id = ${order.id}`);
  return { s, order, payment: payment! };
}

const pay = (reference: string) =>
  t.app.inject({
    method: 'POST',
    url: `/api/payments/test/${reference}/`,
    payload: 'decision=approve',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });

describe('the transactional outbox', () => {
  it('queues a new order’s e-mail, SMS and staff alerts with the order, once, and nothing more for a replayed request', async () => {
    const { s, body, order } = await cashOrder({ 'idempotency-key': 'outbox-once', 'accept-language': 'ar' });
    expect(await queued(order.id)).toEqual([
      {
        key: `order:${order.id}:status:placed:email`,
        channel: 'email',
        recipient: s.user.email,
        kind: 'order_status',
        payload: { status: 'placed' },
        locale: 'ar',
      },
      {
        key: `order:${order.id}:status:placed:sms`,
        channel: 'sms',
        recipient: PHONE,
        kind: 'order_status',
        payload: { status: 'placed' },
        locale: 'ar',
      },
      {
        key: `order:${order.id}:alert:orders@attar.test`,
        channel: 'email',
        recipient: 'orders@attar.test',
        kind: 'order_alert',
        payload: {},
        locale: 'en',
      },
      {
        key: `order:${order.id}:alert:owner@attar.test`,
        channel: 'email',
        recipient: 'owner@attar.test',
        kind: 'order_alert',
        payload: {},
        locale: 'en',
      },
    ]);
    const bell = await f.db().rows(sql`SELECT key FROM notifications WHERE user_id = ${s.user.id}`);
    expect(bell).toEqual([{ key: `order:${order.id}:placed` }]);

    const before = await everything();
    const replay = await f.order(s, body, { 'idempotency-key': 'outbox-once', 'accept-language': 'ar' });
    expect(replay.statusCode).toBe(201);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(await everything()).toBe(before);
  });

  it('queues nothing for a change that rolls back', async () => {
    const before = await everything();
    const s = await f.shopperWithAddress();
    const product = await f.productWithStock(2);
    await s.post('/api/cart-products/', { product, quantity: 2 });
    await f.db().rows(sql`UPDATE product_variants SET stock = 1 WHERE product_id = ${product}`);
    const short = await f.order(s, { address: s.addressId, payment_method: 'cod' });
    expect(short.statusCode).toBe(409);
    expect(await everything()).toBe(before);

    // A failure after the messages were queued takes them back with the rest.
    const { order } = await cashOrder();
    const queuedBefore = await queuedKeys(order.id);
    const failure = inTransaction(f.db(), async (rows) => {
      await rows(sql`UPDATE orders SET status = 'confirmed' WHERE id = ${order.id}`);
      await queueOrderMessage(rows, t.config, { orderId: order.id, status: 'confirmed' });
      throw new Error('forced failure');
    });
    await expect(failure).rejects.toThrow('forced failure');
    expect(await queuedKeys(order.id)).toEqual(queuedBefore);
    expect(await f.db().rows(sql`SELECT 1 FROM notifications WHERE key = ${`order:${order.id}:confirmed`}`)).toEqual([]);
  });

  it('queues each status change the shopper is told of, in the transition: payment, staff actions, cancellation, expiry', async () => {
    const staff = await signedInStaff(t, 'manager');
    const { order, payment } = await cardOrder();
    expect(await queuedKeys(order.id)).toEqual(told(order.id, 'order:#:status:pending_payment'));
    await pay(payment.reference);
    await pay(payment.reference);
    const paid = [
      ...told(order.id, 'order:#:status:pending_payment'),
      ...told(order.id, 'order:#:status:placed'),
      `order:${order.id}:alert:orders@attar.test`,
      `order:${order.id}:alert:owner@attar.test`,
    ];
    expect(await queuedKeys(order.id)).toEqual(paid);

    expect((await staff.act(order.id, 'confirm')).statusCode).toBe(200);
    // Packing is the shop's own step: nobody is told.
    expect((await staff.act(order.id, 'pack')).statusCode).toBe(200);
    expect((await staff.act(order.id, 'ship', { courier: 'Bosta', tracking_number: 'BST-1' })).statusCode).toBe(200);
    expect(await queuedKeys(order.id)).toEqual([
      ...paid,
      ...told(order.id, 'order:#:status:confirmed'),
      ...told(order.id, 'order:#:status:shipped'),
    ]);
    // The shipping notification already names the courier: it was recorded before the status changed.
    const [shipped] = await f.db().rows<{ params: Record<string, unknown> }>(sql`
      SELECT params FROM notifications WHERE key = ${`order:${order.id}:shipped`}`);
    expect(shipped!.params).toMatchObject({ courier: 'Bosta', tracking: 'BST-1' });

    const mine = await cashOrder();
    expect((await mine.s.post(`/api/orders/${mine.order.id}/cancel/`)).statusCode).toBe(200);
    expect(await queuedKeys(mine.order.id)).toEqual(expect.arrayContaining(told(mine.order.id, 'order:#:status:cancelled')));

    const unpaid = await cardOrder();
    await f.db().rows(sql`UPDATE payments SET created_at = now() - interval '3 hours' WHERE id = ${unpaid.payment.id}`);
    expect(await expireUnpaidOrders(f.db(), t.config)).toEqual([{ id: unpaid.order.id }]);
    expect(await queuedKeys(unpaid.order.id)).toEqual([
      ...told(unpaid.order.id, 'order:#:status:pending_payment'),
      ...told(unpaid.order.id, 'order:#:status:cancelled'),
    ]);
  });

  it('queues a return’s request and a refund with them', async () => {
    const staff = await signedInStaff(t, 'manager');
    const { s, order } = await cashOrder();
    for (const [action, body] of [
      ['confirm', {}],
      ['pack', {}],
      ['ship', { courier: 'Bosta', tracking_number: 'BST-2' }],
      ['deliver', { cash_collected: order.total }],
    ] as const)
      expect((await staff.act(order.id, action, body)).statusCode).toBe(200);
    const line = order.items[0]!.id;
    const asked = await s.post(`/api/orders/${order.id}/returns/`, { reason: 'Not for me', lines: [{ item: line, quantity: 1 }] });
    expect(asked.statusCode, asked.body).toBe(201);
    const returnId = Order.parse(asked.json()).returns![0]!.id;
    const refused = await staff.refund(order.id, { reason: 'Too much', amount: order.total + 1, lines: [] });
    expect(refused.statusCode).toBe(400);
    const refunded = await staff.refund(order.id, { reason: 'Goodwill', amount: 10, lines: [], cash_method: 'counter' });
    expect(refunded.statusCode, refunded.body).toBe(201);
    const [refund] = await f.db().rows<{ id: number }>(sql`SELECT id FROM order_refunds WHERE order_id = ${order.id}`);

    const rows = await queued(order.id);
    expect(rows.slice(-4).map(({ key, payload }) => ({ key, payload }))).toEqual([
      { key: `return:${returnId}:return_requested:email`, payload: { event: 'return_requested', message: '' } },
      { key: `return:${returnId}:return_requested:sms`, payload: { event: 'return_requested', message: '' } },
      { key: `refund:${refund!.id}:email`, payload: { event: 'refunded', amountPiastres: 1000, cashMethod: 'counter' } },
      { key: `refund:${refund!.id}:sms`, payload: { event: 'refunded', amountPiastres: 1000, cashMethod: 'counter' } },
    ]);
  });
});
