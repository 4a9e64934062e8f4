/**
 * Order confirmation and status-change messages, sent from a pg-boss queue so a slow mail server or SMS gateway never
 * slows checkout: the request only enqueues (a row in the same database), a worker sends. Failed sends are retried.
 */
import PgBoss from 'pg-boss';
import { sql } from 'drizzle-orm';
import type { Locale, OrderStatus, PaymentMethod } from '@attar/contract';
import type { Database } from '../db/client';
import type { Config } from '../config';
import type { Delivery } from '../delivery/service';
import { money, text, type TextKey } from '../i18n/catalogue';
import { orderEmail, type OrderSummary } from '../messages/emails';
import { storefrontLink } from '../messages/links';
import type { OrderAddress, OrderLine } from '../messages/templates';
import { ORDER_ALERTS_QUEUE, sendOrderAlert, type OrderAlert } from './order-alerts';
import { recordOrderNotifications } from '../notifications/service';

const QUEUE = 'order-messages';
/** What happened to a return, or a refund (in part or in full), told to the shopper in their language. */
export type ReturnEvent = 'return_requested' | 'return_approved' | 'return_rejected' | 'return_received' | 'refunded';
export type OrderMessage =
  | { orderId: number; status: OrderStatus; locale: Locale }
  | { orderId: number; event: ReturnEvent; locale: Locale; amountPiastres?: number; message?: string };

const EVENT_TEXT = {
  return_requested: 'messageReturnRequested',
  return_approved: 'messageReturnApproved',
  return_rejected: 'messageReturnRejected',
  return_received: 'messageReturnReceived',
  refunded: 'messageRefunded',
} as const satisfies Record<ReturnEvent, TextKey>;
/** Where a return stands, for the e-mail's subject. */
const RETURN_STATE = {
  return_requested: 'return_requested',
  return_approved: 'return_approved',
  return_rejected: 'return_rejected',
  return_received: 'return_received',
  refunded: 'return_refunded',
} as const satisfies Record<ReturnEvent, TextKey>;

export interface OrderMessages {
  enqueue(message: OrderMessage): Promise<void>;
}

export function orderMessageText(
  locale: Locale,
  orderNumber: string,
  status: OrderStatus,
  totalPiastres: number,
  courier?: { courier: string; tracking: string },
) {
  const message = text(locale, 'orderMessage', {
    number: orderNumber,
    progress: text(locale, `progress_${status}`),
    total: money(locale, totalPiastres),
  });
  return status === 'shipped' && courier ? `${message} ${text(locale, 'shippedWith', courier)}` : message;
}

type OrderRow = {
  order_number: string;
  user_id: number | null;
  email: string | null;
  phone: string;
  subtotal_piastres: number;
  delivery_fee_piastres: number;
  gift_wrap_fee_piastres: number;
  discount_piastres: number;
  points_used: number;
  points_discount_piastres: number;
  total_piastres: number;
  payment_method: PaymentMethod;
  courier_name: string | null;
  tracking_number: string | null;
  address: Omit<OrderAddress, 'city' | 'region'>;
  city: string | null;
  region: string | null;
  lines: OrderLine[];
};

/** The order as its messages show it, names (products, offers, places) in `locale`. */
async function orderForMessage(database: Database, orderId: number, locale: Locale) {
  const l = sql.raw(locale);
  const [order] = await database.rows<OrderRow>(sql`
    SELECT o.order_number, o.user_id, coalesce(u.email, o.guest_email) AS email, o.address->>'phone' AS phone,
      o.subtotal_piastres, o.delivery_fee_piastres, o.gift_wrap_fee_piastres, o.discount_piastres, o.points_used,
      o.points_discount_piastres, o.total_piastres, o.payment_method, o.courier_name, o.tracking_number,
      o.address, r.name_${l} AS region, c.name_${l} AS city,
      (SELECT coalesce(json_agg(json_build_object('name', coalesce(p.name_${l}, ofr.name_${l}), 'sizeMl', oi.size_ml,
          'quantity', oi.quantity, 'unitPiastres', oi.price_piastres) ORDER BY oi.id), '[]')
        FROM order_items oi LEFT JOIN products p ON p.id = oi.product_id LEFT JOIN offers ofr ON ofr.id = oi.offer_id
        WHERE oi.order_id = o.id) AS lines
    FROM orders o LEFT JOIN users u ON u.id = o.user_id
      LEFT JOIN regions r ON r.id = (o.address->>'region_id')::int LEFT JOIN cities c ON c.id = (o.address->>'city_id')::int
    WHERE o.id = ${orderId}`);
  return order;
}

