/**
 * Returns: a shopper asks to send back a delivered order, or some of its units, within the returns window (site
 * config, 14 days by default); staff approve or reject, receive the parcel (each line restocked or not) and refund.
 * Each step is a conditional update on the return's status (two staff acting at once: one wins, the other is told the
 * step no longer applies); units a return holds are counted on the order line (`return_quantity`), so a unit is never
 * in two returns, nor returned once refunded. The shopper hears of every step.
 */
import { sql } from 'drizzle-orm';
import type { Locale, ReturnRequest, ReturnStatus, StaffReturnQuery, StaffReturnRow } from '@attar/contract';
import { recordAudit } from '../audit/service';
import type { Database } from '../db/client';
import { ApiError, fieldError, notFound } from '../http/errors';
import { text } from '../i18n/catalogue';
import { returnJson } from '../orders/order-json';
import { inTransaction, type Rows } from '../db/transaction';
import { oneRow } from '../db/one-row';
import type * as tables from '../db/schema';
import type { TableRow } from '../db/table-row';
import { queueOrderMessage } from '../messages/outbox';
import type { PaymentsContext } from '../payments/service';
import { payBack, recordRefund, restock, type RefundInput } from './refunds';

export type ReturnsContext = PaymentsContext;

/** Postgres's unique_violation on the one-open-return-per-order key. */
const openReturnTaken = (error: unknown) => {
  const e = error as { code?: string; constraint?: string; cause?: { code?: string; constraint?: string } };
  const pg = e?.code === '23505' ? e : e?.cause;
  return pg?.code === '23505' && pg.constraint === 'order_returns_one_open';
};

/** A signed-in shopper's request to return units of their delivered order. */
export async function requestReturn(ctx: ReturnsContext, userId: number, locale: Locale, orderId: number, input: ReturnRequest) {
  await inTransaction(ctx.database, async (rows) => {
    const [order] = await rows<Pick<TableRow<typeof tables.orders>, 'status'> & { open: boolean; days: number }>(sql`
        SELECT o.status, (SELECT returns_window_days FROM site_config WHERE id = 1) AS days,
          o.delivered_at + (SELECT returns_window_days FROM site_config WHERE id = 1) * interval '1 day' > now() AS open
        FROM orders o WHERE o.id = ${orderId} AND o.user_id = ${userId} FOR UPDATE`);
    if (!order) throw notFound(text(locale, 'notFound'));
    if (order.status !== 'delivered') throw new ApiError(400, 'not_returnable', text(locale, 'returnNotDelivered'));
    if (!order.open) throw new ApiError(400, 'return_window_closed', text(locale, 'returnWindowClosed', { days: order.days }));
    const lines =
      input.lines ??
      (await rows<{ item: number; quantity: number }>(sql`
          SELECT id AS item, quantity - refunded_quantity - return_quantity AS quantity FROM order_items
          WHERE order_id = ${orderId} AND quantity > refunded_quantity + return_quantity ORDER BY id`));
    if (!lines.length) throw new ApiError(400, 'nothing_to_return', text(locale, 'returnNothingLeft'));
    const created = oneRow(
      await rows<Pick<TableRow<typeof tables.orderReturns>, 'id'>>(sql`
        INSERT INTO order_returns (order_id, reason) VALUES (${orderId}, ${input.reason}) RETURNING id`),
    );
    const seen = new Set<number>();
    for (const [index, line] of lines.entries()) {
      if (seen.has(line.item)) throw fieldError(`lines.${index}.item`, text(locale, 'refundLineTwice'));
      seen.add(line.item);
      const [held] = await rows(sql`
          UPDATE order_items SET return_quantity = return_quantity + ${line.quantity}
          WHERE id = ${line.item} AND order_id = ${orderId} AND refunded_quantity + return_quantity + ${line.quantity} <= quantity
          RETURNING id`);
      if (!held) {
        const [item] = await rows<{ left: number }>(sql`
            SELECT quantity - refunded_quantity - return_quantity AS left FROM order_items WHERE id = ${line.item} AND order_id = ${orderId}`);
        throw fieldError(
          `lines.${index}.quantity`,
          item ? text(locale, 'returnUnitsLeft', { left: item.left }) : text(locale, 'refundItemUnknown'),
        );
      }
    }
    await rows(
      sql`INSERT INTO order_return_lines (return_id, order_item_id, quantity) VALUES ${sql.join(
        lines.map((line) => sql`(${created.id}, ${line.item}, ${line.quantity})`),
        sql`, `,
      )}`,
    );
    await queueOrderMessage(rows, ctx.config, { orderId, event: 'return_requested', returnId: created.id });
  }).catch((error: unknown) => {
    if (openReturnTaken(error)) throw new ApiError(400, 'return_under_way', text(locale, 'returnUnderWay'));
    throw error;
  });
}

