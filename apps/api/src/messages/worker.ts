/**
 * Sends the outbox's rows (outbox.ts, decision 0032). A worker claims a batch of due rows with a lease (`FOR UPDATE SKIP
 * LOCKED`: two workers never claim one row), sends them side by side, and records each send before it moves on, so a
 * failure on one channel never repeats another. It claims again at once while there is work; otherwise it waits for
 * the NOTIFY of a committed change or the next due retry, a few seconds at most in case a notification was missed. A
 * row held by an instance that died is claimed again when its lease ends; every send gives up well within the lease.
 * A failed send is retried with back-off, and after MAX_ATTEMPTS the row is `dead` (the back office's to retry); a
 * failed WhatsApp message of an order is dead at once, and the SMS held behind it is sent instead (whatsapp/service.ts);
 * a back-in-stock alert's is retried until its fallback time, when the fallback goes instead (decision 0059).
 */
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { QueuedMessageKind } from '@attar/contract';
import type { Config } from '../config';
import type { Database } from '../db/client';
import type * as tables from '../db/schema';
import type { TableRow } from '../db/table-row';
import { inTransaction } from '../db/transaction';
import type { Delivery, Sent } from '../delivery/service';
import { createWhatsapp } from '../delivery/whatsapp';
import { releaseFallback, settleStatuses } from '../whatsapp/service';
import { renderBackInStock, type BackInStockPayload } from './back-in-stock';
import { renderOrderAlert } from './order-alerts';
import { renderOrderMessage, renderWhatsappMessage, type OrderMessagePayload } from './order-messages';
import { messageLag } from './metrics';
import { NOTIFY_CHANNEL } from './outbox';

export type OutboxContext = { database: Database; config: Config; delivery: Delivery; log: FastifyBaseLogger };

/** How long a claim holds its rows: sends time out after 10 s (delivery/service.ts), well within it. */
const LEASE_SECONDS = 30;
/** Rows claimed at once, all sent side by side. */
const BATCH = 10;
/** The longest wait between looks at the table, should a notification be missed. */
const IDLE_WAIT_MS = 5_000;
export const MAX_ATTEMPTS = 8;
/** Seconds before the next attempt after the nth failure (the last repeats). */
const LONGEST_BACKOFF_SECONDS = 3600;
const BACKOFF_SECONDS = [10, 30, 60, 300, 900, 1800, LONGEST_BACKOFF_SECONDS];

type ClaimedRow = Pick<TableRow<typeof tables.queuedMessages>, 'id' | 'channel' | 'recipient' | 'locale' | 'attempts'>;
/** A claimed row: an order's message (its order's id and what it tells), or a back-in-stock alert (its product). */
type Claimed = ClaimedRow &
  (
    | { kind: Exclude<QueuedMessageKind, 'back_in_stock'>; order_id: number; payload: OrderMessagePayload }
    | { kind: 'back_in_stock'; order_id: null; payload: BackInStockPayload }
  );

/** Claims up to `limit` due rows (pending, due, not leased or their lease run out), oldest first. */
export async function claimDue(database: Database, limit = BATCH): Promise<Claimed[]> {
  return database.rows<Claimed>(sql`
    UPDATE queued_messages q SET leased_until = now() + make_interval(secs => ${LEASE_SECONDS}), attempts = q.attempts + 1
    WHERE q.id IN (
      SELECT id FROM queued_messages
      WHERE state = 'pending' AND next_attempt_at <= now() AND (leased_until IS NULL OR leased_until < now())
      ORDER BY id LIMIT ${limit} FOR UPDATE SKIP LOCKED)
    RETURNING q.id, q.channel, q.recipient, q.kind, q.order_id, q.payload, q.locale, q.attempts`);
}

/** The Message-ID of a queued e-mail, the same at every attempt, on the domain the shop sends from. */
const messageIdOf = (config: Config, id: number) => `<queued-${id}@${/@([^>\s]+)/.exec(config.delivery.mailFrom)?.[1] ?? 'localhost'}>`;

async function send(ctx: OutboxContext, row: Claimed): Promise<Sent> {
  const { database, config, delivery } = ctx;
  if (row.kind === 'back_in_stock') {
    const rendered = await renderBackInStock(config, row);
    if ('whatsapp' in rendered) return createWhatsapp(config, database).sendTemplate(rendered.whatsapp);
    if ('email' in rendered) return delivery.sendEmail({ ...rendered.email, messageId: messageIdOf(config, row.id) });
    // Anyone may ask for an alert to any phone: the ceiling against pumping holds these back like a code's SMS.
    return delivery.sendSms({ ...rendered.sms, idempotencyKey: `queued-${row.id}` });
  }
  if (row.kind === 'order_alert') {
    const email = await renderOrderAlert(database, config, row.order_id, row.recipient);
    if (!email) throw new Error('The order is gone');
    return delivery.sendEmail({ ...email, messageId: messageIdOf(config, row.id) });
  }
  if (row.channel === 'whatsapp') {
    if (!('status' in row.payload) && row.payload.event !== 'payment_link')
      throw new Error('Only an order status or a payment link goes by WhatsApp');
    const template = await renderWhatsappMessage(database, config, {
      orderId: row.order_id,
      locale: row.locale,
      recipient: row.recipient,
      payload: row.payload,
    });
    if (!template) throw new Error('The order is gone');
    return createWhatsapp(config, database).sendTemplate(template);
  }
  const rendered = await renderOrderMessage(database, config, {
    orderId: row.order_id,
    locale: row.locale,
    channel: row.channel,
    recipient: row.recipient,
    payload: row.payload,
  });
  if (!rendered) throw new Error('The order is gone');
  if ('email' in rendered) return delivery.sendEmail({ ...rendered.email, messageId: messageIdOf(config, row.id) });
  // Order messages go to a phone verified or an account's, so the ceiling against pumping does not hold them back.
  return delivery.sendSms({ ...rendered.sms, idempotencyKey: `queued-${row.id}` }, { shopWideCeiling: false });
}

