/**
 * Online payments (card, mobile wallet, kiosk reference, valU; decision 0014) through Paymob's accept flow (payment
 * key → the method's page or reference → HMAC-signed callback on the method's own path). In demo mode without Paymob
 * keys, a built-in test gateway page approves or declines every method. Each payment is settled only by its own
 * provider: Paymob's signed callback for Paymob payments, the test gateway's page for test ones.
 *
 * An order paid online becomes `placed` only once its payment is settled as paid. Money that arrives for an order
 * that was cancelled meanwhile is refunded, not kept; cancelling a paid order refunds what was paid. Refunds are rows
 * of their own, and the payment's `refunded_piastres` (kept within what was paid by a CHECK and a conditional
 * update) makes a second refund of the same money impossible, however many cancellations race.
 */
import { paymentOutcomes } from '../ops/metrics';
import { createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Locale, OrderStatus, PaymentMethod } from '@attar/contract';
import type { Config } from '../config';
import type { Database } from '../db/client';
import { ApiError } from '../http/errors';
import { text } from '../i18n/catalogue';
import { inTransaction, type Rows } from '../db/transaction';
import { recordAudit } from '../audit/service';
import { queueOrderMessage } from '../messages/outbox';
import { KIOSK_PAYABLE_HOURS, KIOSK_REMINDER_HOURS } from '@attar/contract/rules';
import type { AlertSettings } from '../messages/order-alerts';
import { transition, transitionIn, type TransitionOptions } from '../orders/process';
import type * as tables from '../db/schema';
import type { TableRow } from '../db/table-row';
import { oneRow } from '../db/one-row';

/** An online order's payment, to start at the gateway once the order exists. */
export type NewPayment = { id: number; reference: string; method: Exclude<PaymentMethod, 'cod'>; walletPhone: string };
export type OnlineMethod = NewPayment['method'];

/** The transaction fields Paymob signs, in the order it concatenates them. */
const SIGNED_FIELDS = [
  'amount_cents',
  'created_at',
  'currency',
  'error_occured',
  'has_parent_transaction',
  'id',
  'integration_id',
  'is_3d_secure',
  'is_auth',
  'is_capture',
  'is_refunded',
  'is_standalone_payment',
  'is_voided',
  'order.id',
  'owner',
  'pending',
  'source_data.pan',
  'source_data.sub_type',
  'source_data.type',
  'success',
] as const;

export type PaymobTransaction = Record<string, unknown> & {
  id: number | string;
  amount_cents: number;
  success: boolean;
  pending?: boolean;
  is_refund?: boolean;
  order: { id: number | string; merchant_order_id?: string | number };
};

export type PaymentsContext = { database: Database; config: Config; log: FastifyBaseLogger };

/** A new payment's reference: 128 random bits, base64url. */
export const newPaymentReference = () => randomBytes(16).toString('base64url');

const field = (obj: Record<string, unknown>, path: string): unknown =>
  path
    .split('.')
    .reduce<unknown>((value, key) => (value && typeof value === 'object' ? (value as Record<string, unknown>)[key] : undefined), obj);

export function signTransaction(obj: Record<string, unknown>, secret: string): string {
  const text = SIGNED_FIELDS.map((path) => String(field(obj, path) ?? '')).join('');
  return createHmac('sha512', secret).update(text).digest('hex');
}