const STEP_TO: Record<'approve' | 'reject' | 'receive' | 'refund', ReturnStatus> = {
  approve: 'approved',
  reject: 'rejected',
  receive: 'received',
  refund: 'refunded',
};
const STEP_FROM: Record<keyof typeof STEP_TO, readonly ReturnStatus[]> = {
  approve: ['requested'],
  reject: ['requested', 'approved'],
  receive: ['approved'],
  refund: ['received'],
};
const STEP_TIME = { approve: 'decided_at', reject: 'decided_at', receive: 'received_at', refund: 'refunded_at' } as const;

type Moved = { order_id: number };

/** Moves a return one step, or refuses (400 naming both statuses) when it is no longer where the step starts. */
async function moveReturn(
  rows: Rows,
  locale: Locale,
  staffId: number,
  returnId: number,
  step: keyof typeof STEP_TO,
  message?: string | undefined,
): Promise<Moved> {
  const [moved] = await rows<Moved & { from: ReturnStatus }>(sql`
    UPDATE order_returns r SET status = ${STEP_TO[step]}, ${sql.raw(STEP_TIME[step])} = now()
      ${message !== undefined ? sql`, staff_message = ${message}` : sql``}
    FROM (SELECT id, status AS from FROM order_returns WHERE id = ${returnId} FOR UPDATE) prev
    WHERE r.id = prev.id AND r.status = ANY(${sql.param(STEP_FROM[step])}::text[])
    RETURNING r.order_id, prev.from`);
  if (!moved) {
    const [now] = await rows<Pick<TableRow<typeof tables.orderReturns>, 'status'>>(
      sql`SELECT status FROM order_returns WHERE id = ${returnId}`,
    );
    if (!now) throw notFound(text(locale, 'notFound'));
    throw new ApiError(
      400,
      'invalid_transition',
      text(locale, 'returnInvalidStep', { from: text(locale, `return_${now.status}`), to: text(locale, `return_${STEP_TO[step]}`) }),
    );
  }
  await recordAudit(rows, {
    staffId,
    action: `return.${step}`,
    entity: 'order',
    entityId: moved.order_id,
    before: { return_id: returnId, status: moved.from },
    after: { return_id: returnId, status: STEP_TO[step], ...(message !== undefined ? { message } : {}) },
  });
  return moved;
}

/** Approve (with an optional word to the shopper) or reject (saying why: the units become returnable again). */
export async function decideReturn(
  ctx: ReturnsContext,
  staffId: number,
  locale: Locale,
  returnId: number,
  decision: { approve: true; message?: string | undefined } | { approve: false; message: string },
) {
  const moved = await inTransaction(ctx.database, async (rows) => {
    const step = decision.approve ? 'approve' : 'reject';
    const result = await moveReturn(rows, locale, staffId, returnId, step, decision.message);
    if (!decision.approve) {
      await rows(sql`
        UPDATE order_items oi SET return_quantity = oi.return_quantity - rl.quantity
        FROM order_return_lines rl WHERE rl.return_id = ${returnId} AND oi.id = rl.order_item_id`);
    }
    await queueOrderMessage(rows, ctx.config, {
      orderId: result.order_id,
      event: decision.approve ? 'return_approved' : 'return_rejected',
      returnId,
      message: decision.message,
    });
    return result;
  });
  return moved.order_id;
}

