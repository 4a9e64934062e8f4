/**
 * Phone orders paid online through a payment link (decision 0060). The order is placed as the storefront's online
 * orders are (stock held, `pending_payment`, its payment row pending), and instead of a redirect its customer is sent
 * the link: {@link sendPaymentLink} records it and queues its message in the caller's transaction. The link's page
 * reads the order ({@link paymentLinkView}); its "Pay" starts the payment with the gateway for the order's method
 * ({@link payByLink}), which settles and comes back as a storefront payment does (payments/service.ts). The order waits
 * `site_config.payment_link_hours` for its money, then `expireUnpaidOrders` cancels it, stock and points back.
 */
import { sql } from 'drizzle-orm';
import type { Locale, PaymentLinkView } from '@attar/contract';
import type { Config } from '../config';
import type { Database } from '../db/client';
import { inTransaction, type Rows } from '../db/transaction';
import { ApiError, notFound } from '../http/errors';
import { text } from '../i18n/catalogue';
import { recordAudit } from '../audit/service';
import { queueOrderMessage } from '../messages/outbox';
import type { AlertSettings } from '../messages/order-alerts';
import { balanceDueSql } from '../payments/balance';
import { newPaymentReference, openBalancePayment, startPayment } from '../payments/service';
import { paymentLinkOrderNumber } from './link';
import { oneRow } from '../db/one-row';
import type * as tables from '../db/schema';
import type { TableRow } from '../db/table-row';

/** Staff may send a link again once every RESEND_MINUTES, and a link goes out at most MAX_SENDS times. */
export const RESEND_MINUTES = 5;
export const MAX_SENDS = 5;

/**
 * Where order `o`'s payment link `l` stands, with `pay` its latest payment. A link asking for a paid order's balance
 * (decision 0062): payable while the balance is owed within the link's time, expired after it (the order stays, owing),
 * paid once nothing is owed, cancelled when the order was cancelled owing it. A link for the order itself: paid once its
 * money came (refunded since or not); payable while the order waits for it within the link's time; expired once that
 * time ran out (the order then cancelled by the housekeeping, not by staff); cancelled otherwise (declined, or
 * cancelled by staff).
 */
export const linkStateSql = sql`CASE
  WHEN pay.purpose = 'balance' THEN CASE
    WHEN ${balanceDueSql(sql`o`)} > 0 THEN CASE WHEN l.expires_at > now() THEN 'payable' ELSE 'expired' END
    WHEN o.status = 'cancelled' AND pay.status IN ('pending', 'declined') THEN 'cancelled'
    ELSE 'paid' END
  WHEN pay.status IN ('paid', 'refund_pending', 'refunded') THEN 'paid'
  WHEN o.status = 'pending_payment' AND l.expires_at > now() THEN 'payable'
  WHEN o.status = 'pending_payment' THEN 'expired'
  WHEN o.status = 'cancelled' AND pay.status = 'pending' AND EXISTS (SELECT 1 FROM order_status_history h
    WHERE h.order_id = o.id AND h.to_status = 'cancelled' AND h.staff_id IS NULL AND h.created_at >= l.expires_at) THEN 'expired'
  WHEN o.status = 'cancelled' THEN 'cancelled'
  ELSE 'paid' END`;

/** The latest payment's columns that `latestPaymentSql` joins: all null when the order has none. */
type LatestPayment =
  | Pick<TableRow<typeof tables.payments>, 'id' | 'status' | 'method' | 'purpose' | 'amount_piastres' | 'reference' | 'redirect_url'>
  | { id: null; status: null; method: null; purpose: null; amount_piastres: null; reference: null; redirect_url: null };

/** The order's latest payment, as `pay` (a lateral join for {@link linkStateSql}). */
export const latestPaymentSql = sql`LEFT JOIN LATERAL (SELECT p.id, p.status, p.method, p.purpose, p.amount_piastres, p.reference,
    p.redirect_url FROM payments p WHERE p.order_id = o.id ORDER BY p.id DESC LIMIT 1) pay ON true`;

/** What the link asks for now: the balance it pays, or the order's total while the order waits for it; else nothing. */
const amountDueSql = sql`CASE WHEN pay.purpose = 'balance' THEN ${balanceDueSql(sql`o`)}
  WHEN o.status = 'pending_payment' AND pay.status = 'pending' THEN o.total_piastres ELSE 0 END`;

