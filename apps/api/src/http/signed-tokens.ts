/**
 * Signed links: what a link does and whom or what it is for, signed with the server's secret (HMAC-SHA256), so
 * following one needs no session and no secret kept in the database. Each kind of link signs under its own scope
 * (the newsletter's, an order's), so a token of one kind is never taken for another, and carries its purpose and,
 * when it expires, its expiry inside what is signed.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

export type SignedScope = 'newsletter' | 'order';
/** `e` names the subject (an e-mail address for the newsletter's links, which were first written with this shape). */
type Payload = { p: string; e: string; x?: number };

export type TokenCheck = { ok: true; subject: string } | { ok: false; reason: 'invalid' | 'expired' };

const mac = (secret: string, scope: SignedScope, body: string) => createHmac('sha256', secret).update(`${scope}\n${body}`).digest();

/** A token for `subject` and `purpose` within `scope`, expiring at `expiresAt` (ms since the epoch) when given. */
export function signToken(secret: string, scope: SignedScope, purpose: string, subject: string, expiresAt?: number): string {
  const payload: Payload = { p: purpose, e: subject, ...(expiresAt === undefined ? {} : { x: Math.floor(expiresAt / 1000) }) };
  const body = Buffer.from(JSON.stringify(payload)).toString('base64url');
  return `${body}.${mac(secret, scope, body).toString('base64url')}`;
}

/** The subject a token was signed for, if its signature is the server's for `scope`, it is for `purpose`, and it has not expired. */
export function readToken(secret: string, scope: SignedScope, purpose: string, token: string, now = Date.now()): TokenCheck {
  const [body, signature, extra] = token.split('.');
  if (!body || !signature || extra !== undefined) return { ok: false, reason: 'invalid' };
  const expected = mac(secret, scope, body);
  const given = Buffer.from(signature, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return { ok: false, reason: 'invalid' };
  let payload: Payload;
  try {
    payload = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as Payload;
  } catch {
    return { ok: false, reason: 'invalid' };
  }
  if (payload.p !== purpose || typeof payload.e !== 'string') return { ok: false, reason: 'invalid' };
  if (payload.x !== undefined && payload.x * 1000 < now) return { ok: false, reason: 'expired' };
  return { ok: true, subject: payload.e };
}
