/**
 * Running orders from the back office: the board (paging, sorting, filters, search, counts per status), the order
 * page, and the actions of the state machine. Every action names the order's version it was decided on, runs in one
 * transaction with its audit entry, and is refused with 409 and the order as it is now when someone acted first.
 */
import { sql, type SQL } from 'drizzle-orm';
import { STAFF_ORDER_ACTIONS, UNDO_SECONDS } from '@attar/contract/rules';
import { courierDeliveryJson } from '../couriers/order-courier';
import {
  asciiDigits,
  ORDER_STATUSES,
  type Locale,
  type OrderStatus,
  type StaffBulkAction,
  type StaffOrder,
  type StaffOrderBoard,
  type StaffOrderQuery,
  type StaffOrderRow,
  type StaffPhoneOrderRequest,
  type StaffRole,
  staffMay,
} from '@attar/contract';
import { auditEntryJson, cairoDay, recordAudit } from '../audit/service';
import type { CodeContext } from '../codes/service';
import type { Config } from '../config';
import type { Database } from '../db/client';
import { ApiError, fieldError } from '../http/errors';
import { text } from '../i18n/catalogue';
import { refundOrder } from '../payments/service';
import type { FastifyBaseLogger } from 'fastify';
import { orderJson } from './order-json';
import { inTransaction } from '../db/transaction';
import { OrderChanged, transitionIn } from './process';
import { toldOf, undoableAction, undoJson } from './undo';
import { statusMessageKey } from '../messages/outbox';
import { statusNotificationKey } from '../notifications/service';
import { taggedWith, tagsJson } from '../tags/service';
import { placeOrder } from './service';
import { latestPaymentSql, linkStateSql } from '../payment-links/service';
import { balanceDueSql, balanceOwed } from '../payments/balance';
import type * as tables from '../db/schema';
import type { TableRow } from '../db/table-row';
import { oneRow, rowOrNotFound } from '../db/one-row';
import { rowsPlannedForValues } from '../db/planned-rows';

export type StaffOrdersContext = { database: Database; config: Config; mediaBase: string; log: FastifyBaseLogger };

const money = (column: SQL) => sql`trim_scale(${column}::numeric / 100)`;

/** Paid: a card payment went through (even if refunded since) or the cash was collected; set by the database. */
const paidExpression = sql`(ord.paid_at IS NOT NULL)`;

/** What the board searches: the same expression as the trigram index `orders_search_trgm` (migration 0011). */
const searchedText = sql`(ord.order_number || ' ' || coalesce(ord.customer_phone, '') || ' ' || coalesce(ord.address->>'phone', '')
  || ' ' || lower(coalesce(ord.address->>'name', '')) || ' ' || lower(coalesce(ord.guest_email, '')))`;

export const escapeLike = (value: string) => value.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * A search term as the orders keep it: Arabic-Indic digits read as ASCII, and a phone typed the Egyptian way
 * (010…, +20 10…, 0020…) reduced to the digits every stored form (+2010…) contains.
 */
export function searchTerm(input: string): string {
  const term = asciiDigits(input.trim().toLowerCase());
  if (!/^[+\d][\d\s-]*$/.test(term)) return term;
  const digits = term.replace(/\D/g, '');
  return digits.replace(/^(00)?20(?=1\d{9}$)/, '').replace(/^0(?=1\d{9}$)/, '');
}

/** What the board filters and sorts orders by: a search keeps these of the orders it finds. */
const filteredColumns = sql`ord.id, ord.status, ord.created_at, ord.total_piastres, ord.region_id, ord.payment_method,
  ord.paid_at, ord.promo_code, ord.user_id`;

/**
 * The orders a search finds, as the statement's `found`, which the board's filters and sorts read as they read
 * `orders`: two searches joined, each on its trigram index (an OR across the two tables would read every order), run
 * once for both the counts and the page, and keeping what they need so that neither reads the found orders again.
 */
function searchFound(input: string) {
  const like = `%${escapeLike(searchTerm(input))}%`;
  return sql`found AS MATERIALIZED (SELECT ${filteredColumns} FROM orders ord WHERE ${searchedText} ILIKE ${like}
    UNION SELECT ${filteredColumns} FROM orders ord JOIN users u ON u.id = ord.user_id WHERE u.email ILIKE ${like})`;
}

