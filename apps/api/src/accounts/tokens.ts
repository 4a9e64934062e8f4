/**
 * Session tokens: 256 random bits, handed to the client once and stored only as a SHA-256 hash. A token lives
 * `tokenTtlDays` after its last use (sliding, extended at most once an hour) until log-out or a password change.
 */
import { createHash, randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';

const sha256 = (token: string) => createHash('sha256').update(token).digest('hex');

export async function issueToken(database: Database, userId: number, ttlDays: number): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await database.rows(sql`
    INSERT INTO auth_tokens (user_id, token_hash, expires_at)
    VALUES (${userId}, ${sha256(token)}, now() + ${ttlDays} * interval '1 day')`);
  return token;
}

/** The user id behind a live token, or null for an unknown, expired or revoked one. Extends its life. */
export async function resolveToken(database: Database, token: string, ttlDays: number): Promise<number | null> {
  // Every signed-in request asks: a read-only prepared statement (planning it cost more than running it, decision
  // 0029), and a write only when the expiry is more than an hour behind, so most requests do not write.
  const hash = sha256(token);
  const [row] = await database.preparedRows<{ user_id: number; stale: boolean }>(sql`
    SELECT t.user_id, t.expires_at < now() + ${ttlDays} * interval '1 day' - interval '1 hour' AS stale
    FROM auth_tokens t JOIN users u ON u.id = t.user_id
    WHERE t.token_hash = ${hash} AND t.revoked_at IS NULL AND t.expires_at > now() AND u.is_active`);
  if (!row) return null;
  if (row.stale) {
    await database.rows(sql`
      UPDATE auth_tokens SET expires_at = now() + ${ttlDays} * interval '1 day' WHERE token_hash = ${hash} AND revoked_at IS NULL`);
  }
  return row.user_id;
}

export async function revokeToken(database: Database, token: string): Promise<void> {
  await database.rows(sql`UPDATE auth_tokens SET revoked_at = now() WHERE token_hash = ${sha256(token)} AND revoked_at IS NULL`);
}

export async function revokeAllTokens(database: Database, userId: number): Promise<void> {
  await database.rows(sql`UPDATE auth_tokens SET revoked_at = now() WHERE user_id = ${userId} AND revoked_at IS NULL`);
}
