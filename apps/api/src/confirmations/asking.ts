/**
 * Whether a cash order waits for its shopper's confirmation (decision 0048), and the question's row, both inside
 * placeOrder's transaction. The shop's rule (`site_config.cod_confirm_rule`): none, every cash order, those whose
 * total is above `cod_confirm_above_piastres`, or a shopper's first, meaning no cash order of the same account or
 * phone was ever delivered. The question expires, and the order is cancelled, `cod_confirm_cancel_hours` after placing.
 */
import { sql } from 'drizzle-orm';
import type { Rows } from '../db/transaction';

/** Whether the shop's rule catches a cash order of `totalPiastres` by this account (or guest) and phone. */
export async function ruleCatches(rows: Rows, order: { userId: number | null; phone: string | null; totalPiastres: number }) {
  const [row] = await rows<{ asks: boolean }>(sql`
    SELECT CASE c.cod_confirm_rule
      WHEN 'all' THEN true
      WHEN 'above' THEN ${order.totalPiastres}::int > c.cod_confirm_above_piastres
      WHEN 'first' THEN NOT EXISTS (SELECT 1 FROM orders o
        WHERE o.payment_method = 'cod' AND o.status IN ('delivered', 'refunded')
          AND (o.customer_phone = ${order.phone}::text OR o.user_id = ${order.userId}::int))
      ELSE false END AS asks
    FROM site_config c WHERE c.id = 1`);
  return row?.asks ?? false;
}

/** The question's row for a new order, expiring after the shop's "cancel unanswered after" hours. */
export async function recordQuestion(rows: Rows, orderId: number) {
  await rows(sql`
    INSERT INTO order_confirmations (order_id, expires_at)
    SELECT ${orderId}, now() + make_interval(hours => c.cod_confirm_cancel_hours) FROM site_config c WHERE c.id = 1`);
}
