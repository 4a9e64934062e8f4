// Staff for the benches: a member of a role created in SQL and signed in through the API, as the back office does
// (owners and managers with an authenticator, as production requires). Answers the cookie and the CSRF token.
import { hash } from '@node-rs/argon2';
import { createHmac, randomBytes } from 'node:crypto';
import { query } from './database.mjs';

const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

/** RFC 6238's code for a secret now (30-second steps, HMAC-SHA1, 6 digits), as an authenticator app shows it. */
function totpNow(secretBytes) {
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(Date.now() / 30_000)));
  const mac = createHmac('sha1', secretBytes).update(counter).digest();
  return String((mac.readUInt32BE(mac[mac.length - 1] & 0x0f) & 0x7fffffff) % 1_000_000).padStart(6, '0');
}

/** 160 random bits, and the base32 text (RFC 4648) the API keeps for them. */
function totpSecret() {
  const bytes = randomBytes(20);
  const bits = [...bytes].map((byte) => byte.toString(2).padStart(8, '0')).join('');
  return {
    bytes,
    text: bits
      .match(/.{5}/g)
      .map((chunk) => BASE32[parseInt(chunk, 2)])
      .join(''),
  };
}

export async function signInStaff(databaseUrl, origin, role) {
  const email = `bench-${role}-${randomBytes(4).toString('hex')}@attar.example`;
  const password = randomBytes(18).toString('base64url');
  const passwordHash = await hash(password, { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 });
  const secret = role === 'owner' || role === 'manager' ? totpSecret() : null;
  await query(
    databaseUrl,
    `INSERT INTO staff_members (email, name, role, password_hash, totp_secret, totp_enabled_at)
     VALUES ($1, 'Bench ' || $2, $2, $3, $4::text, CASE WHEN $4::text IS NULL THEN NULL ELSE now() END)`,
    [email, role, passwordHash, secret?.text ?? null],
  );
  const response = await fetch(`${origin}/api/staff/session/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password, ...(secret ? { totp: totpNow(secret.bytes) } : {}) }),
  });
  if (!response.ok) throw new Error(`${role} sign-in answered ${response.status}: ${await response.text()}`);
  const cookie = response.headers.getSetCookie().find((c) => c.startsWith('attar_staff='));
  if (!cookie) throw new Error(`${role} sign-in set no session cookie`);
  const { csrf_token: csrf } = await response.json();
  return { cookie: cookie.split(';')[0], csrf };
}

/** A staff call with the session (and, for writes, its CSRF token). */
export function staffFetch(session, url, init = {}) {
  return fetch(url, { ...init, headers: { cookie: session.cookie, 'x-csrf-token': session.csrf, ...init.headers } });
}
