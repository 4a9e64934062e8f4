/**
 * The texts of order confirmation, status-change, return and refund messages: the SMS, and the e-mail with the order's
 * lines and amounts, in the order's language. They are queued by the change itself (messages/outbox.ts) and rendered
 * when sent (messages/worker.ts), from the order as it is then.
 */
import { sql } from 'drizzle-orm';
import type { CashRefundMethod, Locale, OrderStatus } from '@attar/contract';
import { KIOSK_PAYABLE_HOURS } from '@attar/contract/rules';
import type { Database } from '../db/client';
import type * as tables from '../db/schema';
import type { TableRow } from '../db/table-row';
import type { Config } from '../config';
import type { Sms } from '../delivery/service';
import type { WhatsappTemplate } from '../delivery/whatsapp';
import { arrivalText, cairoTime, money, text, type TextKey } from '../i18n/catalogue';
import { orderEmail, type ComposedEmail, type OrderSummary } from './emails';
import { orderTrackingUrl } from '../orders/tracking';
import { confirmationUrl } from '../confirmations/link';
import { paymentLinkUrl } from '../payment-links/link';
import { balanceDueSql } from '../payments/balance';
import { storefrontLink } from './links';
import { kioskValues, paymentTold, type PaymentFacts } from './payment-told';
import type { OrderAddress, OrderLine } from './templates';

/** What happened to a return, or a refund (in part or in full), told to the shopper in their language. */
export type ReturnEvent = 'return_requested' | 'return_approved' | 'return_rejected' | 'return_received' | 'refunded';
/**
 * What an order must tell its shopper: a status it reached, or a step of one of its returns (`returnId`) or one of its
 * refunds (`refundId`, the `order_refunds` row), each told once (messages/outbox.ts).
 */
export type OrderMessage =
  | { orderId: number; status: OrderStatus }
  | { orderId: number; event: Exclude<ReturnEvent, 'refunded'>; returnId: number; message?: string | undefined }
  | { orderId: number; event: 'refunded'; refundId: number; amountPiastres: number; cashMethod?: CashRefundMethod | undefined }
  /** A kiosk order still unpaid shortly before its reference runs out (payments/service.ts), reminded once. */
  | { orderId: number; event: 'kiosk_reminder' }
  /** The courier could not deliver (couriers/service.ts): the shopper is asked to reschedule, once per attempt. */
  | { orderId: number; event: 'delivery_attempt_failed'; attempt: string }
  /** A cash order's question to its shopper sent again by staff (confirmations/service.ts), `send` its count. */
  | { orderId: number; event: 'confirmation_request'; send: number }
  /** Staff corrected the order (orders/order-edits.ts): its lines and new total, once per edit (`version` after it). */
  | { orderId: number; event: 'order_edited'; version: number }
  /** A phone order's payment link, sent (payment-links/service.ts), `send` its count. */
  | { orderId: number; event: 'payment_link'; send: number };

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

/** The SMS of a status an order reached (also the e-mail's message): the status, true to how the order is paid. */
export function orderMessageText(
  locale: Locale,
  orderNumber: string,
  status: OrderStatus,
  totalPiastres: number,
  payment: PaymentFacts,
  courier?: { courier: string; tracking: string },
) {
  const told = paymentTold(locale, status, payment, totalPiastres);
  const message = text(locale, 'orderMessage', { number: orderNumber, progress: told.progress, total: money(locale, totalPiastres) });
  const shipped = status === 'shipped' && courier ? text(locale, 'shippedWith', courier) : '';
  return [message, shipped, told.note].filter(Boolean).join(' ');
}

/** An order as its messages read it (names in the message's language). */
export type OrderRow = Pick<
  TableRow<typeof tables.orders>,
  | 'order_number'
  | 'user_id'
  | 'subtotal_piastres'
  | 'delivery_fee_piastres'
  | 'gift_wrap_fee_piastres'
  | 'discount_piastres'
  | 'points_used'
  | 'points_discount_piastres'
  | 'total_piastres'
  | 'payment_method'
  | 'status'
  | 'courier_name'
  | 'tracking_number'
