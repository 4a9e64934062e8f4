/**
 * Cash orders confirmed by their shopper before packing (decision 0048). An order the shop's rule caught waits in
 * `awaiting_shopper` (confirmations/asking.ts) with one question row; {@link answerConfirmation} is the one way it is
 * answered, by the signed link, by WhatsApp or by staff after a call: a conditional update of the row (`answer IS
 * NULL`), so of two answers at once exactly one wins, and the order's transition (orders/process.ts) in the same
 * transaction: confirmed → `placed`, cancelled → `cancelled` with its stock, points and promotion use given back.
 * {@link sweepConfirmations} flags unanswered orders to staff and cancels those nobody answered in time.
 */
import { sql } from 'drizzle-orm';
import type { ConfirmationAnswer, ConfirmationChannel, Locale, OrderConfirmation } from '@attar/contract';
import type { Config } from '../config';
import type { Database } from '../db/client';
import type * as tables from '../db/schema';
import type { TableRow } from '../db/table-row';
import type { FastifyBaseLogger } from 'fastify';
import { inTransaction, type Rows } from '../db/transaction';
import { ApiError, notFound } from '../http/errors';
import { readToken } from '../http/signed-tokens';
import { text } from '../i18n/catalogue';
import { recordAudit } from '../audit/service';
import { queueOrderMessage } from '../messages/outbox';
import type { AlertSettings } from '../messages/order-alerts';
import { OrderChanged, transitionIn } from '../orders/process';
import type { ShopperReplies } from '../whatsapp/replies';
import { CONFIRM_PURPOSE } from './link';

/** Staff may send the question again once every RESEND_MINUTES, and the question goes out at most MAX_SENDS times. */
export const RESEND_MINUTES = 10;
export const MAX_SENDS = 5;
/** How often the job looks for unanswered questions. */
export const CONFIRMATIONS_CRON = '*/5 * * * *';

export type ConfirmationContext = { database: Database; config: AlertSettings };
type Via = Exclude<ConfirmationChannel, 'timeout'>;

const movedMeanwhile = (error: unknown) => error instanceof ApiError && error.code === 'invalid_transition';
const answered = (locale: Locale) => new ApiError(409, 'confirmation_answered', text(locale, 'confirmationAnswered'));
const expired = (locale: Locale) => new ApiError(410, 'link_expired', text(locale, 'confirmationLinkExpired'));

/**
 * Answers a cash order's question for its shopper: `confirm` moves it to `placed` (the board's queue to confirm, the
 * new-order alert and the shopper's message), `cancel` to `cancelled` (stock, points and promotion use back, the
 * shopper told). `via` says who answered: the shopper's link or WhatsApp (refused once the question expired), the
 * shopper's account (cancelling the order there) or a staff member (`staffId`, audited; `version` the order's version
 * they decided on). Refused, changing nothing: 404 for no
 * question, 409 `confirmation_answered` once answered (by anyone) or the order moved, 410 `link_expired`.
 */
export async function answerConfirmation(
  ctx: ConfirmationContext,
  locale: Locale,
  orderId: number,
  answer: ConfirmationAnswer,
  via: Via,
  staff: { staffId: number; version: number } | null = null,
) {
  return inTransaction(ctx.database, (rows) => answerIn(rows, ctx.config, locale, orderId, answer, via, staff));
}

/** {@link answerConfirmation} inside the caller's transaction. */
async function answerIn(
  rows: Rows,
  config: AlertSettings,
  locale: Locale,
  orderId: number,
  answer: ConfirmationAnswer,
  via: Via,
  staff: { staffId: number; version: number } | null,
) {
  // The row's lock orders two answers: the second finds it answered.
  const [open] = await rows<Pick<TableRow<typeof tables.orders>, 'locale' | 'version'> & { live: boolean }>(sql`
      UPDATE order_confirmations c SET answer = ${answer === 'confirm' ? 'confirmed' : 'cancelled'}, answered_via = ${via},
        answered_at = now(), staff_id = ${staff?.staffId ?? null}
      FROM orders o
      WHERE c.order_id = ${orderId} AND o.id = c.order_id AND c.answer IS NULL AND o.status = 'awaiting_shopper'
        AND (${via === 'staff' || via === 'account'} OR c.expires_at > now())
      RETURNING o.locale, c.expires_at > now() AS live, o.version`);
  if (!open) {
    const [question] = await rows<
      Pick<TableRow<typeof tables.orderConfirmations>, 'answer'> & Pick<TableRow<typeof tables.orders>, 'status'> & { live: boolean }
    >(sql`
        SELECT c.answer, o.status, c.expires_at > now() AS live
        FROM order_confirmations c JOIN orders o ON o.id = c.order_id WHERE c.order_id = ${orderId}`);
    if (!question) throw notFound(text(locale, 'confirmationNotAsked'));
    if (question.answer === null && question.status === 'awaiting_shopper' && !question.live) throw expired(locale);
    throw answered(locale);
  }
  if (staff && open.version !== staff.version) throw new OrderChanged(locale);
  const to = answer === 'confirm' ? 'placed' : 'cancelled';
  await transitionIn(rows, config, open.locale, orderId, to, { from: ['awaiting_shopper'], staffId: staff?.staffId ?? null }).catch(
    (error: unknown) => {
      // Moved by staff between the two statements: answered, in effect; the row's answer rolls back with this.
      throw movedMeanwhile(error) ? answered(locale) : error;
    },
  );
  if (staff) {
    await recordAudit(rows, {
      staffId: staff.staffId,
      action: 'order.confirm_for_shopper',
      entity: 'order',
      entityId: orderId,
      before: { status: 'awaiting_shopper' },
      after: { status: to, answer },
    });
  }
}