/**
 * Sends order `orderId`'s payment link, inside the caller's transaction: the first time it records the link to the
 * order's delivery phone, payable for the shop's `payment_link_hours` from now; again, it counts another send. Its
 * message (SMS and e-mail, or WhatsApp with the SMS behind it where the shop's messages go by WhatsApp) is queued with
 * it, each channel once per send. `renew`: the link asks for something new (a balance, decision 0062), so it pays for
 * the shop's hours again from now. Answers how many times the link has now been sent.
 */
export async function sendPaymentLink(
  rows: Rows,
  settings: AlertSettings,
  link: { orderId: number; staffId: number | null; renew?: boolean },
) {
  const [sent] = await rows<Pick<TableRow<typeof tables.paymentLinks>, 'sends'>>(sql`
    INSERT INTO payment_links (order_id, phone, expires_at, staff_id)
    SELECT o.id, o.address->>'phone', now() + make_interval(hours => c.payment_link_hours), ${link.staffId}::int
    FROM orders o, site_config c WHERE o.id = ${link.orderId} AND c.id = 1
    ON CONFLICT (order_id) DO UPDATE SET sends = payment_links.sends + 1, last_sent_at = now(), staff_id = EXCLUDED.staff_id,
      expires_at = ${link.renew ? sql`EXCLUDED.expires_at` : sql`payment_links.expires_at`}
    RETURNING sends`);
  if (!sent) throw new Error(`No order ${link.orderId} to send a payment link for`);
  await queueOrderMessage(rows, settings, { orderId: link.orderId, event: 'payment_link', send: sent.sends });
  return sent.sends;
}

/**
 * Staff send an order's payment link again (the same link), audited, while it is payable: at most once every
 * RESEND_MINUTES and MAX_SENDS times in all (429), 409 once the order is paid, cancelled or the link ran out, 404 when
 * the order was sent none. A balance still owed after its link ran out is asked for again (decision 0062): the link
 * pays for the shop's hours from now, and a payment started at the gateway meanwhile, whose page ran out with the
 * link, is started afresh under a new reference. Refused, nothing changes.
 */
export async function resendPaymentLink(
  ctx: { database: Database; config: AlertSettings },
  staffId: number,
  locale: Locale,
  orderId: number,
) {
  await inTransaction(ctx.database, async (rows) => {
    // The link's row, locked: two resends at once are counted one after the other, the second refused.
    const [link] = await rows<Pick<TableRow<typeof tables.paymentLinks>, 'sends'> & { state: string; balance: boolean; due: boolean }>(sql`
      SELECT ${linkStateSql} AS state, pay.purpose = 'balance' AS balance, l.sends,
        l.last_sent_at <= now() - make_interval(mins => ${RESEND_MINUTES}) AS due
      FROM payment_links l JOIN orders o ON o.id = l.order_id ${latestPaymentSql}
      WHERE l.order_id = ${orderId} FOR UPDATE OF l`);
    if (!link) throw notFound(text(locale, 'paymentLinkNotSent'));
    const renew = link.balance && link.state === 'expired';
    if (link.state !== 'payable' && !renew) throw new ApiError(409, 'payment_link_closed', text(locale, 'paymentLinkClosed'));
    if (!link.due || link.sends >= MAX_SENDS) throw new ApiError(429, 'resend_too_soon', text(locale, 'paymentLinkResendTooSoon'));
    if (renew)
      await rows(sql`UPDATE payments SET reference = ${newPaymentReference()}, redirect_url = NULL, updated_at = now()
        WHERE order_id = ${orderId} AND purpose = 'balance' AND status = 'pending' AND redirect_url IS NOT NULL`);
    const sends = await sendPaymentLink(rows, ctx.config, { orderId, staffId, renew });
    await recordAudit(rows, { staffId, action: 'order.resend_payment_link', entity: 'order', entityId: orderId, after: { sends } });
  });
}

const invalid = (locale: Locale) => new ApiError(400, 'invalid_link', text(locale, 'paymentLinkInvalid'));

/** The order a payment link's token names (one sent a link), or 400 invalid_link. */
async function linkedOrder(database: Database, config: Pick<Config, 'secretKey'>, locale: Locale, token: string) {
  const orderNumber = paymentLinkOrderNumber(config.secretKey, token);
  if (orderNumber === null) throw invalid(locale);
  const [order] = await database.rows<Pick<TableRow<typeof tables.orders>, 'id' | 'locale'>>(sql`
    SELECT o.id, o.locale FROM orders o JOIN payment_links l ON l.order_id = o.id WHERE o.order_number = ${orderNumber}`);
  if (!order) throw invalid(locale);
  return order;
}