> & {
  /** The latest payment's, if any. */
  payment_status: PaymentFacts['payment'];
  kiosk_reference: string | null;
  kiosk_deadline: number | null;
  /** Days as the shop writes them (YYYY-MM-DD). */
  promised_earliest: string | null;
  promised_latest: string | null;
  /** When the shopper's question expires (seconds since the epoch), if the order asks one (decision 0048). */
  confirm_by: number | null;
  /** When the order's payment link runs out (seconds since the epoch), if it was sent one (decision 0060). */
  pay_by: number | null;
  /** Whether its payment link asks for a balance after staff raised a paid order's total, and what is owed (0062). */
  balance_link: boolean;
  balance_due: number;
  address: Omit<OrderAddress, 'city' | 'region'>;
  city: string | null;
  region: string | null;
  lines: OrderLine[];
};

/** The order as its messages show it, names (products, offers, places) in `locale`. */
async function orderForMessage(database: Database, orderId: number, locale: Locale) {
  const l = sql.raw(locale);
  const [order] = await database.rows<OrderRow>(sql`
    SELECT o.order_number, o.user_id, o.subtotal_piastres, o.delivery_fee_piastres, o.gift_wrap_fee_piastres, o.discount_piastres, o.points_used,
      o.points_discount_piastres, o.total_piastres, o.payment_method, o.status, o.courier_name, o.tracking_number,
      to_char(o.promised_earliest, 'YYYY-MM-DD') AS promised_earliest, to_char(o.promised_latest, 'YYYY-MM-DD') AS promised_latest,
      pay.status AS payment_status, pay.kiosk_reference,
      (SELECT extract(epoch FROM q.expires_at)::float8 FROM order_confirmations q WHERE q.order_id = o.id) AS confirm_by,
      (SELECT extract(epoch FROM l.expires_at)::float8 FROM payment_links l WHERE l.order_id = o.id) AS pay_by,
      EXISTS (SELECT 1 FROM payments b WHERE b.order_id = o.id AND b.purpose = 'balance') AS balance_link,
      ${balanceDueSql(sql`o`)} AS balance_due,
      extract(epoch FROM pay.created_at + make_interval(hours => ${KIOSK_PAYABLE_HOURS}))::float8 AS kiosk_deadline,
      o.address, r.name_${l} AS region, c.name_${l} AS city,
      (SELECT coalesce(json_agg(json_build_object('name', coalesce(p.name_${l}, ofr.name_${l}), 'sizeMl', oi.size_ml,
          'quantity', oi.quantity, 'unitPiastres', oi.price_piastres) ORDER BY oi.id), '[]')
        FROM order_items oi LEFT JOIN products p ON p.id = oi.product_id LEFT JOIN offers ofr ON ofr.id = oi.offer_id
        WHERE oi.order_id = o.id) AS lines
    FROM orders o
      -- The order's own payment tells how it was paid; a balance's is told by its link's message.
      LEFT JOIN LATERAL (SELECT p.status, p.kiosk_reference, p.created_at FROM payments p WHERE p.order_id = o.id
        ORDER BY p.purpose = 'order' DESC, p.id DESC LIMIT 1) pay
        ON true
      LEFT JOIN regions r ON r.id = (o.address->>'region_id')::int LEFT JOIN cities c ON c.id = (o.address->>'city_id')::int
    WHERE o.id = ${orderId}`);
  return order;
}

const factsOf = (order: OrderRow): PaymentFacts => ({
  method: order.payment_method,
  payment: order.payment_status,
  kioskReference: order.payment_method === 'kiosk' ? order.kiosk_reference : null,
  kioskDeadline: order.payment_method === 'kiosk' && order.kiosk_deadline !== null ? new Date(order.kiosk_deadline * 1000) : null,
});

const ARRIVING: ReadonlySet<OrderStatus> = new Set(['pending_payment', 'placed', 'confirmed', 'packed', 'shipped']);

const summaryOf = (order: OrderRow, locale: Locale, status: OrderStatus): OrderSummary => ({
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
  paymentLine: paymentTold(locale, status, factsOf(order), order.total_piastres).line,
  courier: order.courier_name ? { name: order.courier_name, tracking: order.tracking_number ?? '' } : null,
  // Repeated while the order is on its way to the shopper; once delivered, cancelled or refunded it says nothing.
  arrival:
    order.promised_earliest && order.promised_latest && ARRIVING.has(status)
      ? arrivalText(locale, { earliest: order.promised_earliest, latest: order.promised_latest })
      : null,
});