const SORTS: Record<StaffOrderQuery['sort'], SQL> = {
  '-created_at': sql`ord.created_at DESC, ord.id DESC`,
  created_at: sql`ord.created_at ASC, ord.id ASC`,
  '-total': sql`ord.total_piastres DESC, ord.id DESC`,
  total: sql`ord.total_piastres ASC, ord.id ASC`,
};

function rowJson(locale: Locale) {
  const l = sql.raw(locale);
  return sql`json_build_object('id', ord.id, 'order_number', ord.order_number, 'status', ord.status, 'version', ord.version,
    'created_at', ord.created_at, 'customer_name', ord.address->>'name', 'customer_phone', ord.address->>'phone',
    'region', json_build_object('id', r.id, 'name', r.name_${l}), 'payment_method', ord.payment_method, 'paid', ${paidExpression},
    'total', ${money(sql`ord.total_piastres`)}, 'promo_code', ord.promo_code,
    'items', (SELECT coalesce(sum(oi.quantity), 0)::int FROM order_items oi WHERE oi.order_id = ord.id),
    'unanswered', ord.status = 'awaiting_shopper' AND EXISTS (SELECT 1 FROM order_confirmations q
      WHERE q.order_id = ord.id AND q.flagged_at IS NOT NULL AND q.answer IS NULL),
    'tags', ${tagsJson('order', sql`ord.id`)})`;
}

/** One page of the board, the counts per status under the same filters, and how many orders wait for confirmation. */
export async function orderBoard(database: Database, locale: Locale, query: StaffOrderQuery): Promise<StaffOrderBoard & { page: number }> {
  const filters: SQL[] = [];
  if (query.from) filters.push(sql`ord.created_at >= ${cairoDay(query.from)}`);
  if (query.to) filters.push(sql`ord.created_at < ${cairoDay(query.to)} + interval '1 day'`);
  if (query.region !== undefined) filters.push(sql`ord.region_id = ${query.region}`);
  if (query.payment_method) filters.push(sql`ord.payment_method = ${query.payment_method}`);
  if (query.paid) filters.push(query.paid === 'yes' ? paidExpression : sql`NOT ${paidExpression}`);
  if (query.promo_code) filters.push(sql`upper(ord.promo_code) = upper(${query.promo_code})`);
  if (query.tag) filters.push(taggedWith('order', sql`ord.id`, query.tag));
  if (query.customer_tag) filters.push(taggedWith('customer', sql`ord.user_id`, query.customer_tag));
  const where = filters.length ? sql.join(filters, sql` AND `) : sql`true`;
  const searched = query.q ? sql`found` : sql`orders`;
  // Unfiltered, the counts are the ones the database keeps (decision 0063) rather than a count of every order.
  const counted =
    query.q || filters.length
      ? sql`SELECT ord.status, count(*)::int AS n FROM ${searched} ord WHERE ${where} GROUP BY ord.status`
      : sql`SELECT status, sum(orders)::int AS n FROM order_status_counts GROUP BY status`;
  const statuses = query.status?.length ? query.status : null;
  const statusFilter = statuses ? sql`ord.status = ANY(${sql.param(statuses)}::text[])` : sql`true`;
  const orderBy = SORTS[query.sort];
  const pageSql = sql`ORDER BY ${orderBy} LIMIT ${query.page_size} OFFSET ${(query.page - 1) * query.page_size}`;
  // A search's page is chosen among the orders found, and only its own orders are read in full.
  const page = query.q
    ? sql`SELECT * FROM orders ord WHERE ord.id IN (SELECT ord.id FROM found ord WHERE ${where} AND ${statusFilter} ${pageSql})`
    : sql`SELECT * FROM orders ord WHERE ${where} AND ${statusFilter} ${pageSql}`;
  const row = oneRow(
    await rowsPlannedForValues<{ counts: Record<string, number> | null; waiting: number; results: StaffOrderRow[] }>(
      database,
      sql`
    ${query.q ? sql`WITH ${searchFound(query.q)}` : sql``}
    SELECT
      (SELECT json_object_agg(status, n) FROM (${counted}) c) AS counts,
      (SELECT count(*)::int FROM orders WHERE status = 'placed') AS waiting,
      coalesce((SELECT json_agg(${rowJson(locale)} ORDER BY ${orderBy}) FROM (${page}) ord
        JOIN regions r ON r.id = ord.region_id), '[]') AS results`,
    ),
  );
  const counts = Object.fromEntries(ORDER_STATUSES.map((s) => [s, row.counts?.[s] ?? 0])) as Record<OrderStatus, number>;
  const count = (statuses ?? [...ORDER_STATUSES]).reduce((sum: number, status: OrderStatus) => sum + counts[status], 0);
  return { count, next: null, previous: null, results: row.results, counts, waiting: row.waiting, page: query.page };
}