const summaryOf = (order: OrderRow): OrderSummary => ({
  number: order.order_number,
  lines: order.lines,
  subtotalPiastres: order.subtotal_piastres,
  deliveryFeePiastres: order.delivery_fee_piastres,
  giftWrapFeePiastres: order.gift_wrap_fee_piastres,
  discountPiastres: order.discount_piastres,
  pointsUsed: order.points_used,
  pointsDiscountPiastres: order.points_discount_piastres,
  totalPiastres: order.total_piastres,
  address: { ...order.address, city: order.city ?? '', region: order.region ?? '' },
  paymentMethod: order.payment_method,
  courier: order.courier_name ? { name: order.courier_name, tracking: order.tracking_number ?? '' } : null,
});

/**
 * Sends one order's message in the order's language: an e-mail (when an address is known) with the order's lines and
 * amounts, and a short SMS to the delivery phone.
 */
export async function sendOrderMessage(database: Database, config: Config, delivery: Delivery, message: OrderMessage) {
  const { locale } = message;
  const order = await orderForMessage(database, message.orderId, locale);
  if (!order) return;
  const courier = order.courier_name ? { courier: order.courier_name, tracking: order.tracking_number ?? '' } : undefined;
  const sms =
    'status' in message
      ? orderMessageText(locale, order.order_number, message.status, order.total_piastres, courier)
      : text(locale, EVENT_TEXT[message.event], {
          number: order.order_number,
          amount: money(locale, message.amountPiastres ?? 0),
          message: message.message ?? '',
        }).trim();
  if (order.email) {
    const subject =
      'status' in message
        ? text(locale, 'orderEmailSubject', { number: order.order_number, progress: text(locale, `progress_${message.status}`) })
        : text(locale, 'orderEmailReturnSubject', { number: order.order_number, state: text(locale, RETURN_STATE[message.event]) });
    const ordersUrl = order.user_id === null ? null : storefrontLink(config, locale, '/profile');
    await delivery.sendEmail(await orderEmail({ to: order.email, locale, subject, message: sms, order: summaryOf(order), ordersUrl }));
  }
  await delivery.sendSms({ to: order.phone, text: sms });
}

/** Registers the worker that sends order messages, and returns how to enqueue one. */
export async function orderMessagesQueue(boss: PgBoss, database: Database, config: Config, delivery: Delivery): Promise<OrderMessages> {
  await boss.createQueue(QUEUE);
  await boss.createQueue(ORDER_ALERTS_QUEUE);
  await boss.work<OrderMessage>(QUEUE, { pollingIntervalSeconds: 1 }, async (jobs) => {
    for (const job of jobs) {
      await recordOrderNotifications(database, job.data);
      await sendOrderMessage(database, config, delivery, job.data);
    }
  });
  await boss.work<OrderAlert>(ORDER_ALERTS_QUEUE, { pollingIntervalSeconds: 1 }, async (jobs) => {
    for (const job of jobs) await sendOrderAlert(database, config, delivery, job.data);
  });
  const retries = { retryLimit: 5, retryDelay: 30, retryBackoff: true };
  return {
    enqueue: async (message) => {
      await boss.send(QUEUE, message, retries);
      // A new order for the shop (an order becomes placed once: the transition is a conditional update).
      if ('status' in message && message.status === 'placed') await boss.send(ORDER_ALERTS_QUEUE, { orderId: message.orderId }, retries);
    },
  };
}

/** For tests and tools that do not run a worker: messages are dropped on purpose. */
export const noOrderMessages: OrderMessages = { enqueue: async () => {} };