/** A queued message's payload (messages/outbox.ts): the status reached, or the return or refund event. */
export type OrderMessagePayload =
  | { status: OrderStatus }
  | {
      event: ReturnEvent;
      amountPiastres?: number | undefined;
      message?: string | undefined;
      /** A cash order's refund: how the money went back (the message says so). */
      cashMethod?: CashRefundMethod | undefined;
    }
  | { event: 'kiosk_reminder' }
  | { event: 'delivery_attempt_failed' }
  | { event: 'confirmation_request' }
  | { event: 'order_edited' }
  | { event: 'payment_link' };

/** Whether a message asks the shopper to confirm their cash order (its link is then part of its text). */
export const asksConfirmation = (payload: OrderMessagePayload) =>
  'status' in payload ? payload.status === 'awaiting_shopper' : payload.event === 'confirmation_request';

/**
 * The words of one order message in `locale`: the SMS (also the e-mail's message), the e-mail's subject, and the order
 * as the e-mail shows it, its payment line true to the state the message tells. `link`: the page a message asking
 * the shopper to confirm or to pay leads to.
 */
export function composeOrderMessage(locale: Locale, payload: OrderMessagePayload, order: OrderRow, link = '') {
  const courier = order.courier_name ? { courier: order.courier_name, tracking: order.tracking_number ?? '' } : undefined;
  const facts = factsOf(order);
  // What the message is about: the status it tells, else the order as it is now (a return, a refund, a reminder, a
  // balance's link: the order is paid, owing the rest).
  const status =
    'status' in payload
      ? payload.status
      : payload.event === 'kiosk_reminder' || (payload.event === 'payment_link' && !order.balance_link)
        ? 'pending_payment'
        : payload.event === 'confirmation_request'
          ? 'awaiting_shopper'
          : order.status;
  const values = { number: order.order_number, total: money(locale, order.total_piastres), ...kioskValues(locale, facts) };
  const summary = summaryOf(order, locale, status);
  const confirmation = () => {
    const deadline = order.confirm_by === null ? '' : cairoTime(locale, new Date(order.confirm_by * 1000));
    // The link ends the message, so nothing follows it to be isolated from; bare, every phone finds it.
    const asked = { ...values, deadline, link };
    return { sms: text(locale, 'confirmRequest', asked), subject: text(locale, 'confirmRequestSubject', asked), summary };
  };
  if ('status' in payload) {
    if (payload.status === 'awaiting_shopper') return confirmation();
    const progress = paymentTold(locale, payload.status, facts, order.total_piastres).progress;
    return {
      sms: orderMessageText(locale, order.order_number, payload.status, order.total_piastres, facts, courier),
      subject: text(locale, 'orderEmailSubject', { number: order.order_number, progress }),
      summary,
    };
  }
  if (payload.event === 'kiosk_reminder')
    return { sms: text(locale, 'kioskReminder', values), subject: text(locale, 'kioskReminderSubject', values), summary };
  if (payload.event === 'delivery_attempt_failed') {
    const attempt = { ...values, courier: order.courier_name ?? '', tracking: order.tracking_number ?? '' };
    return { sms: text(locale, 'deliveryAttemptFailed', attempt), subject: text(locale, 'deliveryAttemptFailedSubject', attempt), summary };
  }
  if (payload.event === 'confirmation_request') return confirmation();
  if (payload.event === 'order_edited')
    return { sms: text(locale, 'orderEdited', values), subject: text(locale, 'orderEditedSubject', values), summary };
  if (payload.event === 'payment_link') {
    const deadline = order.pay_by === null ? '' : cairoTime(locale, new Date(order.pay_by * 1000));
    // The link ends the message, as a confirmation's does.
    if (order.balance_link) {
      const owed = { ...values, amount: money(locale, order.balance_due), deadline, link };
      return { sms: text(locale, 'paymentLinkBalanceMessage', owed), subject: text(locale, 'paymentLinkBalanceSubject', owed), summary };
    }
    const asked = { ...values, progress: paymentTold(locale, 'pending_payment', facts, order.total_piastres).progress, deadline, link };
    return { sms: text(locale, 'paymentLinkMessage', asked), subject: text(locale, 'paymentLinkSubject', asked), summary };
  }
  const told = { number: order.order_number, amount: money(locale, payload.amountPiastres ?? 0), message: payload.message ?? '' };
  const sms =
    payload.event === 'refunded' && payload.cashMethod
      ? text(locale, 'messageRefundedCash', { ...told, how: text(locale, `cashRefund_${payload.cashMethod}`) })
      : text(locale, EVENT_TEXT[payload.event], told).trim();
  const state = text(locale, RETURN_STATE[payload.event]);
  return { sms, subject: text(locale, 'orderEmailReturnSubject', { number: order.order_number, state }), summary };
}

