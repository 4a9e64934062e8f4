/**
 * The order's process: where an order may go, and what each step does besides moving it. Start reading here.
 *
 * | step | status | where | what else happens, in the same transaction |
 * | --- | --- | --- | --- |
 * | place | → placed (cash), → awaiting_shopper (cash the shop's rule catches), → pending_payment (online) | `placeOrder` (orders/service.ts) | stock taken, promotion use and points spent recorded, cart emptied, payment row, the shopper's question, phone order audited, messages and the new-order alert queued |
 * | answer (shopper, staff) | awaiting_shopper → placed or cancelled | `answerConfirmation` (confirmations/service.ts) | the answer recorded once, staff's audited; as pay or cancel |
 * | unanswered | awaiting_shopper → cancelled | `sweepConfirmations` (confirmations/service.ts, every 5 minutes) | flagged first; as cancel |
 * | pay | pending_payment → placed | `settlePayment` (payments/service.ts) | the payment settled, messages and the alert queued |
 * | expire | pending_payment → cancelled | `expireUnpaidOrders` (payments/service.ts, hourly) | as cancel |
 * | confirm, pack, ship, deliver, cancel | placed → … → delivered | `actOnOrder` (orders/staff-service.ts) | courier and tracking or cash collected recorded, audited; then as below |
 * | edit | (placed, confirmed, packed: the order stays) | `editOrder` (orders/order-edits.ts) | stock by the difference, the promotion asked again, points, totals, audited, the new total told; then a paid order's lower total refunded |
 * | cancel (shopper) | pending_payment, placed → cancelled | `moveOrder` (payments/service.ts) | as below |
 * | hand over, courier events | confirmed, packed → shipped → delivered, or → cancelled (returned to the shop) | `handOver`, `applyCourierEvent` (couriers/service.ts) | the tracking number, the cash collected, the shopper asked to reschedule a failed attempt; then as below |
 * | refund | delivered → refunded (in full) | `recordRefund` (returns/refunds.ts) | units restocked, points reversed, the refund's messages queued |
 * | return | (the order stays delivered) | `requestReturn`, `decideReturn`, `receiveReturn`, `refundReturn` (returns/service.ts) | each step's messages queued |
 *
 * Every status change goes through {@link transitionIn}: a conditional update (once, whoever asks twice; optimistic on
 * the order's version), its history row, the effects of entering the new status ({@link ON_ENTER}), and the messages
 * the shopper is told of it (messages/outbox.ts decides which statuses are told). A card payment's refund at the
 * gateway cannot be part of a database transaction: `moveOrder` and `actOnOrder` start it once the cancellation has
 * committed (payments/service.ts `refundOrder`), and the refund row records its outcome.
 */
import { sql } from 'drizzle-orm';
import type { Locale, OrderStatus } from '@attar/contract';
import type { Database } from '../db/client';
import { inTransaction, type Rows } from '../db/transaction';
import { ApiError, notFound } from '../http/errors';
import { statusName, text } from '../i18n/catalogue';
import type { AlertSettings } from '../messages/order-alerts';
import { queueOrderMessage } from '../messages/outbox';
import { declareStockChange } from '../stock/ledger';
import type * as tables from '../db/schema';
import type { TableRow } from '../db/table-row';

/** The state machine of docs/orders.md: where each status may go next. */
export const TRANSITIONS: Record<OrderStatus, readonly OrderStatus[]> = {
  pending_payment: ['placed', 'cancelled'],
  awaiting_shopper: ['placed', 'cancelled'],
  placed: ['confirmed', 'cancelled'],
  confirmed: ['packed', 'cancelled'],
  packed: ['shipped', 'cancelled'],
  // A parcel the courier brings back undelivered (couriers/service.ts) is cancelled: stock, points and promotion back.
  shipped: ['delivered', 'cancelled'],
  delivered: ['refunded'],
  cancelled: [],
  refunded: [],
};

/** 409: the order changed since the caller read it (optimistic concurrency on `orders.version`). */
export class OrderChanged extends ApiError {
  constructor(locale: Locale) {
    super(409, 'order_changed', text(locale, 'orderChanged'));
  }
}

export type TransitionOptions = {
  /** Only from these statuses (the shopper may cancel only before confirmation). */
  from?: readonly OrderStatus[] | undefined;
  /** The staff member who asks; null for the shopper or the shop itself. */
  staffId?: number | null;
  /** The version the caller decided on: another one is a 409 {@link OrderChanged}. */
  version?: number | undefined;
};

/** The order as a transition moved it. */
type Moved = {
  id: number;
  user_id: number | null;
  order_number: string;
  from_status: OrderStatus;
  points_used: number;
  points_earned: number;
};

