/**
 * The newsletter's signed links (http/signed-tokens.ts): the address and what the link does. A confirmation link
 * expires; an unsubscribe link does not (a newsletter read months later must still let its reader leave).
 */
import { readToken, signToken } from '../http/signed-tokens';

export type NewsletterLinkPurpose = 'confirm' | 'unsubscribe';

/** How long a confirmation link works. */
export const CONFIRM_LINK_DAYS = 7;

/** A token for `email` (lower-case), expiring at `expiresAt` (ms since the epoch) when given. */
export const signNewsletterToken = (secret: string, purpose: NewsletterLinkPurpose, email: string, expiresAt?: number) =>
  signToken(secret, 'newsletter', purpose, email, expiresAt);

export const confirmToken = (secret: string, email: string, now = Date.now()) =>
  signNewsletterToken(secret, 'confirm', email, now + CONFIRM_LINK_DAYS * 86_400_000);
export const unsubscribeToken = (secret: string, email: string) => signNewsletterToken(secret, 'unsubscribe', email);

/** The address a token was signed for, if its signature is the server's, it is for `purpose`, and it has not expired. */
export const readNewsletterToken = (secret: string, purpose: NewsletterLinkPurpose, token: string, now = Date.now()) =>
  readToken(secret, 'newsletter', purpose, token, now);