/** The parcel arrived: each line of the return restocked or not (every line named, once). */
export async function receiveReturn(
  ctx: ReturnsContext,
  staffId: number,
  locale: Locale,
  returnId: number,
  lines: { item: number; restock: boolean }[],
) {
  const moved = await inTransaction(ctx.database, async (rows) => {
    const result = await moveReturn(rows, locale, staffId, returnId, 'receive');
    const held = await rows<{ item: number; quantity: number }>(sql`
      SELECT order_item_id AS item, quantity FROM order_return_lines WHERE return_id = ${returnId}`);
    const named = new Map(lines.map((line) => [line.item, line.restock]));
    if (named.size !== lines.length || named.size !== held.length || held.some((line) => !named.has(line.item)))
      throw fieldError('lines', text(locale, 'returnReceiptLines'));
    for (const line of held) {
      const restocked = named.get(line.item) === true;
      await rows(
        sql`UPDATE order_return_lines SET restocked = ${restocked} WHERE return_id = ${returnId} AND order_item_id = ${line.item}`,
      );
      if (restocked) await restock(rows, staffId, line.item, line.quantity);
    }
    await queueOrderMessage(rows, ctx.config, { orderId: result.order_id, event: 'return_received', returnId });
    return result;
  });
  return moved.order_id;
}

/** Refunds a received return: its units (already restocked or not at receipt) and their share of what was paid. */
export async function refundReturn(
  ctx: ReturnsContext,
  staffId: number,
  locale: Locale,
  returnId: number,
  given: Pick<RefundInput, 'amountPiastres' | 'cashMethod' | 'cashReference'>,
) {
  const { moved, refund } = await inTransaction(ctx.database, async (rows) => {
    const moved = await moveReturn(rows, locale, staffId, returnId, 'refund');
    const ret = oneRow(
      await rows<Pick<TableRow<typeof tables.orderReturns>, 'reason'> & { lines: { item: number; quantity: number }[] }>(sql`
        SELECT r.reason, (SELECT json_agg(json_build_object('item', order_item_id, 'quantity', quantity)) FROM order_return_lines
          WHERE return_id = r.id) AS lines FROM order_returns r WHERE r.id = ${returnId}`),
    );
    const refund = await recordRefund(rows, ctx.config, locale, staffId, moved.order_id, {
      reason: ret.reason,
      lines: ret.lines.map((line) => ({ ...line, restock: false })),
      ...given,
      returnId,
    });
    return { moved, refund };
  });
  await payBack(ctx, moved.order_id, refund);
  return moved.order_id;
}

/** The returns queue, oldest first within a status (what waits longest comes first). */
export async function returnsPage(database: Database, query: StaffReturnQuery) {
  const where = query.status ? sql`ret.status = ${query.status}` : sql`true`;
  const row = oneRow(
    await database.rows<{ count: number; results: StaffReturnRow[] }>(sql`
    SELECT (SELECT count(*)::int FROM order_returns ret WHERE ${where}) AS count,
      coalesce((SELECT json_agg((${returnJson})::jsonb || jsonb_build_object('order', json_build_object('id', o.id,
          'order_number', o.order_number, 'customer_name', o.address->>'name', 'customer_phone', o.address->>'phone')) ORDER BY ret.created_at, ret.id)
        FROM (SELECT * FROM order_returns ret WHERE ${where} ORDER BY ret.created_at, ret.id
          LIMIT ${query.page_size} OFFSET ${(query.page - 1) * query.page_size}) ret JOIN orders o ON o.id = ret.order_id), '[]') AS results`),
  );
  return row;
}
