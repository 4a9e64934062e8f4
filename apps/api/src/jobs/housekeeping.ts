/**
 * Housekeeping: rows that only matter for a while are deleted once they are over, and the board's counts per status
 * folded, so the tables that every request touches (counters, codes, tokens, counts) stay small. Runs hourly from the job queue; pg-boss's schedule fires once per tick
 * however many API instances run.
 */
import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { oneRow } from '../db/one-row';

export const HOUSEKEEPING_QUEUE = 'housekeeping';
/** Minute 17 of every hour: away from the top of the hour, when other schedules tend to fire. */
export const HOUSEKEEPING_CRON = '17 * * * *';

/**
 * Codes are kept a day past their expiry (a guest's repeated order request checks the code it already used), counters
 * once their window is over, outbox messages (demo mode) for a day, tokens for 30 days past their end (so a support
 * question about a recent sign-out can still be answered), searches for the site's `search_retention_days`. The
 * board's kept counts per status are folded into one row per status (decision 0063): the rows taken are the ones
 * committed when the statement starts, and their sums go back in the same statement, so every reader sees the same sums.
 */
export async function purgeExpired(database: Database) {
  const counts = oneRow(
    await database.rows<{
      codes: number;
      counters: number;
      outbox: number;
      tokens: number;
      searches: number;
      statusCountRows: number;
    }>(sql`
    WITH codes AS (DELETE FROM verification_codes WHERE expires_at < now() - interval '1 day' RETURNING 1),
      counters AS (DELETE FROM rate_limit_counters WHERE reset_at < now() RETURNING 1),
      outbox AS (DELETE FROM outbox_messages WHERE created_at < now() - interval '1 day' RETURNING 1),
      tokens AS (DELETE FROM auth_tokens WHERE coalesce(revoked_at, expires_at) < now() - interval '30 days' RETURNING 1),
      searches AS (DELETE FROM searches
        WHERE created_at < now() - (SELECT search_retention_days FROM site_config WHERE id = 1) * interval '1 day' RETURNING 1),
      status_counts AS (DELETE FROM order_status_counts RETURNING status, orders),
      folded AS (INSERT INTO order_status_counts (status, orders)
        SELECT status, sum(orders) FROM status_counts GROUP BY status HAVING sum(orders) <> 0)
    SELECT (SELECT count(*) FROM codes)::int AS codes, (SELECT count(*) FROM counters)::int AS counters,
      (SELECT count(*) FROM outbox)::int AS outbox, (SELECT count(*) FROM tokens)::int AS tokens,
      (SELECT count(*) FROM searches)::int AS searches, (SELECT count(*) FROM status_counts)::int AS "statusCountRows"`),
  );
  return counts;
}
