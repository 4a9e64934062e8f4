/**
 * The transactional outbox (decision 0032): what a change to an order must tell people (and the back-in-stock alerts a
 * restock makes due, decision 0059) is written in the change's own transaction, as rows of `queued_messages` (one per
 * channel and recipient) and the bell's notifications. A committed change always has its messages, a rolled-back one none, and a client's retry finds them already there. The worker
 * (worker.ts) sends the rows; `key` makes each message once whoever queues it twice.
 */
import { sql } from 'drizzle-orm';
import type { Locale, OrderStatus } from '@attar/contract';
import type { Rows } from '../db/transaction';
import { alertRecipients, type AlertSettings } from './order-alerts';
import type { BackInStockPayload } from './back-in-stock';
import type { OrderMessage } from './order-messages';
import { recordOrderNotifications } from '../notifications/service';

/**
 * The statuses the shopper is told of. Packing is the shop's own step (the shopper hears of confirmation and of the
 * courier, not of the box), and an order refunded in full is told as the refund itself.
 */
const STATUS_TOLD: Record<OrderStatus, boolean> = {
  pending_payment: true,
  awaiting_shopper: true,
  placed: true,
  confirmed: true,
  packed: false,
  shipped: true,
  delivered: true,
  cancelled: true,
  refunded: false,
};

export const NOTIFY_CHANNEL = 'queued_messages';

/** What names the messages telling an order's status (one row per channel: the key, `:`, the channel). */
export const statusMessageKey = (orderId: number, status: OrderStatus) => `order:${orderId}:status:${status}`;

function described(message: OrderMessage) {
  if ('status' in message)
    return { key: statusMessageKey(message.orderId, message.status), kind: 'order_status', payload: { status: message.status } };
  if (message.event === 'kiosk_reminder')
    return { key: `order:${message.orderId}:kiosk_reminder`, kind: 'order_event', payload: { event: message.event } };
  if (message.event === 'delivery_attempt_failed')
    return {
      key: `order:${message.orderId}:delivery_attempt_failed:${message.attempt}`,
      kind: 'order_event',
      payload: { event: message.event },
    };
  if (message.event === 'confirmation_request' || message.event === 'payment_link')
    return { key: `order:${message.orderId}:${message.event}:${message.send}`, kind: 'order_event', payload: { event: message.event } };
  if (message.event === 'order_edited')
    return { key: `order:${message.orderId}:edited:${message.version}`, kind: 'order_event', payload: { event: message.event } };
  if (message.event === 'refunded')
    return {
      key: `refund:${message.refundId}`,
      kind: 'order_event',
      payload: {
        event: message.event,
        amountPiastres: message.amountPiastres,
        ...(message.cashMethod ? { cashMethod: message.cashMethod } : {}),
      },
    };
  return {
    key: `return:${message.returnId}:${message.event}`,
    kind: 'order_event',
    payload: { event: message.event, message: message.message ?? '' },
  };
}

/**
 * Queues what `message` tells, inside the caller's transaction: the bell's notification, an e-mail to the order's
 * address (the account's, else the guest's; none without one), an SMS to the delivery phone (for a status or a payment
 * link, held behind a WhatsApp message to the same phone when WhatsApp is set up and the shopper has not opted out) and, for a new order
 * (`placed`: an order becomes placed once, by a conditional update), an alert to each of the shop's recipients. The
 * NOTIFY reaches the workers when the transaction commits, and never if it rolls back.
 */