/** SQL building the contract's StaffOrder for row `ord`. */
function staffOrderJson(locale: Locale, mediaBase: string) {
  const staffRef = sql`CASE WHEN sm.id IS NULL THEN NULL ELSE json_build_object('id', sm.id, 'name', sm.name, 'email', sm.email) END`;
  return sql`(${orderJson(locale, mediaBase, null)})::jsonb || jsonb_build_object(
    'version', ord.version,
    'channel', ord.channel,
    'placed_by', (SELECT ${staffRef} FROM staff_members sm WHERE sm.id = ord.placed_by_staff_id),
    'customer', json_build_object('user_id', ord.user_id, 'name', coalesce(u.name, ord.guest_name, ord.address->>'name'),
      'phone', coalesce(ord.customer_phone, u.phone, ord.guest_phone, ord.address->>'phone'), 'email', coalesce(u.email, ord.guest_email),
      'kind', CASE WHEN ord.user_id IS NULL THEN 'guest' ELSE 'account' END),
    'courier_delivery', ${courierDeliveryJson},
    'cash_collected', CASE WHEN ord.cash_collected_piastres IS NULL THEN NULL ELSE ${money(sql`ord.cash_collected_piastres`)} END,
    'status_reason', ord.status_reason,
    'delivery_fee_reason', ord.delivery_fee_reason,
    'payment_link', (SELECT json_build_object('phone', l.phone, 'first_sent_at', l.first_sent_at, 'last_sent_at', l.last_sent_at,
        'sends', l.sends, 'expires_at', l.expires_at, 'state', ${linkStateSql}, 'balance', pay.purpose = 'balance')
      FROM payment_links l JOIN orders o ON o.id = l.order_id ${latestPaymentSql} WHERE l.order_id = ord.id),
    'confirmation', (SELECT json_build_object('asked_at', q.asked_at, 'expires_at', q.expires_at, 'flagged_at', q.flagged_at,
        'answer', q.answer, 'answered_via', q.answered_via, 'answered_at', q.answered_at,
        'answered_by', (SELECT ${staffRef} FROM staff_members sm WHERE sm.id = q.staff_id), 'sends', q.sends,
        'last_sent_at', q.last_sent_at)
      FROM order_confirmations q WHERE q.order_id = ord.id),
    'payments', (SELECT coalesce(json_agg(json_build_object('id', pay.id, 'provider', pay.provider, 'purpose', pay.purpose, 'status', pay.status,
        'amount', ${money(sql`pay.amount_piastres`)}, 'refunded', ${money(sql`pay.refunded_piastres`)}, 'transaction_id', pay.transaction_id,
        'refunds', (SELECT coalesce(json_agg(json_build_object('id', rf.id, 'amount', ${money(sql`rf.amount_piastres`)}, 'status', rf.status,
            'reason', rf.reason, 'at', rf.created_at) ORDER BY rf.id), '[]') FROM refunds rf WHERE rf.payment_id = pay.id)
      ) ORDER BY pay.id), '[]') FROM payments pay WHERE pay.order_id = ord.id),
    'timeline', (SELECT coalesce(json_agg(json_build_object('at', h.created_at, 'from', h.from_status, 'to', h.to_status, 'staff', ${staffRef})
      ORDER BY h.id), '[]') FROM order_status_history h LEFT JOIN staff_members sm ON sm.id = h.staff_id WHERE h.order_id = ord.id),
    'staff_notes', (SELECT coalesce(json_agg(json_build_object('id', n.id, 'at', n.created_at, 'body', n.body, 'staff', ${staffRef})
      ORDER BY n.id), '[]') FROM order_notes n LEFT JOIN staff_members sm ON sm.id = n.staff_id WHERE n.order_id = ord.id),
    'audit', (SELECT coalesce(json_agg(${auditEntryJson} ORDER BY a.id), '[]') FROM audit_log a
      LEFT JOIN staff_members sm ON sm.id = a.staff_id WHERE a.entity = 'order' AND a.entity_id = ord.id::text),
    'undo', ${undoJson},
    'tags', ${tagsJson('order', sql`ord.id`)},
    'customer_tags', ${tagsJson('customer', sql`ord.user_id`)}
  )`;
}