/**
 * A shopper's Confirm or Cancel button on WhatsApp (whatsapp/replies.ts), in the transaction that records it: answered
 * as the link answers, while the question is open; an answer to a question no longer open (answered, expired, the
 * order moved) is recorded and changes nothing.
 */
export const confirmationReplies = (config: AlertSettings, log: FastifyBaseLogger): ShopperReplies => ({
  async onShopperReply(rows, reply) {
    // Locked: nobody answers between this look and the answer.
    const [open] = await rows<Pick<TableRow<typeof tables.orders>, 'id' | 'locale'>>(sql`
      SELECT o.id, o.locale FROM order_confirmations c JOIN orders o ON o.id = c.order_id
      WHERE o.order_number = ${reply.orderNumber} AND c.answer IS NULL AND o.status = 'awaiting_shopper' AND c.expires_at > now()
      FOR UPDATE`);
    if (!open) {
      log.info({ orderNumber: reply.orderNumber, answer: reply.answer }, 'WhatsApp answer to a question no longer open');
      return;
    }
    await answerIn(rows, config, open.locale, open.id, reply.answer, 'whatsapp', null);
  },
});

/** The order a confirmation token names, or the 400 / 410 a bad or expired link gets. */
async function tokenOrder(database: Database, config: Pick<Config, 'secretKey'>, locale: Locale, token: string) {
  const check = readToken(config.secretKey, 'order', CONFIRM_PURPOSE, token);
  if (!check.ok && check.reason === 'expired') throw expired(locale);
  if (!check.ok) throw new ApiError(400, 'invalid_link', text(locale, 'confirmationLinkInvalid'));
  const [order] = await database.rows<Pick<TableRow<typeof tables.orders>, 'id'>>(sql`
    SELECT o.id FROM orders o JOIN order_confirmations c ON c.order_id = o.id WHERE o.order_number = ${check.subject}`);
  if (!order) throw new ApiError(400, 'invalid_link', text(locale, 'confirmationLinkInvalid'));
  return order.id;
}

/** The order as its confirmation page shows it (names in `locale`); reading changes nothing. */
export async function confirmationView(database: Database, locale: Locale, orderId: number): Promise<OrderConfirmation> {
  const l = sql.raw(locale);
  const [row] = await database.rows<{ view: OrderConfirmation }>(sql`
    SELECT json_build_object(
      'order_number', o.order_number, 'status', o.status, 'total', trim_scale(o.total_piastres::numeric / 100),
      'items', (SELECT coalesce(json_agg(json_build_object('name', coalesce(p.name_${l}, ofr.name_${l}), 'size_ml', oi.size_ml,
          'quantity', oi.quantity) ORDER BY oi.id), '[]')
        FROM order_items oi LEFT JOIN products p ON p.id = oi.product_id LEFT JOIN offers ofr ON ofr.id = oi.offer_id
        WHERE oi.order_id = o.id),
      'address', (o.address - 'region_id' - 'city_id') || jsonb_build_object(
        'region', json_build_object('id', r.id, 'name', r.name_${l}), 'city', json_build_object('id', ci.id, 'name', ci.name_${l})),
      'expires_at', c.expires_at,
      -- Answered by anyone, or moved on without an answer (staff cancelled it): no longer open either way.
      'answer', coalesce(c.answer, CASE WHEN o.status = 'cancelled' THEN 'cancelled'
        WHEN o.status <> 'awaiting_shopper' THEN 'confirmed' END)) AS view
    FROM orders o JOIN order_confirmations c ON c.order_id = o.id
      JOIN regions r ON r.id = (o.address->>'region_id')::int LEFT JOIN cities ci ON ci.id = (o.address->>'city_id')::int
    WHERE o.id = ${orderId}`);
  if (!row) throw notFound();
  return row.view;
}