/**
 * Sends one claimed row and records the outcome: sent (with the provider's id), or back to pending with the error and
 * a later attempt, or dead after the last. Only the claim that holds the row records a failure.
 */
export async function sendClaimed(ctx: OutboxContext, row: Claimed): Promise<void> {
  let sent: Sent;
  try {
    sent = await send(ctx, row);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    const delay = BACKOFF_SECONDS[row.attempts - 1] ?? LONGEST_BACKOFF_SECONDS;
    // An order's WhatsApp message is not retried: its held SMS is the retry, sent at once (staff may still send the
    // WhatsApp again). A back-in-stock alert can wait: its WhatsApp is retried until its fallback has gone instead.
    const lastAttempts = row.channel === 'whatsapp' && row.kind !== 'back_in_stock' ? 1 : MAX_ATTEMPTS;
    const [failed] = await ctx.database.rows<Pick<TableRow<typeof tables.queuedMessages>, 'state'>>(sql`
      UPDATE queued_messages SET state = CASE WHEN attempts >= ${lastAttempts} OR fell_back_at IS NOT NULL THEN 'dead' ELSE 'pending' END,
        last_error = ${reason.slice(0, 1000)}, leased_until = NULL, next_attempt_at = now() + make_interval(secs => ${delay})
      WHERE id = ${row.id} AND state = 'pending' AND attempts = ${row.attempts} RETURNING state`);
    ctx.log.warn({ err: error, queuedMessage: row.id, channel: row.channel, state: failed?.state }, 'queued message not sent');
    if (row.channel === 'whatsapp' && failed?.state === 'dead') await releaseFallback(ctx.database, sql`w.id = ${row.id}`);
    return;
  }
  // A WhatsApp message sent again starts without the old send's status.
  const [recorded] = await ctx.database.rows<{ lag: number }>(sql`
    UPDATE queued_messages SET state = 'sent', sent_at = now(), provider_id = ${sent.providerId}, leased_until = NULL,
      whatsapp_status = NULL
    WHERE id = ${row.id} AND state = 'pending' RETURNING extract(epoch FROM sent_at - created_at)::float8 AS lag`);
  if (recorded) messageLag.observe({ channel: row.channel }, recorded.lag);
  // WhatsApp's webhook may have told of the message before its id was recorded here.
  if (recorded && row.channel === 'whatsapp' && sent.providerId) {
    const providerId = sent.providerId;
    await inTransaction(ctx.database, (rows) => settleStatuses(rows, [providerId]));
  }
}

/** Claims one batch of due rows and sends them side by side; answers how many were claimed. */
export async function drainDue(ctx: OutboxContext): Promise<number> {
  const claimed = await claimDue(ctx.database);
  const outcomes = await Promise.allSettled(claimed.map((row) => sendClaimed(ctx, row)));
  // Not recorded (the database answered with an error): the lease runs out and the row is claimed again.
  for (const outcome of outcomes) if (outcome.status === 'rejected') ctx.log.error({ err: outcome.reason }, 'order message not recorded');
  return claimed.length;
}

/** Milliseconds until the next pending row falls due (its retry time, or its lease's end), within bounds. */
async function untilNextDue(database: Database): Promise<number> {
  const [next] = await database.rows<{ ms: number | null }>(sql`
    SELECT (extract(epoch FROM min(greatest(next_attempt_at, coalesce(leased_until, next_attempt_at))) - now()) * 1000)::float8 AS ms
    FROM queued_messages WHERE state = 'pending'`);
  // Due already yet not claimed: another worker's claim holds it for a moment.
  return Math.min(Math.max(next?.ms ?? IDLE_WAIT_MS, 100), IDLE_WAIT_MS);
}

export type MessageWorker = { stop(): Promise<void> };

/** Starts the loop; `stop` (on shutdown) stops claiming and waits for the sends in hand. */
export async function startMessageWorker(ctx: OutboxContext): Promise<MessageWorker> {
  let stopping = false;
  let notified = false;
  let wake = () => {};
  const stopListening = await ctx.database.listen(NOTIFY_CHANNEL, () => {
    notified = true;
    wake();
  });
  const loop = (async () => {
    while (!stopping) {
      notified = false;
      const claimed = await drainDue(ctx).catch((error: unknown) => {
        ctx.log.error({ err: error }, 'order messages: claiming failed');
        return 0;
      });
      if (claimed > 0 || stopping || notified) continue;
      const wait = await untilNextDue(ctx.database).catch(() => IDLE_WAIT_MS);
      // Checked and armed in one turn of the event loop: a notification cannot slip in between.
      if (notified || stopping) continue;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(() => wake(), wait);
        wake = () => {
          clearTimeout(timer);
          wake = () => {};
          resolve();
        };
      });
    }
  })();
  return {
    async stop() {
      stopping = true;
      wake();
      await loop;
      await stopListening();
    },
  };
}
