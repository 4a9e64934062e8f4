/**
 * The newsletter's signed links: the address and what the link does, signed with the server's secret (HMAC-SHA256), so
 * following one needs no session and no secret kept in the database. A confirmation link expires; an unsubscribe link
 * does not (a newsletter read months later must still let its reader leave).
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

export type NewsletterLinkPurpose = 'confirm' | 'unsubscribe';
type Payload = { p: NewsletterLinkPurpose; e: string; x?: number };

/** How long a confirmation link works. */
export const CONFIRM_LINK_DAYS = 7;

const mac = (secret: string, body: string) => createHmac('sha256', secret).update(`newsletter\n${body}`).digest();

/** A token for `email` (lower-case), expiring at `expiresAt` (ms since the epoch) when given. */
export function signNewsletterToken(secret: string, purpose: NewsletterLinkPurpose, email: string, expiresAt?: number): string {
  const payload: Payload = { p: purpose, e: email, ...(expiresAt === undefined ? {} : { x: Math.floor(expiresAt / 1000) }) };
  const body = Buffer.from(JSON.stringify(payload)).toString('base64url');
  return `${body}.${mac(secret, body).toString('base64url')}`;
}

export const confirmToken = (secret: string, email: string, now = Date.now()) =>
  signNewsletterToken(secret, 'confirm', email, now + CONFIRM_LINK_DAYS * 86_400_000);
export const unsubscribeToken = (secret: string, email: string) => signNewsletterToken(secret, 'unsubscribe', email);

export type TokenCheck = { ok: true; email: string } | { ok: false; reason: 'invalid' | 'expired' };

/** The address a token was signed for, if its signature is the server's, it is for `purpose`, and it has not expired. */
export function readNewsletterToken(secret: string, purpose: NewsletterLinkPurpose, token: string, now = Date.now()): TokenCheck {
  const [body, signature, extra] = token.split('.');
  if (!body || !signature || extra !== undefined) return { ok: false, reason: 'invalid' };
  const expected = mac(secret, body);
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
  return { ok: true, email: payload.e };
}