/** What the link's page shows: the order and whether it is still open; 400 for a forged link, 410 for an expired one. */
export async function confirmationByToken(database: Database, config: Pick<Config, 'secretKey'>, locale: Locale, token: string) {
  return confirmationView(database, locale, await tokenOrder(database, config, locale, token));
}

/** The shopper's answer through the link's page (a POST: link previewers only GET). */
export async function answerByToken(
  ctx: ConfirmationContext & { config: Pick<Config, 'secretKey'> },
  locale: Locale,
  token: string,
  answer: ConfirmationAnswer,
) {
  const orderId = await tokenOrder(ctx.database, ctx.config, locale, token);
  await answerConfirmation(ctx, locale, orderId, answer, 'link');
  return confirmationView(ctx.database, locale, orderId);
}

/**
 * Staff send the question again (SMS and e-mail, the same link): at most once every RESEND_MINUTES and MAX_SENDS
 * times in all (429 otherwise), while it is open (409); audited, queued in the same transaction.
 */
export async function resendConfirmation(ctx: ConfirmationContext, staffId: number, locale: Locale, orderId: number) {
  await inTransaction(ctx.database, async (rows) => {
    const [sent] = await rows<Pick<TableRow<typeof tables.orderConfirmations>, 'sends'>>(sql`
      UPDATE order_confirmations c SET sends = c.sends + 1, last_sent_at = now()
      FROM orders o
      WHERE c.order_id = ${orderId} AND o.id = c.order_id AND c.answer IS NULL AND o.status = 'awaiting_shopper'
        AND c.expires_at > now() AND c.sends < ${MAX_SENDS} AND c.last_sent_at <= now() - make_interval(mins => ${RESEND_MINUTES})
      RETURNING c.sends`);
    if (!sent) {
      const [question] = await rows<{ open: boolean }>(sql`
        SELECT c.answer IS NULL AND o.status = 'awaiting_shopper' AND c.expires_at > now() AS open
        FROM order_confirmations c JOIN orders o ON o.id = c.order_id WHERE c.order_id = ${orderId}`);
      if (!question) throw notFound(text(locale, 'confirmationNotAsked'));
      if (!question.open) throw answered(locale);
      throw new ApiError(429, 'resend_too_soon', text(locale, 'confirmationResendTooSoon'));
    }
    await queueOrderMessage(rows, ctx.config, { orderId, event: 'confirmation_request', send: sent.sends });
    await recordAudit(rows, {
      staffId,
      action: 'order.resend_confirmation',
      entity: 'order',
      entityId: orderId,
      after: { sends: sent.sends },
    });
  });
}

/**
 * The job's sweep, every five minutes: open questions older than the shop's "flag after" hours are flagged (once, a
 * conditional update), those past their expiry are answered `timeout` and their orders cancelled, the shopper told,
 * each in its own transaction. Two instances sweeping at once answer each question once. Answers what it did.
 */
export async function sweepConfirmations(database: Database, settings: AlertSettings) {
  const flagged = await database.rows<Pick<TableRow<typeof tables.orderConfirmations>, 'order_id'>>(sql`
    UPDATE order_confirmations c SET flagged_at = now()
    FROM site_config s, orders o
    WHERE s.id = 1 AND o.id = c.order_id AND o.status = 'awaiting_shopper' AND c.answer IS NULL AND c.flagged_at IS NULL
      AND c.asked_at <= now() - make_interval(hours => s.cod_confirm_flag_hours)
    RETURNING c.order_id`);
  const due = await database.rows<Pick<TableRow<typeof tables.orderConfirmations>, 'order_id'>>(sql`
    SELECT c.order_id FROM order_confirmations c JOIN orders o ON o.id = c.order_id
    WHERE c.answer IS NULL AND c.expires_at <= now() AND o.status = 'awaiting_shopper' ORDER BY c.expires_at`);
  const cancelled: number[] = [];
  for (const { order_id: orderId } of due) {
    const done = await inTransaction(database, async (rows) => {
      const [open] = await rows<Pick<TableRow<typeof tables.orders>, 'locale'>>(sql`
        UPDATE order_confirmations c SET answer = 'cancelled', answered_via = 'timeout', answered_at = now()
        FROM orders o
        WHERE c.order_id = ${orderId} AND o.id = c.order_id AND c.answer IS NULL AND c.expires_at <= now()
          AND o.status = 'awaiting_shopper'
        RETURNING o.locale`);
      if (!open) return false;
      await transitionIn(rows, settings, open.locale, orderId, 'cancelled', { from: ['awaiting_shopper'] });
      return true;
    }).catch((error: unknown) => {
      if (movedMeanwhile(error)) return false;
      throw error;
    });
    if (done) cancelled.push(orderId);
  }
  return { flagged: flagged.map((row) => row.order_id), cancelled };
}
