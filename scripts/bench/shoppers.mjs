// Signed-in shoppers for the benches, created in SQL: the order scenario's (with an address and a cart each) and the
// signed-in list's (with favourites).
import { randomBytes } from 'node:crypto';
import { query } from './database.mjs';

/**
 * Creates `count` shoppers in one statement: a verified user and a session token each (stored hashed, as the API
 * stores them, live for a day). Returns `{ userId, token }` per shopper; a request carries `Authorization: Token <token>`.
 */
export async function createShoppers(databaseUrl, count) {
  const run = randomBytes(4).toString('hex');
  const rows = await query(
    databaseUrl,
    `WITH shopper AS (
       SELECT g, 'bench-' || $1 || '-' || g AS token, 'bench-' || $1 || '-' || g || '@attar.example' AS email
       FROM generate_series(1, $2::int) g
     ), new_user AS (
       INSERT INTO users (name, email, email_verified)
       SELECT 'Bench shopper ' || g, email, true FROM shopper
       RETURNING id, email
     ), new_token AS (
       INSERT INTO auth_tokens (user_id, token_hash, expires_at)
       SELECT u.id, encode(sha256(convert_to(s.token, 'UTF8')), 'hex'), now() + interval '1 day'
       FROM new_user u JOIN shopper s USING (email)
     )
     SELECT u.id AS user_id, s.token FROM new_user u JOIN shopper s USING (email) ORDER BY s.g`,
    [run, count],
  );
  return rows.map((r) => ({ userId: r.user_id, token: r.token }));
}

/** `Authorization` as the storefront sends it for a signed-in shopper. */
export const signedIn = (shopper) => ({ authorization: `Token ${shopper.token}` });