export async function staffOrder(ctx: Pick<StaffOrdersContext, 'database' | 'mediaBase'>, locale: Locale, orderId: number) {
  const row = rowOrNotFound(
    await ctx.database.rows<{ order: StaffOrder }>(sql`
    SELECT ${staffOrderJson(locale, ctx.mediaBase)} AS order FROM orders ord LEFT JOIN users u ON u.id = ord.user_id WHERE ord.id = ${orderId}`),
    text(locale, 'notFound'),
  );
  return row.order;
}

export type StaffOrderAction =
  | { action: 'confirm' | 'pack'; version: number }
  | { action: 'ship'; version: number; courier: string; tracking_number: string }
  | { action: 'deliver'; version: number; cash_collected?: number | undefined }
  | { action: 'cancel'; version: number; reason: string };

/** 409 with the order as it is now, for the caller to show instead of what they acted on. */
export async function orderChanged(ctx: Pick<StaffOrdersContext, 'database' | 'mediaBase'>, locale: Locale, orderId: number) {
  return new ApiError(409, 'order_changed', text(locale, 'orderChanged'), { order: await staffOrder(ctx, locale, orderId) });
}

/**
 * One action of the state machine by a staff member: the transition (stock, points and promotion use follow it), the
 * courier or the cash or the reason it records, its audit entry and the shopper's message (transitionIn), in one
 * transaction; then a card refund when a paid order is cancelled.
 */
export async function actOnOrder(ctx: StaffOrdersContext, staffId: number, locale: Locale, orderId: number, input: StaffOrderAction) {
  const { to } = STAFF_ORDER_ACTIONS[input.action];
  try {
    await inTransaction(ctx.database, async (rows) => {
      const before = rowOrNotFound(
        await rows<
          Pick<
            TableRow<typeof tables.orders>,
            | 'status'
            | 'version'
            | 'payment_method'
            | 'locale'
            | 'courier_name'
            | 'tracking_number'
            | 'cash_collected_piastres'
            | 'status_reason'
          > & { balance_due: number }
        >(sql`
        SELECT status, version, payment_method, locale, courier_name, tracking_number, cash_collected_piastres, status_reason,
          ${balanceDueSql(sql`orders`)} AS balance_due
        FROM orders WHERE id = ${orderId} FOR UPDATE`),
        text(locale, 'notFound'),
      );
      if (before.version !== input.version) throw new OrderChanged(locale);
      let recorded: SQL | null = null;
      let after: Record<string, unknown> = { status: to };
      if (input.action === 'ship') {
        if (before.balance_due > 0) throw balanceOwed(locale, before.balance_due);
        recorded = sql`courier_name = ${input.courier}, tracking_number = ${input.tracking_number}`;
        after = { ...after, courier_name: input.courier, tracking_number: input.tracking_number };
      } else if (input.action === 'deliver' && before.payment_method === 'cod') {
        if (input.cash_collected === undefined) throw fieldError('cash_collected', text(locale, 'cashCollectedRequired'));
        const cash = Math.round(input.cash_collected * 100);
        recorded = sql`cash_collected_piastres = ${cash}`;
        after = { ...after, cash_collected_piastres: cash };
      } else if (input.action === 'cancel') {
        recorded = sql`status_reason = ${input.reason}`;
        after = { ...after, status_reason: input.reason };
      }
      // The courier first: the shipping message names it.
      if (recorded) await rows(sql`UPDATE orders SET ${recorded} WHERE id = ${orderId}`);
      // Only from the statuses the step allows: a shipped parcel is cancelled only when its courier brings it back.
      const { from } = STAFF_ORDER_ACTIONS[input.action];
      await transitionIn(rows, ctx.config, locale, orderId, to, { staffId, version: input.version, from });
      const { version: _version, payment_method: _method, locale: _locale, balance_due: _owed, ...was } = before;
      const beforeValues = Object.fromEntries(Object.entries(was).filter(([key]) => key in after));
      await recordAudit(rows, {
        staffId,
        action: `order.${input.action}`,
        entity: 'order',
        entityId: orderId,
        before: beforeValues,
        after,
      });
    });
  } catch (error) {
    if (error instanceof OrderChanged) throw await orderChanged(ctx, locale, orderId);
    throw error;
  }
  if (to === 'cancelled') await refundOrder(ctx, orderId, 'order_cancelled');
  return staffOrder(ctx, locale, orderId);
}

