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
  // A read, and a write only when the expiry is more than an hour behind: most requests do not write.
  const [row] = await database.rows<{ user_id: number }>(sql`
    WITH live AS (
      SELECT t.id, t.user_id, t.expires_at FROM auth_tokens t JOIN users u ON u.id = t.user_id
      WHERE t.token_hash = ${sha256(token)} AND t.revoked_at IS NULL AND t.expires_at > now() AND u.is_active
    ), extended AS (
      UPDATE auth_tokens SET expires_at = now() + ${ttlDays} * interval '1 day'
      WHERE id IN (SELECT id FROM live WHERE expires_at < now() + ${ttlDays} * interval '1 day' - interval '1 hour')
      RETURNING id
    )
    SELECT user_id FROM live`);
  return row?.user_id ?? null;
}

export async function revokeToken(database: Database, token: string): Promise<void> {
  await database.rows(sql`UPDATE auth_tokens SET revoked_at = now() WHERE token_hash = ${sha256(token)} AND revoked_at IS NULL`);
}

export async function revokeAllTokens(database: Database, userId: number): Promise<void> {
  await database.rows(sql`UPDATE auth_tokens SET revoked_at = now() WHERE user_id = ${userId} AND revoked_at IS NULL`);
}