export async function queueOrderMessage(rows: Rows, settings: AlertSettings, message: OrderMessage): Promise<void> {
  if ('status' in message && !STATUS_TOLD[message.status]) return;
  await recordOrderNotifications(rows, message);
  const { key, kind, payload } = described(message);
  // A status (or a payment link, which stands for the status "waiting for payment") goes by WhatsApp too when it is set
  // up and the shopper has not opted out; its SMS is then held back, sent only if WhatsApp fails or is not delivered
  // in time (whatsapp/service.ts).
  const whatsapp = settings.whatsapp.enabled && ('status' in message || message.event === 'payment_link');
  await rows(sql`
    INSERT INTO queued_messages (key, channel, recipient, kind, order_id, payload, locale, state, fallback_key)
    SELECT ${key} || ':' || m.channel, m.channel, m.recipient, ${kind}, o.id, ${JSON.stringify(payload)}::jsonb, o.locale, m.state,
      CASE WHEN m.channel = 'whatsapp' THEN ${key} || ':sms' END
    FROM orders o LEFT JOIN users u ON u.id = o.user_id
      CROSS JOIN LATERAL (SELECT ${whatsapp} AND NOT coalesce(u.whatsapp_opt_out, false) AND o.address->>'phone' IS NOT NULL AS via) wa
      CROSS JOIN LATERAL (VALUES ('email', coalesce(u.email, o.guest_email), 'pending'),
        ('sms', o.address->>'phone', CASE WHEN wa.via THEN 'held' ELSE 'pending' END),
        ('whatsapp', CASE WHEN wa.via THEN o.address->>'phone' END, 'pending')) m(channel, recipient, state)
    WHERE o.id = ${message.orderId} AND m.recipient IS NOT NULL
    ON CONFLICT (key) DO NOTHING`);
  if ('status' in message && message.status === 'placed') {
    const recipients = await alertRecipients({ rows }, settings);
    // The alert carries both languages; `locale` only names the first.
    await rows(sql`
      INSERT INTO queued_messages (key, channel, recipient, kind, order_id, payload, locale)
      SELECT 'order:' || ${message.orderId} || ':alert:' || r.email, 'email', r.email, 'order_alert', ${message.orderId}, '{}'::jsonb, 'en'
      FROM unnest(${sql.param(recipients)}::text[]) r(email)
      ON CONFLICT (key) DO NOTHING`);
  }
  await rows(sql`SELECT pg_notify(${NOTIFY_CHANNEL}, '')`);
}

/** A shopper told that a product is back (stock-alerts/service.ts): how to reach them and what to tell. */
export type BackInStockSubscriber = {
  alertId: number;
  locale: Locale;
  email: string | null;
  phone: string | null;
  whatsappOptOut: boolean;
  product: BackInStockPayload;
};

/**
 * Queues each subscriber's back-in-stock messages inside the caller's transaction (decision 0059): by e-mail when we
 * have one, else by SMS; and, when WhatsApp is set up, we have their phone and they have not opted out, by WhatsApp
 * first with that e-mail or SMS held back as its fallback. Keys are the alert's and the channel's, so a subscriber is
 * queued each message once.
 */
export async function queueBackInStock(rows: Rows, settings: Pick<AlertSettings, 'whatsapp'>, subscribers: BackInStockSubscriber[]) {
  const messages = subscribers.flatMap((subscriber) => {
    const key = `alert:${subscriber.alertId}`;
    const fallback = subscriber.email
      ? { channel: 'email', recipient: subscriber.email }
      : subscriber.phone
        ? { channel: 'sms', recipient: subscriber.phone }
        : null;
    // An account erased since it asked: nobody to tell.
    if (!fallback) return [];
    const common = { locale: subscriber.locale, payload: subscriber.product };
    const whatsapp = settings.whatsapp.enabled && subscriber.phone !== null && !subscriber.whatsappOptOut;
    const mailOrSms = {
      ...common,
      key: `${key}:${fallback.channel}`,
      ...fallback,
      state: whatsapp ? 'held' : 'pending',
      fallback_key: null,
    };
    if (!whatsapp) return [mailOrSms];
    const first = {
      ...common,
      key: `${key}:whatsapp`,
      channel: 'whatsapp',
      recipient: subscriber.phone,
      state: 'pending',
      fallback_key: mailOrSms.key,
    };
    return [first, mailOrSms];
  });
  if (!messages.length) return;
  await rows(sql`
    INSERT INTO queued_messages (key, channel, recipient, kind, payload, locale, state, fallback_key)
    SELECT m.key, m.channel, m.recipient, 'back_in_stock', m.payload, m.locale, m.state, m.fallback_key
    FROM jsonb_to_recordset(${JSON.stringify(messages)}::jsonb)
      AS m(key text, channel text, recipient text, payload jsonb, locale text, state text, fallback_key text)
    ON CONFLICT (key) DO NOTHING`);
  await rows(sql`SELECT pg_notify(${NOTIFY_CHANNEL}, '')`);
}