export async function addOrderNote(ctx: StaffOrdersContext, staffId: number, locale: Locale, orderId: number, body: string) {
  await inTransaction(ctx.database, async (rows) => {
    rowOrNotFound(
      await rows<Pick<TableRow<typeof tables.orderNotes>, 'id'>>(sql`
      INSERT INTO order_notes (order_id, staff_id, body) SELECT id, ${staffId}, ${body} FROM orders WHERE id = ${orderId} RETURNING id`),
      text(locale, 'notFound'),
    );
    await recordAudit(rows, { staffId, action: 'order.note', entity: 'order', entityId: orderId, after: { note: body } });
  });
  return staffOrder(ctx, locale, orderId);
}

/** One bulk request as the single actions it stands for, each order with what it alone records. */
function singleActions(input: StaffBulkAction): { id: number; action: StaffOrderAction }[] {
  switch (input.action) {
    case 'ship':
      return input.orders.map(({ id, version, tracking_number }) => ({
        id,
        action: { action: 'ship', version, courier: input.courier, tracking_number },
      }));
    case 'deliver':
      return input.orders.map(({ id, version, cash_collected }) => ({ id, action: { action: 'deliver', version, cash_collected } }));
    case 'cancel':
      return input.orders.map(({ id, version }) => ({ id, action: { action: 'cancel', version, reason: input.reason } }));
    default:
      return input.orders.map(({ id, version }) => ({ id, action: { action: input.action, version } }));
  }
}

/**
 * The same action on several orders, each on its own through {@link actOnOrder} (one refused does not stop the
 * others, and a request sent twice finds the versions it named gone: nothing happens twice).
 */
export async function bulkAct(ctx: StaffOrdersContext, staffId: number, locale: Locale, input: StaffBulkAction) {
  const done: number[] = [];
  const failed: { id: number; code: string; detail: string }[] = [];
  for (const { id, action } of singleActions(input)) {
    try {
      await actOnOrder(ctx, staffId, locale, id, action);
      done.push(id);
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      failed.push({ id, code: error.code, detail: error.message });
    }
  }
  return { done, failed };
}

/**
 * An order taken by phone: the storefront's own placeOrder (stock, fees, promotions, points, idempotency) with the
 * items named, the customer's cart untouched, no code for a new customer (staff spoke with them), the staff member
 * and channel recorded and audited. Cash on delivery, or paid online through the payment link the customer is sent
 * (decision 0060). The customer is told in their language, as from the storefront.
 */
export async function placePhoneOrder(
  ctx: StaffOrdersContext & { codes: CodeContext },
  staffId: number,
  locale: Locale,
  input: StaffPhoneOrderRequest,
  idempotencyKey: string | undefined,
) {
  if ('user' in input.customer) {
    const account = rowOrNotFound(
      await ctx.database.rows<Pick<TableRow<typeof tables.users>, 'is_active'>>(
        sql`SELECT is_active FROM users WHERE id = ${input.customer.user}`,
      ),
      text(locale, 'customerNotFound'),
    );
    if (!account.is_active) throw fieldError('customer', text(locale, 'accountClosed'));
  }
  const placed = await placeOrder(ctx, locale, {
    customer: 'user' in input.customer ? { userId: input.customer.user } : { guest: input.customer, otp: null },
    address: input.address,
    items: input.items,
    paymentMethod: input.payment_method,
    payByLink: true,
    promoCode: input.promo_code || undefined,
    usePoints: input.use_points,
    notes: input.notes,
    idempotencyKey,
    placedBy: staffId,
    shopperLocale: input.language,
  });
  return { order: await staffOrder(ctx, locale, placed.order.id), created: placed.created };
}

