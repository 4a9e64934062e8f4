/**
 * The bell's list: what happened to a signed-in shopper's orders, returns, alerts and points, kept as a kind and its
 * parameters and worded by the storefront in the language the shopper reads it in. Each is recorded once per `key` (a
 * unique index): whatever is told twice is recorded once.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { NotificationKind, OrderStatus, ShopperNotification } from '@attar/contract';
import type { Database } from '../db/client';
import type * as tables from '../db/schema';
import type { TableRow } from '../db/table-row';
import { oneRow } from '../db/one-row';
import type { Rows } from '../db/transaction';
import type { OrderMessage } from '../messages/order-messages';
import { pageOfRows } from '../http/pagination';

type OrderFacts = Pick<
  TableRow<typeof tables.orders>,
  'user_id' | 'order_number' | 'courier_name' | 'tracking_number' | 'points_earned' | 'payment_method'
>;

type NewNotification = { kind: NotificationKind; params: Record<string, string | number>; key: string };

/** The bell's notification of an order's status (every status but shipped, which names its courier). */
export const statusNotificationKey = (orderId: number, status: OrderStatus) => `order:${orderId}:${status}`;

/**
 * What an order message tells a shopper with an account, for the bell, recorded in the transaction of the change it
 * tells (messages/outbox.ts). Guests' orders have no bell. One notification per event that matters: an order waiting
 * for a card, wallet or valU payment is not one (the shopper is paying on the gateway's page at that moment, and hears
 * of the order once it is paid or cancelled), a kiosk order's wait is (the shopper has 48 hours to pay with its
 * reference); the kiosk reminder and an edited order's new total go by SMS and e-mail only.
 */
export async function recordOrderNotifications(rows: Rows, message: OrderMessage): Promise<void> {
  if (
    'event' in message &&
    (message.event === 'kiosk_reminder' ||
      message.event === 'delivery_attempt_failed' ||
      message.event === 'confirmation_request' ||
      message.event === 'order_edited' ||
      message.event === 'payment_link')
  )
    return;
  const [order] = await rows<OrderFacts>(sql`
    SELECT o.user_id, o.order_number, o.courier_name, o.tracking_number, o.points_earned, o.payment_method
    FROM orders o WHERE o.id = ${message.orderId}`);
  if (!order?.user_id) return;
  if ('status' in message && message.status === 'pending_payment' && order.payment_method !== 'kiosk') return;
  const ref = { order_id: message.orderId, order_number: order.order_number };
  const prefix = `order:${message.orderId}`;
  const due: NewNotification[] = [];
  if ('status' in message) {
    if (message.status === 'shipped' && order.courier_name) {
      const params = { ...ref, courier: order.courier_name, tracking: order.tracking_number ?? '' };
      due.push({ kind: 'order_shipped', params, key: `${prefix}:shipped` });
    } else {
      const params = { ...ref, status: message.status, payment_method: order.payment_method };
      due.push({ kind: 'order_status', params, key: statusNotificationKey(message.orderId, message.status) });
    }
    if (message.status === 'delivered' && order.points_earned > 0) {
      due.push({ kind: 'points_earned', params: { ...ref, points: order.points_earned }, key: `${prefix}:points` });
    }
  } else {
    // Several returns and refunds may follow one order: each is told once, named by its own row.
    const about = message.event === 'refunded' ? `refund:${message.refundId}` : `return:${message.returnId}`;
    due.push({ kind: 'return', params: { ...ref, event: message.event }, key: `${prefix}:${about}:${message.event}` });
  }
  await rows(sql`
    INSERT INTO notifications (user_id, kind, params, key)
    SELECT ${order.user_id}, n->>'kind', n->'params', n->>'key' FROM jsonb_array_elements(${JSON.stringify(due)}::jsonb) n
    ON CONFLICT (user_id, key) DO NOTHING`);
}

/** The caller's notifications, newest first, and how many are unread. */
export async function notificationPage(database: Database, userId: number, page: number, pageSize: number) {
  const mine = sql`n.user_id = ${userId}`;
  const [listed, unread] = await Promise.all([
    pageOfRows<ShopperNotification>(database, {
      table: 'notifications',
      alias: 'n',
      where: mine,
      orderBy: sql`n.id DESC`,
      rowJson: sql`json_build_object('id', n.id, 'kind', n.kind, 'params', n.params, 'read', n.read_at IS NOT NULL,
        'created_at', n.created_at)`,
      page,
      pageSize,
    }),
    unreadCount(database, userId),
  ]);
  return { ...listed, unread };
}

async function unreadCount(database: Database, userId: number): Promise<number> {
  const row = oneRow(
    await database.rows<{ unread: number }>(sql`
      SELECT count(*)::int AS unread FROM notifications WHERE user_id = ${userId} AND read_at IS NULL`),
  );
  return row.unread;
}

/** Marks the caller's `ids` (or all of theirs) read; another shopper's ids are left alone. Answers the unread count. */
export async function markRead(database: Database, userId: number, ids: number[] | undefined): Promise<number> {
  const which: SQL = ids ? sql`AND id = ANY(${sql.param(ids)}::int[])` : sql``;
  await database.rows(sql`UPDATE notifications SET read_at = now() WHERE user_id = ${userId} AND read_at IS NULL ${which}`);
  return unreadCount(database, userId);
}
