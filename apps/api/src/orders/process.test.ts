/**
 * The order's process read as a table: every move TRANSITIONS allows happens (once, with its history row), and every
 * other one is refused with 400 invalid_transition and changes nothing: not the order, its history or its messages.
 */
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ORDER_STATUSES, Order, type OrderStatus } from '@attar/contract';
import { ApiError } from '../http/errors';
import { useTestApp } from '../test/app';
import { orderFixtures } from '../test/orders';
import { TRANSITIONS, transition } from './process';

const t = useTestApp();
const f = orderFixtures(t);

type Trace = { status: OrderStatus; version: number; history: number; queued: number };
const trace = async (orderId: number) =>
  (
    await f.db().rows<Trace>(sql`
      SELECT status, version, (SELECT count(*)::int FROM order_status_history WHERE order_id = o.id) AS history,
        (SELECT count(*)::int FROM queued_messages WHERE order_id = o.id) AS queued
      FROM orders o WHERE o.id = ${orderId}`)
  )[0]!;

/** A cash order, then put straight into `status` (the table is about the move from there, not the way there). */
async function orderIn(status: OrderStatus) {
  const s = await f.shopperWithAddress();
  await s.post('/api/cart-products/', { product: await f.productWithStock(5), quantity: 1 });
  const placed = await f.order(s, { address: s.addressId, payment_method: 'cod' });
  expect(placed.statusCode, placed.body).toBe(201);
  const { id } = Order.parse(placed.json());
  await f.db().rows(sql`UPDATE orders SET status = ${status} WHERE id = ${id}`);
  return id;
}

const move = (orderId: number, to: OrderStatus) => transition(f.db(), t.config, 'en', orderId, to);

describe("the order's process", () => {
  for (const from of ORDER_STATUSES) {
    const allowed = TRANSITIONS[from];
    const refused = ORDER_STATUSES.filter((to) => !allowed.includes(to));

    it(`refuses every move from ${from} but ${allowed.join(', ') || 'none'}, changing nothing`, async () => {
      const orderId = await orderIn(from);
      const before = await trace(orderId);
      for (const to of refused) {
        const error = await move(orderId, to).then(
          () => undefined,
          (reason: unknown) => reason,
        );
        expect(error, `${from} → ${to}`).toBeInstanceOf(ApiError);
        expect((error as ApiError).statusCode).toBe(400);
        expect((error as ApiError).code).toBe('invalid_transition');
        expect(await trace(orderId), `${from} → ${to}`).toEqual(before);
      }
    });

    for (const to of allowed) {
      it(`moves ${from} → ${to} once, with its history row`, async () => {
        const orderId = await orderIn(from);
        const before = await trace(orderId);
        await move(orderId, to);
        const after = await trace(orderId);
        expect(after).toMatchObject({ status: to, version: before.version + 1, history: before.history + 1 });
        // Asked again: the order is no longer where the move starts.
        await expect(move(orderId, to)).rejects.toMatchObject({ code: 'invalid_transition' });
        expect(await trace(orderId)).toEqual(after);
      });
    }
  }
});