type LastMove = { from_status: OrderStatus; to_status: OrderStatus; by_staff: boolean; recent: boolean; told: boolean };

/**
 * Undoes the order's last move, a step taken by mistake (decision 0059), named by the version it left the order at:
 * 404 for no such order, 409 `order_changed` (with the order) for another version, 409 `undo_unavailable` when that
 * move is not a step staff may undo, 403 for a role that may not take that step, 409 `undo_expired` after
 * UNDO_SECONDS, 409 `undo_message_sent` once a message of it has gone out (or is going now); nothing changes then.
 * Otherwise, in one transaction: the order is back where it was (history and audit keep both moves), the step's unsent
 * messages and its bell notification are gone. The undoable steps change nothing else (no stock, points or money).
 */
export async function undoLastMove(
  ctx: StaffOrdersContext,
  staff: { id: number; role: StaffRole },
  locale: Locale,
  orderId: number,
  version: number,
) {
  try {
    await inTransaction(ctx.database, async (rows) => {
      const order = rowOrNotFound(
        await rows<Pick<TableRow<typeof tables.orders>, 'status' | 'version'>>(
          sql`SELECT status, version FROM orders WHERE id = ${orderId} FOR UPDATE`,
        ),
        text(locale, 'notFound'),
      );
      if (order.version !== version) throw new OrderChanged(locale);
      // The move's messages are locked first: the worker skips locked rows, so none starts going out meanwhile.
      await rows(sql`SELECT id FROM queued_messages WHERE order_id = ${orderId}
        AND key LIKE ${`${statusMessageKey(orderId, order.status)}:%`} FOR UPDATE`);
      const [move] = await rows<LastMove>(sql`
        SELECT h.from_status, h.to_status, h.staff_id IS NOT NULL AS by_staff,
          h.created_at > now() - make_interval(secs => ${UNDO_SECONDS}) AS recent, ${toldOf(sql`${orderId}::int`, sql`h.to_status`)} AS told
        FROM order_status_history h WHERE h.order_id = ${orderId} ORDER BY h.id DESC LIMIT 1`);
      const action = move && move.by_staff && move.to_status === order.status ? undoableAction(move) : undefined;
      if (!move || !action) throw new ApiError(409, 'undo_unavailable', text(locale, 'undoUnavailable'));
      if (!staffMay(staff.role, STAFF_ORDER_ACTIONS[action].permission))
        throw new ApiError(403, 'permission_denied', text(locale, 'permissionDenied'));
      if (!move.recent) throw new ApiError(409, 'undo_expired', text(locale, 'undoExpired'));
      if (move.told) throw new ApiError(409, 'undo_message_sent', text(locale, 'undoMessageSent'));
      await rows(sql`DELETE FROM queued_messages WHERE order_id = ${orderId}
        AND key LIKE ${`${statusMessageKey(orderId, move.to_status)}:%`}`);
      await rows(sql`DELETE FROM notifications WHERE key = ${statusNotificationKey(orderId, move.to_status)}
        AND user_id = (SELECT user_id FROM orders WHERE id = ${orderId})`);
      await rows(sql`UPDATE orders SET status = ${move.from_status}, version = version + 1, updated_at = now()
        WHERE id = ${orderId} AND status = ${move.to_status}`);
      await rows(sql`INSERT INTO order_status_history (order_id, from_status, to_status, staff_id)
        VALUES (${orderId}, ${move.to_status}, ${move.from_status}, ${staff.id})`);
      await recordAudit(rows, {
        staffId: staff.id,
        action: 'order.undo',
        entity: 'order',
        entityId: orderId,
        before: { status: move.to_status },
        after: { status: move.from_status, undone: `order.${action}` },
      });
    });
  } catch (error) {
    if (error instanceof OrderChanged) throw await orderChanged(ctx, locale, orderId);
    throw error;
  }
  return staffOrder(ctx, locale, orderId);
}