/** Cancelling gives back the stock (sizes, and offers' own), the promotion use and the points spent. */
async function giveBack(rows: Rows, order: Moved, staffId: number | null) {
  await declareStockChange(rows, { reason: 'cancellation', orderNumber: order.order_number, staffId });
  await rows(sql`
    UPDATE product_variants v SET stock = v.stock + d.quantity FROM (
      SELECT variant_id, sum(quantity)::int AS quantity FROM (
        SELECT oi.variant_id, oi.quantity FROM order_items oi WHERE oi.order_id = ${order.id} AND oi.variant_id IS NOT NULL
        UNION ALL
        SELECT x.variant_id, x.quantity * oi.quantity FROM order_items oi JOIN offer_items x ON x.offer_id = oi.offer_id
        WHERE oi.order_id = ${order.id}) parts GROUP BY variant_id) d
    WHERE v.id = d.variant_id`);
  await rows(sql`
    UPDATE offers o SET stock = o.stock + oi.quantity FROM order_items oi WHERE oi.order_id = ${order.id} AND oi.offer_id = o.id`);
  await rows(sql`DELETE FROM promotion_uses WHERE order_id = ${order.id}`);
  if (order.user_id !== null && order.points_used > 0) {
    await rows(sql`UPDATE users SET points = points + ${order.points_used} WHERE id = ${order.user_id}`);
    await rows(sql`INSERT INTO points_ledger (user_id, change, reason, order_number)
      VALUES (${order.user_id}, ${order.points_used}, 'refunded_on_cancel', ${order.order_number})`);
  }
}

/** Delivery credits the points the order earned (refunds, in returns/refunds.ts, settle points themselves). */
async function creditEarnedPoints(rows: Rows, order: Moved) {
  if (order.user_id === null || order.points_earned <= 0) return;
  await rows(sql`UPDATE users SET points = points + ${order.points_earned} WHERE id = ${order.user_id}`);
  await rows(sql`INSERT INTO points_ledger (user_id, change, reason, order_number)
    VALUES (${order.user_id}, ${order.points_earned}, 'earned', ${order.order_number})`);
}

/** What entering a status does to stock and points, beyond the status itself. */
const ON_ENTER: Partial<Record<OrderStatus, (rows: Rows, order: Moved, staffId: number | null) => Promise<void>>> = {
  cancelled: giveBack,
  delivered: creditEarnedPoints,
};

/** Moves an order along the state machine in its own transaction (see {@link transitionIn}). */
export async function transition(
  database: Database,
  settings: AlertSettings,
  locale: Locale,
  orderId: number,
  to: OrderStatus,
  options: TransitionOptions = {},
) {
  return inTransaction(database, (rows) => transitionIn(rows, settings, locale, orderId, to, options));
}

/**
 * Moves an order along the state machine inside the caller's transaction: 404 for no such order, 409
 * {@link OrderChanged} for another version, 400 `invalid_transition` where {@link TRANSITIONS} (or `from`) does not
 * allow it, nothing changed. The conditional update makes a transition happen once, whoever asks twice, and raises
 * the order's version; then its history row, {@link ON_ENTER}'s effects and the messages, all in the same transaction.
 */
export async function transitionIn(
  rows: Rows,
  settings: AlertSettings,
  locale: Locale,
  orderId: number,
  to: OrderStatus,
  options: TransitionOptions = {},
) {
  const { from, staffId = null, version } = options;
  const allowedFrom = (Object.keys(TRANSITIONS) as OrderStatus[]).filter((s) => TRANSITIONS[s].includes(to) && (!from || from.includes(s)));
  const [order] = await rows<Moved>(sql`
      UPDATE orders o SET status = ${to}, version = o.version + 1, updated_at = now()
        ${to === 'delivered' ? sql`, delivered_at = now()` : sql``}
      FROM (SELECT id, status AS from_status FROM orders WHERE id = ${orderId} FOR UPDATE) prev
      WHERE o.id = prev.id AND o.status = ANY(${sql.param(allowedFrom)}::text[])
        AND (${version ?? null}::int IS NULL OR o.version = ${version ?? null}::int)
      RETURNING o.id, o.user_id, o.order_number, prev.from_status, o.points_used, o.points_earned`);
  if (!order) {
    const [exists] = await rows<Pick<TableRow<typeof tables.orders>, 'status' | 'version'>>(
      sql`SELECT status, version FROM orders WHERE id = ${orderId}`,
    );
    if (!exists) throw notFound();
    if (version !== undefined && exists.version !== version) throw new OrderChanged(locale);
    throw new ApiError(
      400,
      'invalid_transition',
      text(locale, 'invalidTransition', { from: statusName(locale, exists.status), to: statusName(locale, to) }),
    );
  }
  await rows(sql`INSERT INTO order_status_history (order_id, from_status, to_status, staff_id)
      VALUES (${orderId}, ${order.from_status}, ${to}, ${staffId})`);
  // Staff moved a cash order past its shopper's question (cancelled it): the question is closed, by them. An answer
  // given through `answerConfirmation` has closed it already, and this changes nothing.
  if (order.from_status === 'awaiting_shopper' && staffId !== null) {
    await rows(sql`UPDATE order_confirmations SET answer = ${to === 'placed' ? 'confirmed' : 'cancelled'}, answered_via = 'staff',
        answered_at = now(), staff_id = ${staffId}
      WHERE order_id = ${orderId} AND answer IS NULL`);
  }
  await ON_ENTER[to]?.(rows, order, staffId);
  await queueOrderMessage(rows, settings, { orderId, status: to });
  return order;
}
