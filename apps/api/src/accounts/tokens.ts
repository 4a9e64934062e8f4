/**
 * Session tokens: 256 random bits, handed to the client once and stored only as a SHA-256 hash. A token lives
 * `tokenTtlDays` after its last use (sliding, extended at most once an hour) until log-out or a password change.
 */
import { createHash, randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import type * as tables from '../db/schema';
import type { TableRow } from '../db/table-row';

/** What is stored of a token, and what names it. */
export const tokenHash = (token: string) => createHash('sha256').update(token).digest('hex');

export async function issueToken(database: Database, userId: number, ttlDays: number): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await database.rows(sql`
    INSERT INTO auth_tokens (user_id, token_hash, expires_at)
    VALUES (${userId}, ${tokenHash(token)}, now() + ${ttlDays} * interval '1 day')`);
  return token;
}

/** Token row `t`, joined to its user `u`, is the live token with this hash. */
const liveToken = (hash: string) => sql`t.token_hash = ${hash} AND t.revoked_at IS NULL AND t.expires_at > now() AND u.is_active`;

/** Token row `t`'s expiry is more than an hour behind a full lifetime from now: it is extended. */
const staleToken = (ttlDays: number) => sql`t.expires_at < now() + ${ttlDays} * interval '1 day' - interval '1 hour'`;

/** The user id behind a live token, or null for an unknown, expired or revoked one. Extends its life. */
export async function resolveToken(database: Database, token: string, ttlDays: number): Promise<number | null> {
  // Every signed-in request asks (unless its route checks the token in its own statement, `tokenStateSql`): a
  // read-only prepared statement (planning it cost more than running it, decision 0029), and a write only when the
  // expiry is more than an hour behind, so most requests do not write.
  const hash = tokenHash(token);
  const [row] = await database.preparedRows<Pick<TableRow<typeof tables.authTokens>, 'user_id'> & { stale: boolean }>(sql`
    SELECT t.user_id, ${staleToken(ttlDays)} AS stale
    FROM auth_tokens t JOIN users u ON u.id = t.user_id WHERE ${liveToken(hash)}`);
  if (!row) return null;
  if (row.stale) await extendToken(database, hash, ttlDays);
  return row.user_id;
}

/** How a statement answers `tokenStateSql`: live, live with its expiry to extend, or (NULL) not live. */
export type TokenState = 'live' | 'stale' | null;

/**
 * A select-list expression answering whether the token with this hash is live and still `userId`'s, to fold into a
 * statement a route runs anyway (decision 0030): its `TokenState`.
 */
export const tokenStateSql = (hash: string, userId: number, ttlDays: number) => sql`(
  SELECT CASE WHEN ${staleToken(ttlDays)} THEN 'stale' ELSE 'live' END
  FROM auth_tokens t JOIN users u ON u.id = t.user_id WHERE ${liveToken(hash)} AND t.user_id = ${userId})`;

export async function extendToken(database: Database, hash: string, ttlDays: number): Promise<void> {
  await database.rows(sql`
    UPDATE auth_tokens SET expires_at = now() + ${ttlDays} * interval '1 day' WHERE token_hash = ${hash} AND revoked_at IS NULL`);
}

export async function revokeToken(database: Database, token: string): Promise<void> {
  await database.rows(sql`UPDATE auth_tokens SET revoked_at = now() WHERE token_hash = ${tokenHash(token)} AND revoked_at IS NULL`);
}

export async function revokeAllTokens(database: Database, userId: number): Promise<void> {
  await database.rows(sql`UPDATE auth_tokens SET revoked_at = now() WHERE user_id = ${userId} AND revoked_at IS NULL`);
}