function signatureValid(obj: Record<string, unknown>, hmac: string, secret: string) {
  const expected = Buffer.from(signTransaction(obj, secret), 'hex');
  const given = Buffer.from(/^[0-9a-f]+$/i.test(hmac) ? hmac : '', 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

const refuse = (locale: Locale, status: number, code: string, key: Parameters<typeof text>[1]) =>
  new ApiError(status, code, text(locale, key));

type PaymentRow = {
  id: number;
  order_id: number;
  provider: 'paymob' | 'test';
  method: OnlineMethod;
  purpose: 'order' | 'balance';
  amount_piastres: number;
  status: string;
  transaction_id: string | null;
  locale: Locale;
};

async function paymentByReference(database: Database, provider: PaymentRow['provider'], reference: string) {
  const [payment] = await database.rows<PaymentRow>(sql`
    SELECT p.id, p.order_id, p.provider, p.method, p.purpose, p.amount_piastres, p.status, p.transaction_id, o.locale
    FROM payments p JOIN orders o ON o.id = p.order_id
    WHERE p.reference = ${reference} AND p.provider = ${provider}`);
  return payment;
}

/** PostgreSQL's unique_violation on the (provider, transaction id) key. */
const transactionTaken = (error: unknown) => {
  const e = error as { code?: string; constraint?: string; cause?: { code?: string; constraint?: string } };
  const pg = e?.code === '23505' ? e : e?.cause;
  return pg?.code === '23505' && pg.constraint === 'payments_provider_transaction';
};

/** What a settlement answers the gateway. */
export type Settled = { detail: string };

/**
 * Settles a payment with the outcome its own provider reported. A first outcome wins (conditional update); the same
 * transaction again is answered "Already processed."; another transaction for a settled payment, or a transaction id
 * already recorded on another payment, is a 400 and changes nothing. The payment, the order's move (placed, or
 * cancelled when declined) and what it tells people are one transaction: a payment is never recorded without its order.
 * A balance's payment (decision 0062) never moves the order: paid, it is recorded in the order's audit log (the order's
 * page shows it in words); declined, the link asks again; paid for an order cancelled meanwhile, it is refunded.
 */
export async function settlePayment(
  ctx: PaymentsContext,
  provider: PaymentRow['provider'],
  reference: string,
  outcome: { transactionId: string; success: boolean; amountPiastres: number },
): Promise<Settled> {
  const payment = await paymentByReference(ctx.database, provider, reference);
  if (!payment) throw refuse('en', 400, 'unknown_order', 'paymentUnknown');
  if (outcome.amountPiastres !== payment.amount_piastres) throw refuse('en', 400, 'amount_mismatch', 'paymentAmountMismatch');
  const settled = await inTransaction(ctx.database, async (rows) => {
    const [claimed] = await rows<Pick<TableRow<typeof tables.payments>, 'id'>>(sql`
      UPDATE payments SET status = ${outcome.success ? 'paid' : 'declined'}, transaction_id = ${outcome.transactionId}, updated_at = now()
      WHERE id = ${payment.id} AND status = 'pending' RETURNING id`);
    if (!claimed) return 'already' as const;
    if (payment.purpose === 'balance') return outcome.success ? settleBalance(rows, payment) : ('moved' as const);
    const to = outcome.success ? 'placed' : 'cancelled';
    const moved = await transitionIn(rows, ctx.config, payment.locale, payment.order_id, to, { from: ['pending_payment'] }).catch(
      ignoreInvalidTransition,
    );
    return moved ? 'moved' : 'order_gone';
  }).catch((error: unknown) => {
    if (transactionTaken(error)) throw refuse('en', 400, 'transaction_reused', 'paymentTransactionReused');
    throw error;
  });
  if (settled === 'already') {
    const [now] = await ctx.database.rows<Pick<TableRow<typeof tables.payments>, 'transaction_id'>>(
      sql`SELECT transaction_id FROM payments WHERE id = ${payment.id}`,
    );
    if (now?.transaction_id === outcome.transactionId) return { detail: text('en', 'paymentAlreadyProcessed') };
    throw refuse('en', 400, 'transaction_reused', 'paymentTransactionReused');
  }
  paymentOutcomes.inc({ outcome: outcome.success ? 'paid' : 'declined' });
  if (!outcome.success) return { detail: text('en', 'paymentDeclined') };
  if (settled === 'order_gone') {
    // The order was cancelled while the shopper paid: the money goes back, it is not recorded against a dead order.
    await startRefund(ctx, payment.id, payment.amount_piastres, 'paid_after_cancellation');
    return { detail: text('en', 'paymentRefundedAfterCancel') };
  }
  return { detail: text('en', 'paymentRecorded') };
}

/** A balance's money arrived: recorded against the order unless the order was cancelled meanwhile (then refunded). */
async function settleBalance(rows: Rows, payment: PaymentRow) {
  const [order] = await rows<Pick<TableRow<typeof tables.orders>, 'status'>>(sql`
    SELECT status FROM orders WHERE id = ${payment.order_id} FOR UPDATE`);
  if (!order || order.status === 'cancelled') return 'order_gone' as const;
  await recordAudit(rows, {
    staffId: null,
    action: 'order.balance_paid',
    entity: 'order',
    entityId: payment.order_id,
    after: { balance_paid_piastres: payment.amount_piastres },
  });
  return 'moved' as const;
}

/**
 * Online orders left unpaid are cancelled, giving back their stock, points and promotion use: a kiosk reference after
 * the 48 hours it is payable for (what the shopper is told), a payment page after two hours (its key lasts one; the
 * second is grace for a slow callback), a phone order's payment link an hour after it ran out (decision 0060). Money that still arrives afterwards is refunded, as for any cancelled order.
 * Run by the hourly housekeeping; each cancellation queues its messages in its own transaction. Answers the orders it
 * cancelled.
 */
export async function expireUnpaidOrders(database: Database, settings: AlertSettings): Promise<{ id: number }[]> {
  const due = await database.rows<Pick<TableRow<typeof tables.orders>, 'id' | 'locale'>>(sql`
    SELECT o.id, o.locale FROM orders o JOIN payments p ON p.order_id = o.id AND p.status = 'pending'
      LEFT JOIN payment_links l ON l.order_id = o.id
    WHERE o.status = 'pending_payment'
      AND CASE WHEN l.order_id IS NOT NULL THEN l.expires_at < now() - interval '1 hour'
        ELSE p.created_at < now() - CASE WHEN p.method = 'kiosk' THEN make_interval(hours => ${KIOSK_PAYABLE_HOURS}) ELSE interval '2 hours' END
      END
    ORDER BY o.id`);
  const cancelled: { id: number }[] = [];
  for (const order of due) {
    // Paid or cancelled meanwhile: the state machine refuses, and the order is left as it is.
    const moved = await transition(database, settings, order.locale, order.id, 'cancelled', { from: ['pending_payment'] }).catch(
      ignoreInvalidTransition,
    );
    if (moved) cancelled.push({ id: order.id });
  }
  return cancelled;
}

/**
 * Reminds each kiosk payer whose reference runs out within KIOSK_REMINDER_HOURS and is still unpaid: an SMS and an
 * e-mail with the reference and the deadline, queued in a transaction that finds the order still waiting. Run by the
 * hourly housekeeping; the outbox's key (`order:<id>:kiosk_reminder:<channel>`) makes it once per order however many
 * runs see it. Answers the orders reminded.
 */
export async function remindKioskPayers(database: Database, settings: AlertSettings): Promise<{ id: number }[]> {
  const due = await database.rows<Pick<TableRow<typeof tables.orders>, 'id'>>(sql`
    SELECT o.id FROM orders o
      JOIN payments p ON p.order_id = o.id AND p.status = 'pending' AND p.method = 'kiosk' AND p.kiosk_reference IS NOT NULL
    WHERE o.status = 'pending_payment'
      AND p.created_at < now() - make_interval(hours => ${KIOSK_PAYABLE_HOURS - KIOSK_REMINDER_HOURS})
      AND p.created_at > now() - make_interval(hours => ${KIOSK_PAYABLE_HOURS})
      AND NOT EXISTS (SELECT 1 FROM queued_messages q WHERE q.order_id = o.id AND q.key LIKE 'order:' || o.id || ':kiosk_reminder:%')
    ORDER BY o.id`);
  const reminded: { id: number }[] = [];
  for (const order of due) {
    const told = await inTransaction(database, async (rows) => {
      // Paid or cancelled meanwhile: nothing to remind of.
      const [still] = await rows<Pick<TableRow<typeof tables.orders>, 'id'>>(sql`
        SELECT id FROM orders WHERE id = ${order.id} AND status = 'pending_payment' FOR UPDATE`);
      if (!still) return false;
      await queueOrderMessage(rows, settings, { orderId: order.id, event: 'kiosk_reminder' });
      return true;
    });
    if (told) reminded.push(order);
  }
  return reminded;
}

/** A transition the state machine refuses (someone else moved the order first) is not an error for the caller here. */
const ignoreInvalidTransition = (error: unknown) => {
  if (error instanceof ApiError && error.code === 'invalid_transition') return undefined;
  throw error;
};

/**
 * Handles Paymob's signed transaction callback on one method's path: a payment's outcome, or the confirmation of one
 * of our refunds. The transaction must come from that method's integration and be for a payment of that method.
 */
export async function handlePaymobCallback(
  ctx: PaymentsContext,
  obj: PaymobTransaction,
  hmac: string,
  method: OnlineMethod,
): Promise<Settled> {
  const secret = ctx.config.paymob.hmacSecret;
  if (!secret || !signatureValid(obj, hmac, secret)) throw refuse('en', 400, 'bad_signature', 'paymentBadSignature');
  return applyPaymobTransaction(ctx, obj, method);
}

async function applyPaymobTransaction(ctx: PaymentsContext, obj: PaymobTransaction, method: OnlineMethod): Promise<Settled> {
  if (String(obj.integration_id ?? '') !== integrationOf(ctx.config, method)) {
    throw refuse('en', 400, 'wrong_method', 'paymentWrongMethod');
  }
  const reference = String(obj.order?.merchant_order_id ?? '');
  const payment = await paymentByReference(ctx.database, 'paymob', reference);
  if (payment && payment.method !== method) throw refuse('en', 400, 'wrong_method', 'paymentWrongMethod');
  if (obj.is_refund === true) {
    await confirmPaymobRefund(ctx, reference, String(obj.id), Number(obj.amount_cents), obj.success === true && obj.pending !== true);
    return { detail: text('en', 'paymentRecorded') };
  }
  if (obj.pending === true) return { detail: text('en', 'paymentPending') };
  return settlePayment(ctx, 'paymob', reference, {
    transactionId: String(obj.id),
    success: obj.success === true,
    amountPiastres: Number(obj.amount_cents),
  });
}

/**
 * Paymob's transaction response callback: the shopper's browser, back from paying, with the transaction in the query
 * (flattened: `order` is Paymob's order id, `source_data.pan` and so on) signed like the processed callback. It settles
 * the payment too (the processed callback may come later; whichever is first wins) and answers where the shopper goes:
 * the order's result page at the shop's public address, in the language they ordered in.
 */
export async function handlePaymobReturn(ctx: PaymentsContext, query: Record<string, string>): Promise<string> {
  const { hmac = '', order = '', merchant_order_id: reference = '', ...flat } = query;
  const signed: Record<string, unknown> = { ...flat, order: { id: order, merchant_order_id: reference }, source_data: {} };
  for (const [key, value] of Object.entries(flat)) {
    if (key.startsWith('source_data.')) (signed.source_data as Record<string, string>)[key.slice('source_data.'.length)] = value;
  }
  const secret = ctx.config.paymob.hmacSecret;
  if (!secret || !signatureValid(signed, hmac, secret)) throw refuse('en', 400, 'bad_signature', 'paymentBadSignature');
  const payment = await paymentByReference(ctx.database, 'paymob', reference);
  if (!payment) throw refuse('en', 400, 'unknown_order', 'paymentUnknown');
  await applyPaymobTransaction(
    ctx,
    {
      ...flat,
      id: flat.id ?? '',
      amount_cents: Number(flat.amount_cents),
      success: flat.success === 'true',
      pending: flat.pending === 'true',
      is_refund: flat.is_refund === 'true',
      order: { id: order, merchant_order_id: reference },
    },
    payment.method,
  );
  return resultLocation(ctx.database, ctx.config.storefrontUrl, reference);
}

/**
 * The order-result page a payment's shopper is sent back to: `payment=paid|declined` once settled, nothing while
 * pending. `origin` is the shop's public address, or '' for a path on the origin the shopper is on (the test gateway).
 */
export async function resultLocation(database: Database, origin: string, reference: string): Promise<string> {
  const [row] = await database.rows<
    Pick<TableRow<typeof tables.orders>, 'order_number' | 'locale'> & Pick<TableRow<typeof tables.payments>, 'status'>
  >(sql`
    SELECT o.order_number, o.locale, p.status FROM payments p JOIN orders o ON o.id = p.order_id WHERE p.reference = ${reference}`);
  if (!row) throw refuse('en', 400, 'unknown_order', 'paymentUnknown');
  // English lives at the root.
  const localePrefix = row.locale === 'en' ? '' : `/${row.locale}`;
  const outcome = row.status === 'pending' ? '' : `&payment=${row.status === 'declined' ? 'declined' : 'paid'}`;
  return `${origin}${localePrefix}/?order_id=${encodeURIComponent(row.order_number)}${outcome}`;
}

/** The oldest pending refund of that amount on the payment becomes confirmed (or failed); a repeat changes nothing. */
async function confirmPaymobRefund(
  ctx: PaymentsContext,
  reference: string,
  refundTransactionId: string,
  amountPiastres: number,
  success: boolean,
) {
  const payment = await paymentByReference(ctx.database, 'paymob', reference);
  if (!payment) throw refuse('en', 400, 'unknown_order', 'paymentUnknown');
  await settleRefund(
    ctx.database,
    sql`
    SELECT id FROM refunds WHERE payment_id = ${payment.id} AND status = 'pending' AND amount_piastres = ${amountPiastres}
    ORDER BY id LIMIT 1`,
    success,
    refundTransactionId,
    null,
  );
}

/**
 * Settles one pending refund: confirmed, or failed (its amount is given back to what may still be refunded). The
 * payment is `refunded` once everything is confirmed back, `refund_pending` while any refund is pending, else `paid`.
 */
async function settleRefund(
  database: Database,
  which: ReturnType<typeof sql>,
  success: boolean,
  providerReference: string | null,
  error: string | null,
) {
  await database.db.transaction(async (tx) => {
    const rows = async <T>(query: ReturnType<typeof sql>) => ((await tx.execute(query)) as unknown as { rows: T[] }).rows;
    const [refund] = await rows<Pick<TableRow<typeof tables.refunds>, 'payment_id' | 'amount_piastres'>>(sql`
      UPDATE refunds SET status = ${success ? 'confirmed' : 'failed'}, provider_reference = ${providerReference}, error = ${error}, settled_at = now()
      WHERE id = (${which}) AND status = 'pending' RETURNING payment_id, amount_piastres`);
    if (!refund) return;
    await rows(sql`
      UPDATE payments p SET
        refunded_piastres = p.refunded_piastres - ${success ? 0 : refund.amount_piastres},
        status = CASE
          WHEN EXISTS (SELECT 1 FROM refunds r WHERE r.payment_id = p.id AND r.status = 'pending') THEN 'refund_pending'
          WHEN p.refunded_piastres - ${success ? 0 : refund.amount_piastres} = p.amount_piastres THEN 'refunded'
          ELSE 'paid' END,
        updated_at = now()
      WHERE p.id = ${refund.payment_id}`);
  });
}

/**
 * Gives back `amountPiastres` of a paid payment through its gateway. Refused (400) when that would refund more than
 * was paid. A gateway that fails does not undo what asked for the refund (a cancellation stays cancelled): the refund
 * is marked failed with the reason, and the error logged for staff to act on.
 */
export async function startRefund(ctx: PaymentsContext, paymentId: number, amountPiastres: number, reason: string) {
  const refund = await ctx.database.db.transaction(async (tx) => {
    const rows = async <T>(query: ReturnType<typeof sql>) => ((await tx.execute(query)) as unknown as { rows: T[] }).rows;
    const [payment] = await rows<{ provider: PaymentRow['provider']; transaction_id: string }>(sql`
      UPDATE payments SET refunded_piastres = refunded_piastres + ${amountPiastres}, status = 'refund_pending', updated_at = now()
      WHERE id = ${paymentId} AND status IN ('paid', 'refund_pending', 'refunded') AND transaction_id IS NOT NULL
        AND refunded_piastres + ${amountPiastres} <= amount_piastres
      RETURNING provider, transaction_id`);
    if (!payment) return null;
    const row = oneRow(
      await rows<Pick<TableRow<typeof tables.refunds>, 'id'>>(sql`
      INSERT INTO refunds (payment_id, amount_piastres, reason) VALUES (${paymentId}, ${amountPiastres}, ${reason}) RETURNING id`),
    );
    return { id: row.id, ...payment };
  });
  if (!refund) throw refuse('en', 400, 'refund_exceeds_payment', 'refundExceedsPayment');
  const thisRefund = sql`SELECT ${refund.id}::int`;
  if (refund.provider === 'test') {
    // The test gateway gives the money back at once.
    await settleRefund(ctx.database, thisRefund, true, `test-refund-${refund.id}`, null);
    return;
  }
  try {
    const result = await paymobRefund(ctx.config, refund.transaction_id, amountPiastres);
    if (result.success && !result.pending) await settleRefund(ctx.database, thisRefund, true, String(result.id), null);
    // Otherwise Paymob confirms it later through the signed callback (confirmPaymobRefund).
  } catch (error) {
    ctx.log.error({ err: error, paymentId, refundId: refund.id }, 'the card refund could not be started');
    await settleRefund(ctx.database, thisRefund, false, null, error instanceof Error ? error.message : String(error));
  }
}

/** Every paid card payment of an order, refunded in full (an order cancelled after it was paid). */
export async function refundOrder(ctx: PaymentsContext, orderId: number, reason: string) {
  const paid = await ctx.database.rows<Pick<TableRow<typeof tables.payments>, 'id'> & { remaining: number }>(sql`
    SELECT id, amount_piastres - refunded_piastres AS remaining FROM payments
    WHERE order_id = ${orderId} AND status IN ('paid', 'refund_pending') AND refunded_piastres < amount_piastres`);
  for (const payment of paid) {
    await startRefund(ctx, payment.id, payment.remaining, reason).catch((error: unknown) => {
      // A concurrent cancellation refunded it first: nothing is left to give back.
      if (!(error instanceof ApiError && error.code === 'refund_exceeds_payment')) throw error;
    });
  }
}

/**
 * Opens the payment that asks for order `orderId`'s balance of `piastres`, inside the caller's transaction: the order's
 * way to pay online (a kiosk order's balance by card, which a link can take), through the shop's gateway. One balance
 * waits at a time (a partial unique index): a second asked for meanwhile is not made.
 */
export async function openBalancePayment(rows: Rows, config: Pick<Config, 'cardGateway'>, orderId: number, piastres: number) {
  await rows(sql`
    INSERT INTO payments (order_id, provider, method, reference, amount_piastres, purpose)
    SELECT o.id, ${config.cardGateway}, CASE WHEN o.payment_method = 'kiosk' THEN 'card' ELSE o.payment_method END,
      ${newPaymentReference()}, ${piastres}, 'balance'
    FROM orders o WHERE o.id = ${orderId}
    ON CONFLICT (order_id) WHERE purpose = 'balance' AND status = 'pending' DO NOTHING`);
}

/**
 * Gives back `amountPiastres` of an order's money across its payments (an order paid in two, its balance after an
 * edit; decision 0062), the latest first, each within what it kept. Answers what could not be given back (nothing
 * unless the payments kept less, or a concurrent refund took it first).
 */
export async function refundAcross(ctx: PaymentsContext, orderId: number, amountPiastres: number, reason: string) {
  const paid = await ctx.database.rows<Pick<TableRow<typeof tables.payments>, 'id'> & { remaining: number }>(sql`
    SELECT id, amount_piastres - refunded_piastres AS remaining FROM payments
    WHERE order_id = ${orderId} AND status IN ('paid', 'refund_pending', 'refunded') AND transaction_id IS NOT NULL
      AND refunded_piastres < amount_piastres
    ORDER BY id DESC`);
  let left = amountPiastres;
  for (const payment of paid) {
    if (left === 0) break;
    const part = Math.min(left, payment.remaining);
    const given = await startRefund(ctx, payment.id, part, reason).then(
      () => true,
      (error: unknown) => {
        // Refunded meanwhile by another: the next payment gives the rest.
        if (error instanceof ApiError && error.code === 'refund_exceeds_payment') return false;
        throw error;
      },
    );
    if (given) left -= part;
  }
  return left;
}

/** Moves an order along the state machine; an order cancelled after it was paid by card gets the money back. */
export async function moveOrder(ctx: PaymentsContext, locale: Locale, orderId: number, to: OrderStatus, options: TransitionOptions = {}) {
  const moved = await transition(ctx.database, ctx.config, locale, orderId, to, options);
  if (to === 'cancelled') await refundOrder(ctx, orderId, 'order_cancelled');
  return moved;
}

async function paymobPost(config: Config, path: string, body: unknown, authToken?: string) {
  const response = await fetch(`${config.paymob.baseUrl}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(authToken ? { authorization: `Bearer ${authToken}` } : {}) },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(15_000),
  });
  if (!response.ok) throw new Error(`Paymob ${path} answered ${response.status}`);
  return (await response.json()) as Record<string, unknown>;
}

const paymobToken = async (config: Config) =>
  ((await paymobPost(config, '/auth/tokens', { api_key: config.paymob.apiKey })) as { token: string }).token;

/** Paymob's refund call: a new refund transaction on the original one. */
async function paymobRefund(config: Config, transactionId: string, amountPiastres: number) {
  const token = await paymobToken(config);
  const result = await paymobPost(
    config,
    '/acceptance/void_refund/refund',
    { auth_token: token, transaction_id: transactionId, amount_cents: amountPiastres },
    token,
  );
  return result as { id: number | string; success?: boolean; pending?: boolean };
}

/** The Paymob integration each online method is paid through (each signs its own callbacks). */
const integrationOf = (config: Config, method: OnlineMethod) =>
  method === 'card' ? config.paymob.integrationId : config.paymob.integrations[method];

/** A number as Paymob's wallet source wants it: 01xxxxxxxxx. */
const localMobile = (phone: string) => (phone.startsWith('+20') ? `0${phone.slice(3)}` : phone);

/**
 * Starts the payment at Paymob: an order registered under the payment's reference, a payment key for the method's
 * integration, then where the shopper goes: the card's or valU's hosted page, the wallet's confirmation page (its
 * pay call answers with it), or, for a kiosk, no page but the bill reference to pay in cash.
 */
async function startAtPaymob(
  config: Config,
  payment: NewPayment,
  order: { total: number; address: { name: string; phone: string } },
  payableSeconds: number,
) {
  const { iframeId, valuIframeId, baseUrl } = config.paymob;
  const amountCents = Math.round(order.total * 100);
  const token = await paymobToken(config);
  const registered = (await paymobPost(config, '/ecommerce/orders', {
    auth_token: token,
    delivery_needed: false,
    amount_cents: amountCents,
    currency: 'EGP',
    merchant_order_id: payment.reference,
    items: [],
  })) as { id: number };
  const [first = '', ...rest] = order.address.name.split(' ');
  const key = (await paymobPost(config, '/acceptance/payment_keys', {
    auth_token: token,
    amount_cents: amountCents,
    expiration: payableSeconds,
    order_id: registered.id,
    currency: 'EGP',
    integration_id: Number(integrationOf(config, payment.method)),
    billing_data: {
      first_name: first || 'NA',
      last_name: rest.join(' ') || 'NA',
      phone_number: order.address.phone,
      email: 'NA',
      apartment: 'NA',
      floor: 'NA',
      street: 'NA',
      building: 'NA',
      city: 'NA',
      country: 'EG',
      state: 'NA',
      postal_code: 'NA',
      shipping_method: 'NA',
    },
  })) as { token: string };
  const pay = (source: { identifier: string; subtype: string }) =>
    paymobPost(config, '/acceptance/payments/pay', { source, payment_token: key.token });
  switch (payment.method) {
    case 'card':
      return { url: `${baseUrl}/acceptance/iframes/${iframeId}?payment_token=${key.token}`, kioskReference: null };
    case 'valu':
      return { url: `${baseUrl}/acceptance/iframes/${valuIframeId}?payment_token=${key.token}`, kioskReference: null };
    case 'wallet': {
      const answer = await pay({ identifier: localMobile(payment.walletPhone), subtype: 'WALLET' });
      const url = answer.redirect_url ?? answer.iframe_redirection_url;
      if (typeof url !== 'string' || !url) throw new Error('Paymob gave no wallet page');
      return { url, kioskReference: null };
    }
    case 'kiosk': {
      const answer = (await pay({ identifier: 'AGGREGATOR', subtype: 'AGGREGATOR' })) as { data?: { bill_reference?: unknown } };
      const reference = answer.data?.bill_reference;
      if (reference === undefined || reference === null || reference === '') throw new Error('Paymob gave no kiosk reference');
      return { url: null, kioskReference: String(reference) };
    }
  }
}

/**
 * The address of the shop the shopper is on, for the pages they go to and come back from: the shop's public address
 * (PUBLIC_URL); in demo mode, the storefront origin the request came from when it is one of the allowed ones (both
 * localhost and 127.0.0.1), so the shopper comes back to the same browser storage (their cart and sign-in).
 */
export function shopOrigin(config: Config, requestOrigin: string | undefined): string {
  if (config.mode === 'demo' && requestOrigin && config.corsOrigins.includes(requestOrigin)) return requestOrigin;
  return new URL(config.storefrontUrl).origin;
}

/**
 * Where and how the shopper pays: through Paymob, or the built-in test gateway's page (demo mode), which stands in
 * for every method; a kiosk order there gets a made-up reference to show. The test gateway's page is served through
 * the shop's own address (`origin`, whose /api/ leads to the API), so it sends the shopper back to that address.
 * `payableSeconds`: how long the payment page stays payable, by default a kiosk reference's 48 hours (what the
 * storefront tells the shopper) and a page's one; a payment link's page, as long as the link (decision 0060).
 * Answers where the shopper pays (null for a kiosk reference).
 */
export async function startPayment(
  database: Database,
  config: Config,
  payment: NewPayment,
  order: { total: number; address: { name: string; phone: string } },
  origin: string,
  payableSeconds = payment.method === 'kiosk' ? KIOSK_PAYABLE_HOURS * 3600 : 3600,
) {
  const started =
    config.cardGateway === 'paymob'
      ? await startAtPaymob(config, payment, order, payableSeconds)
      : {
          url: `${origin}/api/payments/test/${payment.reference}/`,
          kioskReference: payment.method === 'kiosk' ? String(randomInt(100_000_000, 1_000_000_000)) : null,
        };
  await inTransaction(database, async (rows) => {
    await rows(sql`
      UPDATE payments SET redirect_url = ${started.url}, kiosk_reference = ${started.kioskReference} WHERE id = ${payment.id}`);
    // A kiosk order is told of once it has its reference (and the time it runs out) to tell.
    if (started.kioskReference !== null) {
      const paid = oneRow(
        await rows<Pick<TableRow<typeof tables.payments>, 'order_id'>>(sql`SELECT order_id FROM payments WHERE id = ${payment.id}`),
      );
      await queueOrderMessage(rows, config, { orderId: paid.order_id, status: 'pending_payment' });
    }
  });
  return started.url;
}

/** The test gateway's page: the payment behind a reference, while it is a test payment. */
export async function testPayment(database: Database, reference: string) {
  const [payment] = await database.rows<
    Pick<TableRow<typeof tables.payments>, 'amount_piastres' | 'status' | 'method' | 'kiosk_reference'> &
      Pick<TableRow<typeof tables.orders>, 'order_number' | 'locale'>
  >(sql`
    SELECT p.amount_piastres, p.status, p.method, p.kiosk_reference, o.order_number, o.locale
    FROM payments p JOIN orders o ON o.id = p.order_id
    WHERE p.reference = ${reference} AND p.provider = 'test'`);
  return payment;
}