/** What the link's page shows: the order (names in `locale`) and where its link stands; reading changes nothing. */
export async function paymentLinkView(
  database: Database,
  config: Pick<Config, 'secretKey'>,
  locale: Locale,
  token: string,
): Promise<PaymentLinkView> {
  const order = await linkedOrder(database, config, locale, token);
  const l = sql.raw(locale);
  const row = oneRow(
    await database.rows<{ view: PaymentLinkView }>(sql`
    SELECT json_build_object(
      'order_number', o.order_number, 'total', trim_scale(o.total_piastres::numeric / 100),
      'amount_due', trim_scale((${amountDueSql})::numeric / 100), 'balance', pay.purpose = 'balance', 'payment_method', pay.method,
      'items', (SELECT coalesce(json_agg(json_build_object('name', coalesce(pr.name_${l}, ofr.name_${l}), 'size_ml', oi.size_ml,
          'quantity', oi.quantity) ORDER BY oi.id), '[]')
        FROM order_items oi LEFT JOIN products pr ON pr.id = oi.product_id LEFT JOIN offers ofr ON ofr.id = oi.offer_id
        WHERE oi.order_id = o.id),
      'expires_at', l.expires_at, 'state', ${linkStateSql}) AS view
    FROM orders o JOIN payment_links l ON l.order_id = o.id ${latestPaymentSql}
    WHERE o.id = ${order.id}`),
  );
  return row.view;
}

/**
 * The link page's "Pay": where the customer pays what the link asks for (the order's pending payment, or its balance),
 * started with the gateway the first time (the payment page's key lasting until the link runs out) and the same page
 * again after; a balance whose last attempt was declined gets a new payment. Null once nothing is owed, the order is
 * cancelled or the link ran out, when nothing changes. `origin` is the shop's address the customer is on. Answers the
 * order's language with it; 400 invalid_link for a token not the shop's.
 */
export async function payByLink(ctx: { database: Database; config: Config }, locale: Locale, token: string, origin: string) {
  const order = await linkedOrder(ctx.database, ctx.config, locale, token);
  const read = async () =>
    (
      await ctx.database.rows<LatestPayment & { state: string; due: number; phone: string; name: string; seconds: number }>(sql`
    SELECT ${linkStateSql} AS state, pay.id, pay.method, pay.purpose, pay.status, pay.reference, pay.redirect_url, pay.amount_piastres,
      ${amountDueSql} AS due,
      o.address->>'phone' AS phone, o.address->>'name' AS name, floor(extract(epoch FROM l.expires_at - now()))::int AS seconds
    FROM orders o JOIN payment_links l ON l.order_id = o.id ${latestPaymentSql}
    WHERE o.id = ${order.id}`)
    )[0];
  let payment = await read();
  if (payment?.state === 'payable' && payment.purpose === 'balance' && payment.status !== 'pending') {
    const due = payment.due;
    await inTransaction(ctx.database, (rows) => openBalancePayment(rows, ctx.config, order.id, due));
    payment = await read();
  }
  if (!payment || payment.state !== 'payable' || payment.status !== 'pending') return { url: null, locale: order.locale };
  if (payment.redirect_url) return { url: payment.redirect_url, locale: order.locale };
  // One press starts the payment (the gateway takes each payment's reference once); another at the same moment (a
  // double click) goes back to the page, which then leads to the payment started.
  const [claimed] = await ctx.database.rows(sql`
    UPDATE payments SET redirect_url = '' WHERE id = ${payment.id} AND redirect_url IS NULL RETURNING id`);
  if (!claimed) return { url: null, locale: order.locale };
  const url = await startPayment(
    ctx.database,
    ctx.config,
    { id: payment.id, reference: payment.reference, method: payment.method, walletPhone: payment.phone },
    // The gateway is asked for the payment's own amount, which its callback must match.
    { total: payment.amount_piastres / 100, address: { name: payment.name, phone: payment.phone } },
    origin,
    payment.seconds,
  ).catch(async (error: unknown) => {
    // The gateway failed: the next press tries again.
    await ctx.database.rows(sql`UPDATE payments SET redirect_url = NULL WHERE id = ${payment.id} AND redirect_url = ''`);
    throw error;
  });
  return { url, locale: order.locale };
}
