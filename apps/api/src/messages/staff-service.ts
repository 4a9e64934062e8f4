/**
 * The outbox's messages in the back office: those that failed at every attempt (`dead`, worker.ts), still wait for one,
 * or were sent (a WhatsApp message with WhatsApp's status and whether its SMS went instead), and sending a dead one again. A retry starts the message afresh (no attempts, due now) and wakes the workers; its
 * last error stays until it is sent, so the screen still says why it failed while it waits.
 */
import { sql } from 'drizzle-orm';
import type { Locale, StaffMessage, StaffMessageQuery, StaffMessagesRetried } from '@attar/contract';
import { recordAudit } from '../audit/service';
import type { Database } from '../db/client';
import type * as tables from '../db/schema';
import type { TableRow } from '../db/table-row';
import { inTransaction, type Rows } from '../db/transaction';
import { ApiError, notFound } from '../http/errors';
import { pageOfRows } from '../http/pagination';
import { text } from '../i18n/catalogue';
import { NOTIFY_CHANNEL } from './outbox';

/** The contract's StaffMessage from row `q` and its order `o` (none for a back-in-stock alert, which names its product). */
const messageJson = sql`json_build_object('id', q.id, 'order_id', q.order_id, 'order_number', o.order_number,
  'product', CASE WHEN q.kind = 'back_in_stock' THEN json_build_object('slug', q.payload->>'slug', 'name', q.payload->>'name') END,
  'channel', q.channel, 'recipient', q.recipient, 'kind', q.kind, 'status', q.payload->>'status', 'event', q.payload->>'event',
  'state', q.state, 'attempts', q.attempts, 'last_error', q.last_error, 'whatsapp_status', q.whatsapp_status,
  'fell_back_at', q.fell_back_at, 'created_at', q.created_at,
  'next_attempt_at', q.next_attempt_at)`;

/** Dead (or pending, or sent) messages, newest first. */
export async function messagePage(database: Database, query: StaffMessageQuery) {
  return pageOfRows<StaffMessage>(database, {
    table: 'queued_messages',
    alias: 'q',
    where: sql`q.state = ${query.state}`,
    orderBy: sql`q.created_at DESC, q.id DESC`,
    rowJson: messageJson,
    joins: sql`LEFT JOIN orders o ON o.id = q.order_id`,
    page: query.page,
    pageSize: query.page_size,
  });
}

/** Puts dead rows (`which`) back in the queue, due now; answers each one's id and attempts before. */
async function requeueDead(rows: Rows, which: { id: number } | 'all') {
  const requeued = await rows<Pick<TableRow<typeof tables.queuedMessages>, 'id' | 'attempts'>>(sql`
    WITH dead AS (
      SELECT id, attempts FROM queued_messages WHERE state = 'dead' ${which === 'all' ? sql`` : sql`AND id = ${which.id}`}
      ORDER BY id FOR UPDATE)
    UPDATE queued_messages q SET state = 'pending', attempts = 0, next_attempt_at = now(), leased_until = NULL
    FROM dead WHERE q.id = dead.id AND q.state = 'dead'
    RETURNING q.id, dead.attempts`);
  if (requeued.length) await rows(sql`SELECT pg_notify(${NOTIFY_CHANNEL}, '')`);
  return requeued;
}

/**
 * Sends a dead message again, with its audit entry (its state and attempts, never its recipient): 404 for no such
 * message, 409 `message_not_dead` for one already sent or still being tried (nothing changes).
 */
export async function retryMessage(database: Database, staffId: number, locale: Locale, id: number): Promise<StaffMessage> {
  return inTransaction(database, async (rows) => {
    const [requeued] = await requeueDead(rows, { id });
    const [message] = await rows<{ message: StaffMessage }>(sql`
      SELECT ${messageJson} AS message FROM queued_messages q LEFT JOIN orders o ON o.id = q.order_id WHERE q.id = ${id}`);
    if (!message) throw notFound(text(locale, 'messageNotFound'));
    if (!requeued) throw new ApiError(409, 'message_not_dead', text(locale, 'messageNotDead'));
    await recordAudit(rows, {
      staffId,
      action: 'message.retry',
      entity: 'queued_message',
      entityId: id,
      before: { state: 'dead', attempts: requeued.attempts },
      after: { state: 'pending', attempts: 0 },
    });
    return message.message;
  });
}

/** Sends every dead message again (none: nothing changes), with one audit entry naming them. */
export async function retryAllDead(database: Database, staffId: number): Promise<StaffMessagesRetried> {
  return inTransaction(database, async (rows) => {
    const requeued = await requeueDead(rows, 'all');
    if (requeued.length)
      await recordAudit(rows, {
        staffId,
        action: 'message.retry_all',
        entity: 'queued_message',
        entityId: 'dead',
        after: { state: 'pending', messages: requeued.map((row) => row.id) },
      });
    return { retried: requeued.length };
  });
}
