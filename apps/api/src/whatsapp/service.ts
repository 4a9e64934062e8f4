/**
 * WhatsApp's side of order messages (decision 0050). A status goes by WhatsApp with its SMS held back (messages/outbox.ts);
 * WhatsApp's webhook reports each message's statuses, recorded once each (`whatsapp_status_events`), and the message's
 * status is the furthest of them (read > delivered > failed > sent), so a repeat or a late "delivered" after "read"
 * changes nothing. Delivered (or read): the held SMS is `replaced` and never sent. Failed, or not delivered within
 * WHATSAPP_FALLBACK_MINUTES (a job each minute): the held SMS is sent. Each held SMS goes one way only: both updates
 * take it only while it is still `held`. Back-in-stock alerts go the same way, their fallback the subscriber's e-mail or
 * SMS (decision 0059).
 */
import { sql, type SQL } from 'drizzle-orm';
import type { WhatsappPreference, WhatsappStatus } from '@attar/contract';
import type { Database } from '../db/client';
import { oneRow } from '../db/one-row';
import type * as tables from '../db/schema';
import type { TableRow } from '../db/table-row';
import { inTransaction, type Rows } from '../db/transaction';
import { NOTIFY_CHANNEL } from '../messages/outbox';

/** How far each status goes: a message's status is the furthest it has been told. */
const reach = (status: SQL) =>
  sql`CASE ${status} WHEN 'read' THEN 4 WHEN 'delivered' THEN 3 WHEN 'failed' THEN 2 WHEN 'sent' THEN 1 ELSE 0 END`;

/**
 * Sends the SMS (or, for a back-in-stock alert, the SMS or e-mail) held behind the WhatsApp messages `w` that `which`
 * names (a condition on `w`), and marks those messages as fallen back; answers their ids. A fallback no longer held
 * (sent already, or replaced) is left as it is. A WhatsApp message not yet sent (waiting for a retry, and not being
 * sent now) is sent no more: its fallback has gone instead.
 */
export async function releaseFallback(database: Pick<Database, 'rows'>, which: SQL): Promise<number[]> {
  const released = await database.rows<Pick<TableRow<typeof tables.queuedMessages>, 'id'>>(sql`
    WITH released AS (
      UPDATE queued_messages s SET state = 'pending', next_attempt_at = now()
      FROM queued_messages w
      WHERE w.channel = 'whatsapp' AND (${which}) AND s.key = w.fallback_key AND s.state = 'held'
      RETURNING w.id)
    UPDATE queued_messages w SET fell_back_at = now(),
      state = CASE WHEN w.state = 'pending' AND (w.leased_until IS NULL OR w.leased_until < now()) THEN 'dead' ELSE w.state END,
      last_error = CASE WHEN w.state = 'pending' THEN coalesce(w.last_error, 'Not sent in time: its fallback went instead')
        ELSE w.last_error END
    FROM released WHERE w.id = released.id RETURNING w.id`);
  if (released.length) await database.rows(sql`SELECT pg_notify(${NOTIFY_CHANNEL}, '')`);
  return released.map((row) => row.id);
}

/** Sends the fallback of every WhatsApp message queued more than `minutes` ago and not delivered yet; answers their ids. */
export const fallBackOverdue = (database: Database, minutes: number) =>
  releaseFallback(
    database,
    sql`w.created_at < now() - make_interval(mins => ${minutes}) AND w.whatsapp_status IS DISTINCT FROM 'delivered'
      AND w.whatsapp_status IS DISTINCT FROM 'read'`,
  );

/**
 * Brings the WhatsApp messages WhatsApp calls `providerIds` up to the statuses recorded for them: the furthest one
 * becomes the message's; delivered or read replaces its held SMS; failed makes it `dead` (the back office may send it
 * again) and sends the held SMS. Applying it again changes nothing.
 */
export async function settleStatuses(rows: Rows, providerIds: string[]) {
  if (!providerIds.length) return;
  const ids = sql`${sql.param(providerIds)}::text[]`;
  await rows(sql`
    UPDATE queued_messages w SET whatsapp_status = best.status
    FROM (SELECT DISTINCT ON (provider_id) provider_id, status FROM whatsapp_status_events
          WHERE provider_id = ANY(${ids}) ORDER BY provider_id, ${reach(sql`status`)} DESC) best
    WHERE w.channel = 'whatsapp' AND w.provider_id = best.provider_id
      AND ${reach(sql`best.status`)} > ${reach(sql`w.whatsapp_status`)}`);
  await rows(sql`
    UPDATE queued_messages s SET state = 'replaced'
    FROM queued_messages w
    WHERE w.channel = 'whatsapp' AND w.provider_id = ANY(${ids}) AND w.whatsapp_status IN ('delivered', 'read')
      AND s.key = w.fallback_key AND s.state = 'held'`);
  await rows(sql`
    UPDATE queued_messages w SET state = 'dead', sent_at = NULL,
      last_error = coalesce((SELECT e.error FROM whatsapp_status_events e WHERE e.provider_id = w.provider_id AND e.status = 'failed'),
        'WhatsApp could not deliver it')
    WHERE w.channel = 'whatsapp' AND w.provider_id = ANY(${ids}) AND w.whatsapp_status = 'failed' AND w.state = 'sent'`);
  await releaseFallback({ rows }, sql`w.provider_id = ANY(${ids}) AND w.whatsapp_status = 'failed'`);
}

export type StatusReport = { providerId: string; status: WhatsappStatus; error: string | null };

/** Records WhatsApp's status reports (each once) and applies them, in one transaction. */
export async function applyStatusReports(database: Database, reports: StatusReport[]) {
  if (!reports.length) return;
  await inTransaction(database, async (rows) => {
    for (const report of reports)
      await rows(sql`
        INSERT INTO whatsapp_status_events (provider_id, status, error)
        VALUES (${report.providerId}, ${report.status}, ${report.error?.slice(0, 1000) ?? null})
        ON CONFLICT (provider_id, status) DO NOTHING`);
    await settleStatuses(rows, [...new Set(reports.map((report) => report.providerId))]);
  });
}

/** The shopper's WhatsApp preference; `optedOut` given: set first. */
export async function whatsappPreference(database: Database, userId: number, optedOut?: boolean): Promise<WhatsappPreference> {
  const row = oneRow(
    await database.rows<WhatsappPreference>(
      optedOut === undefined
        ? sql`SELECT whatsapp_opt_out AS opted_out FROM users WHERE id = ${userId}`
        : sql`UPDATE users SET whatsapp_opt_out = ${optedOut} WHERE id = ${userId} RETURNING whatsapp_opt_out AS opted_out`,
    ),
  );
  return row;
}
