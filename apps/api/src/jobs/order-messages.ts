/**
 * Order confirmation and status-change messages, sent from a pg-boss queue so a slow mail server or SMS gateway never
 * slows checkout: the request only enqueues (a row in the same database), a worker sends. Failed sends are retried.
 */
import PgBoss from 'pg-boss';
import { sql } from 'drizzle-orm';
import type { Locale, OrderStatus } from '@attar/contract';
import type { Database } from '../db/client';
import type { Config } from '../config';
import type { Delivery } from '../delivery/service';
import { money, text, type TextKey } from '../i18n/catalogue';
import { ORDER_ALERTS_QUEUE, sendOrderAlert, type OrderAlert } from './order-alerts';

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

/** Sends one order's message to the shopper's e-mail (when known) and phone. */
export async function sendOrderMessage(database: Database, delivery: Delivery, message: OrderMessage) {
  const [order] = await database.rows<{
    order_number: string;
    total_piastres: number;
    email: string | null;
    phone: string;
    courier_name: string | null;
    tracking_number: string | null;
  }>(sql`
    SELECT o.order_number, o.total_piastres, o.courier_name, o.tracking_number,
      coalesce(u.email, o.guest_email) AS email, o.address->>'phone' AS phone
    FROM orders o LEFT JOIN users u ON u.id = o.user_id WHERE o.id = ${message.orderId}`);
  if (!order) return;
  const courier = order.courier_name ? { courier: order.courier_name, tracking: order.tracking_number ?? '' } : undefined;
  const body =
    'status' in message
      ? orderMessageText(message.locale, order.order_number, message.status, order.total_piastres, courier)
      : text(message.locale, EVENT_TEXT[message.event], {
          number: order.order_number,
          amount: money(message.locale, message.amountPiastres ?? 0),
          message: message.message ?? '',
        }).trim();
  if (order.email) {
    await delivery.sendEmail({ to: order.email, subject: body.split(/\.\s/)[0]!, text: body });
  }
  await delivery.sendSms({ to: order.phone, text: body });
}

/** Registers the worker that sends order messages, and returns how to enqueue one. */
export async function orderMessagesQueue(boss: PgBoss, database: Database, config: Config, delivery: Delivery): Promise<OrderMessages> {
  await boss.createQueue(QUEUE);
  await boss.createQueue(ORDER_ALERTS_QUEUE);
  await boss.work<OrderMessage>(QUEUE, { pollingIntervalSeconds: 1 }, async (jobs) => {
    for (const job of jobs) await sendOrderMessage(database, delivery, job.data);
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