/** The link a message asking the shopper to confirm their cash order, or to pay by link, carries; empty for any other. */
function linkFor(config: Config, locale: Locale, payload: OrderMessagePayload, order: { order_number: string; confirm_by: number | null }) {
  if (asksConfirmation(payload) && order.confirm_by !== null)
    return confirmationUrl(config, locale, order.order_number, order.confirm_by * 1000);
  return 'event' in payload && payload.event === 'payment_link' ? paymentLinkUrl(config, locale, order.order_number) : '';
}

/**
 * One order message in the order's language, for one channel: the e-mail (with the order's lines and amounts) or the
 * short SMS, whose text is also the e-mail's message. Undefined when the order is gone.
 */
export async function renderOrderMessage(
  database: Database,
  config: Config,
  message: { orderId: number; locale: Locale; channel: 'email' | 'sms'; recipient: string; payload: OrderMessagePayload },
): Promise<{ email: ComposedEmail } | { sms: Sms } | undefined> {
  const { locale, payload } = message;
  const order = await orderForMessage(database, message.orderId, locale);
  if (!order) return undefined;
  const { sms, subject, summary } = composeOrderMessage(locale, payload, order, linkFor(config, locale, payload, order));
  if (message.channel === 'sms') return { sms: { to: message.recipient, text: sms } };
  const ordersUrl = order.user_id === null ? null : storefrontLink(config, locale, '/profile');
  const trackingUrl = orderTrackingUrl(config, locale, order.order_number);
  return { email: await orderEmail({ to: message.recipient, locale, subject, message: sms, order: summary, ordersUrl, trackingUrl }) };
}

/**
 * The WhatsApp templates the shop sends (approved in WhatsApp Manager in English and Arabic; docs/operations.md lists
 * their texts): an order's new status, a cash order waiting for its shopper's confirmation (with buttons to confirm or
 * cancel it, and its link), an order shipped, a product back in stock (messages/back-in-stock.ts).
 */
export const WHATSAPP_TEMPLATES = {
  update: 'attar_order_update',
  confirm: 'attar_order_confirm',
  shipped: 'attar_order_shipped',
  backInStock: 'attar_back_in_stock',
} as const;

/** The quick-reply buttons' payloads of a cash order waiting for its shopper (read back by whatsapp/replies.ts). */
export const replyPayload = (answer: 'confirm' | 'cancel', orderNumber: string) => `${answer}:${orderNumber}`;

/**
 * The WhatsApp template message telling an order's status in `locale`: shipped with its courier, tracking number and
 * tracking page; a cash order waiting for its shopper with its buttons; a payment link and any other status as its
 * SMS reads. Undefined when the order is gone.
 */
export async function renderWhatsappMessage(
  database: Database,
  config: Config,
  message: { orderId: number; locale: Locale; recipient: string; payload: { status: OrderStatus } | { event: 'payment_link' } },
): Promise<WhatsappTemplate | undefined> {
  const { locale, payload } = message;
  const status = 'status' in payload ? payload.status : 'pending_payment';
  const order = await orderForMessage(database, message.orderId, locale);
  if (!order) return undefined;
  const number = order.order_number;
  const to = message.recipient;
  if (status === 'shipped' && order.courier_name)
    return {
      to,
      locale,
      template: WHATSAPP_TEMPLATES.shipped,
      bodyParameters: [number, order.courier_name, order.tracking_number ?? '', orderTrackingUrl(config, locale, number)],
    };
  const { sms } = composeOrderMessage(locale, payload, order, linkFor(config, locale, payload, order));
  if (status === 'awaiting_shopper')
    return {
      to,
      locale,
      template: WHATSAPP_TEMPLATES.confirm,
      bodyParameters: [number, sms],
      buttonPayloads: [replyPayload('confirm', number), replyPayload('cancel', number)],
    };
  return { to, locale, template: WHATSAPP_TEMPLATES.update, bodyParameters: [number, sms] };
}
