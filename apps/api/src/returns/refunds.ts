/**
 * Refunding a delivered order in part or in full: units (each restocked or not) and/or money. The database keeps it
 * exact: a unit is refunded once (`order_items.refunded_quantity` within the quantity, a conditional update), money
 * never beyond the order's total (`orders.refunded_piastres`, a conditional update and a CHECK), and every refund is a
 * row of the append-only `order_refunds` ledger. Points follow in proportion (docs/decisions/0010-returns-refunds.md):
 * the points earned are taken back in proportion to the money refunded, the points used given back in proportion to the
 * goods refunded. An online order's money goes back through its gateway once the refund is recorded; a cash order's is
 * given back by the shop, and the refund records how (at the counter, by the courier, or sent to a wallet, by InstaPay
 * or by bank transfer, with where it went).
 */
import { sql } from 'drizzle-orm';
import { isSentCashRefund, type CashRefundMethod, type Locale, type PaymentMethod } from '@attar/contract';
import { recordAudit } from '../audit/service';
import { ApiError, fieldError, notFound } from '../http/errors';
import { money, text } from '../i18n/catalogue';
import { inTransaction, type Rows } from '../db/transaction';
import { oneRow } from '../db/one-row';
import type * as tables from '../db/schema';
import type { TableRow } from '../db/table-row';
import type { AlertSettings } from '../messages/order-alerts';
import { queueOrderMessage } from '../messages/outbox';
import { OrderChanged, transitionIn } from '../orders/process';
import { refundAcross, type PaymentsContext } from '../payments/service';
import { declareStockChange } from '../stock/ledger';

export type RefundLine = { item: number; quantity: number; restock: boolean };
export type RefundInput = {
  reason: string;
  lines: RefundLine[];
  /** Without it, the units' share of what was paid. */
  amountPiastres?: number | undefined;
  /** The version of the order the staff member decided on (a direct refund); a return's refund is guarded by its status. */
  version?: number | undefined;
  returnId?: number | undefined;
  /** How a cash order's money goes back, and where a transfer sent it. */
  cashMethod?: CashRefundMethod | undefined;
  cashReference?: string | undefined;
};
export type RecordedRefund = { refundId: number; amountPiastres: number; orderNumber: string; paidOnline: boolean };

type OrderRow = Pick<
  TableRow<typeof tables.orders>,
  | 'status'
  | 'version'
  | 'user_id'
  | 'order_number'
  | 'payment_method'
  | 'subtotal_piastres'
  | 'discount_piastres'
  | 'points_discount_piastres'
  | 'total_piastres'
  | 'refunded_piastres'
  | 'points_earned'
  | 'points_used'
  | 'points_reversed'
  | 'points_returned'
>;

/** `part × whole / of`, rounded: cumulative shares computed this way never drift, whatever the refunds' sizes. */
const share = (whole: number, part: number, of: number) => (of > 0 ? Math.round((whole * part) / of) : 0);

/**
 * How a refund's money goes back: a cash order's as staff said (required once there is money to give back, with where
 * a transfer sent it); an online order's through its gateway, so naming a cash method for it is refused.
 */
function cashRefundOf(locale: Locale, paymentMethod: PaymentMethod, amount: number, input: RefundInput) {
  if (paymentMethod !== 'cod') {
    if (input.cashMethod) throw fieldError('cash_method', text(locale, 'refundCashOnline'));
    return { method: null, reference: null };
  }
  if (amount === 0) return { method: null, reference: null };
  if (!input.cashMethod) throw fieldError('cash_method', text(locale, 'refundCashMethod'));
  return { method: input.cashMethod, reference: isSentCashRefund(input.cashMethod) ? input.cashReference || null : null };
}

/** Puts units back on the shelf: a product's (its size's) stock, or an offer's and each of its products'. */
export async function restock(rows: Rows, staffId: number, orderItemId: number, quantity: number) {
  const [item] = await rows<Pick<TableRow<typeof tables.orders>, 'order_number'>>(sql`
    SELECT o.order_number FROM order_items oi JOIN orders o ON o.id = oi.order_id WHERE oi.id = ${orderItemId}`);
  await declareStockChange(rows, { reason: 'return', orderNumber: item?.order_number, staffId });
  await rows(sql`
    UPDATE product_variants v SET stock = v.stock + parts.quantity FROM (
      SELECT oi.variant_id, ${quantity}::int AS quantity FROM order_items oi WHERE oi.id = ${orderItemId} AND oi.variant_id IS NOT NULL
      UNION ALL
      SELECT x.variant_id, x.quantity * ${quantity}::int FROM order_items oi JOIN offer_items x ON x.offer_id = oi.offer_id
      WHERE oi.id = ${orderItemId}) parts
    WHERE v.id = parts.variant_id`);
  await rows(sql`
    UPDATE offers o SET stock = o.stock + ${quantity} FROM order_items oi WHERE oi.id = ${orderItemId} AND oi.offer_id = o.id`);
}

/** Moves points by `change` (a negative change only as far as the balance allows) and writes the ledger row. */
async function movePoints(rows: Rows, userId: number, orderNumber: string, change: number, reason: string) {
  if (change === 0) return;
  const [moved] = await rows<{ moved: number }>(sql`
    UPDATE users u SET points = u.points + GREATEST(${change}::int, -u.points)
    FROM (SELECT id, points AS before FROM users WHERE id = ${userId} FOR UPDATE) b
    WHERE u.id = b.id RETURNING u.points - b.before AS moved`);
  if (moved && moved.moved !== 0) {
    await rows(sql`INSERT INTO points_ledger (user_id, change, reason, order_number)
      VALUES (${userId}, ${moved.moved}, ${reason}, ${orderNumber})`);
  }
}

/**
 * Records one refund inside the caller's transaction, or refuses it (400, nothing changed): the order must be
 * delivered, each line named once and still refundable in that quantity, the money within what is left. Refunding
 * every unit, or all the money, makes the order `refunded`. The shopper's message about the refund is queued with it.
 */
export async function recordRefund(
  rows: Rows,
  settings: AlertSettings,
  locale: Locale,
  staffId: number,
  orderId: number,
  input: RefundInput,
): Promise<RecordedRefund> {
  const [order] = await rows<OrderRow>(sql`
    SELECT status, version, user_id, order_number, payment_method, subtotal_piastres, discount_piastres,
      points_discount_piastres, total_piastres, refunded_piastres, points_earned, points_used, points_reversed, points_returned
    FROM orders WHERE id = ${orderId} FOR UPDATE`);
  if (!order) throw notFound(text(locale, 'notFound'));
  if (input.version !== undefined && input.version !== order.version) throw new OrderChanged(locale);
  if (order.status !== 'delivered') throw new ApiError(400, 'not_refundable', text(locale, 'refundNotDelivered'));

  const seen = new Set<number>();
  let grossNow = 0;
  for (const [index, line] of input.lines.entries()) {
    if (seen.has(line.item)) throw fieldError(`lines.${index}.item`, text(locale, 'refundLineTwice'));
    seen.add(line.item);
    // A return's units leave `return_quantity` as they become refunded; a direct refund takes units no return holds.
    const fromReturn = input.returnId !== undefined;
    const [taken] = await rows<{ price: number }>(sql`
      UPDATE order_items SET refunded_quantity = refunded_quantity + ${line.quantity}
        ${fromReturn ? sql`, return_quantity = return_quantity - ${line.quantity}` : sql``}
      WHERE id = ${line.item} AND order_id = ${orderId}
        AND ${fromReturn ? sql`return_quantity >= ${line.quantity}` : sql`refunded_quantity + return_quantity + ${line.quantity} <= quantity`}
      RETURNING price_piastres AS price`);
    if (!taken) {
      const [item] = await rows<{ left: number }>(sql`
        SELECT quantity - refunded_quantity - return_quantity AS left FROM order_items WHERE id = ${line.item} AND order_id = ${orderId}`);
      throw fieldError(
        `lines.${index}.quantity`,
        item ? text(locale, 'refundUnitsLeft', { left: item.left }) : text(locale, 'refundItemUnknown'),
      );
    }
    grossNow += taken.price * line.quantity;
    if (line.restock) await restock(rows, staffId, line.item, line.quantity);
  }

  const goods = oneRow(
    await rows<{ gross: number; all_units: boolean }>(sql`
      SELECT coalesce(sum(refunded_quantity * price_piastres), 0)::int AS gross, bool_and(refunded_quantity = quantity) AS all_units
      FROM order_items WHERE order_id = ${orderId}`),
  );
  const grossAfter = goods.gross;
  const grossBefore = grossAfter - grossNow;
  // What the goods cost after the promotion and the points: the money a unit's refund gives back, before delivery.
  const paidForGoods = order.subtotal_piastres - order.discount_piastres - order.points_discount_piastres;
  const amount =
    input.amountPiastres ??
    share(paidForGoods, grossAfter, order.subtotal_piastres) - share(paidForGoods, grossBefore, order.subtotal_piastres);
  const left = order.total_piastres - order.refunded_piastres;
  if (amount > left) throw fieldError('amount', text(locale, 'refundAboveLeft', { left: money(locale, left) }));
  const cash = cashRefundOf(locale, order.payment_method, amount, input);
  const refundedAfter = order.refunded_piastres + amount;

  // Points were earned on what the goods cost (never the delivery fee): all of it back takes them all back.
  const reversedTarget =
    paidForGoods > 0
      ? Math.min(order.points_earned, share(order.points_earned, refundedAfter, paidForGoods))
      : goods.all_units
        ? order.points_earned
        : 0;
  const pointsReversed = reversedTarget - order.points_reversed;
  const pointsReturned = share(order.points_used, grossAfter, order.subtotal_piastres) - order.points_returned;
  const allBack = goods.all_units || (order.total_piastres > 0 && refundedAfter === order.total_piastres);

  await rows(sql`
    UPDATE orders SET refunded_piastres = ${refundedAfter}, points_reversed = points_reversed + ${pointsReversed},
      points_returned = points_returned + ${pointsReturned}, version = version + ${allBack ? 0 : 1}, updated_at = now()
    WHERE id = ${orderId}`);
  if (order.user_id !== null) {
    await movePoints(rows, order.user_id, order.order_number, -pointsReversed, 'reversed_on_refund');
    await movePoints(rows, order.user_id, order.order_number, pointsReturned, 'returned_on_refund');
  }
  const refund = oneRow(
    await rows<Pick<TableRow<typeof tables.orderRefunds>, 'id'>>(sql`
      INSERT INTO order_refunds (order_id, return_id, staff_id, amount_piastres, points_reversed, points_returned, reason,
        cash_method, cash_reference)
      VALUES (${orderId}, ${input.returnId ?? null}, ${staffId}, ${amount}, ${pointsReversed}, ${pointsReturned}, ${input.reason},
        ${cash.method}, ${cash.reference})
      RETURNING id`),
  );
  if (input.lines.length) {
    await rows(
      sql`INSERT INTO order_refund_lines (refund_id, order_item_id, quantity, restocked) VALUES ${sql.join(
        input.lines.map((line) => sql`(${refund.id}, ${line.item}, ${line.quantity}, ${line.restock})`),
        sql`, `,
      )}`,
    );
  }
  // The status change raises the version itself.
  if (allBack) await transitionIn(rows, settings, locale, orderId, 'refunded', { staffId });
  await queueOrderMessage(rows, settings, {
    orderId,
    event: 'refunded',
    refundId: refund.id,
    amountPiastres: amount,
    cashMethod: cash.method ?? undefined,
  });
  await recordAudit(rows, {
    staffId,
    action: 'order.refund',
    entity: 'order',
    entityId: orderId,
    before: { refunded_piastres: order.refunded_piastres, status: order.status },
    after: {
      refunded_piastres: refundedAfter,
      status: allBack ? 'refunded' : order.status,
      amount_piastres: amount,
      lines: input.lines,
      points_reversed: pointsReversed,
      points_returned: pointsReturned,
      reason: input.reason,
      ...(cash.method ? { cash_method: cash.method, cash_reference: cash.reference } : {}),
      ...(input.returnId !== undefined ? { return_id: input.returnId } : {}),
    },
  });
  return {
    refundId: refund.id,
    amountPiastres: amount,
    orderNumber: order.order_number,
    paidOnline: order.payment_method !== 'cod',
  };
}

/** An online order's refunded money goes back through the gateway that took it (after the refund is recorded). */
export async function payBack(ctx: PaymentsContext, orderId: number, refund: RecordedRefund) {
  if (!refund.paidOnline || refund.amountPiastres === 0) return;
  await refundAcross(ctx, orderId, refund.amountPiastres, `order_refund:${refund.refundId}`);
}

/** A staff member's refund of a delivered order (no return): recorded, then paid back. */
export async function refundOrderPart(ctx: PaymentsContext, staffId: number, locale: Locale, orderId: number, input: RefundInput) {
  const refund = await inTransaction(ctx.database, (rows) => recordRefund(rows, ctx.config, locale, staffId, orderId, input));
  await payBack(ctx, orderId, refund);
  return refund;
}
