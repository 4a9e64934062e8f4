/**
 * The newsletter. Signing up (the footer, or a shopper's profile) keeps the address pending and sends
 * a confirmation e-mail; following its signed link confirms it and sends a welcome newsletter. Only confirmed addresses
 * get newsletters, each with a signed unsubscribe link in its footer and its List-Unsubscribe headers.
 */
import { sql } from 'drizzle-orm';
import type { Locale, NewsletterIssue, NewsletterPreference, NewsletterStatus } from '@attar/contract';
import type { Config } from '../config';
import type { Database } from '../db/client';
import { oneRow } from '../db/one-row';
import type * as tables from '../db/schema';
import type { TableRow } from '../db/table-row';
import type { Delivery } from '../delivery/service';
import { ApiError } from '../http/errors';
import { text } from '../i18n/catalogue';
import { newsletterConfirmEmail, newsletterEmail } from '../messages/emails';
import { storefrontLink } from '../messages/links';
import type { CounterStore } from '../ratelimit/counters';
import { CONFIRM_LINK_DAYS, confirmToken, readNewsletterToken, unsubscribeToken, type NewsletterLinkPurpose } from './tokens';

export type NewsletterContext = { database: Database; config: Config; delivery: Delivery; counters: CounterStore };

/** Confirmation e-mails one address may be sent in an hour: signing someone else up again and again mails them little. */
const CONFIRMATIONS_PER_HOUR = 3;

/**
 * `new`: a new address, or one coming back after unsubscribing (pending again); `pending`: signed up before, not
 * confirmed yet; `subscribed`: confirmed, nothing changes.
 */
export type SignUp = 'new' | 'pending' | 'subscribed';

/** Signs an address up (pending until confirmed) and sends it the confirmation e-mail. */
export async function subscribe(ctx: NewsletterContext, rawEmail: string, locale: Locale): Promise<SignUp> {
  const email = rawEmail.trim().toLowerCase();
  // `before` reads the row as it was: the upsert's own change is not visible to it (PostgreSQL runs a data-modifying
  // WITH query whether or not the statement reads it).
  const [{ before } = { before: null }] = await ctx.database.rows<{
    before: { confirmed: boolean; unsubscribed: boolean } | null;
  }>(sql`
    WITH before AS (
      SELECT confirmed_at IS NOT NULL AS confirmed, unsubscribed_at IS NOT NULL AS unsubscribed
      FROM newsletter_subscriptions WHERE email = ${email}),
    upsert AS (
      INSERT INTO newsletter_subscriptions (email, locale) VALUES (${email}, ${locale})
      ON CONFLICT (email) DO UPDATE SET locale = EXCLUDED.locale, unsubscribed_at = NULL,
        confirmed_at = CASE WHEN newsletter_subscriptions.unsubscribed_at IS NULL THEN newsletter_subscriptions.confirmed_at END,
        created_at = CASE WHEN newsletter_subscriptions.unsubscribed_at IS NULL THEN newsletter_subscriptions.created_at ELSE now() END
        WHERE newsletter_subscriptions.unsubscribed_at IS NOT NULL OR newsletter_subscriptions.confirmed_at IS NULL
      RETURNING 1)
    SELECT (SELECT row_to_json(before) FROM before) AS before`);
  const outcome: SignUp = !before || before.unsubscribed ? 'new' : before.confirmed ? 'subscribed' : 'pending';
  if (outcome !== 'subscribed') await sendConfirmation(ctx, email, locale);
  return outcome;
}

async function sendConfirmation(ctx: NewsletterContext, email: string, locale: Locale) {
  const sent = await ctx.counters.hit(`newsletter-confirm:${email}`, 3_600_000);
  if (sent.count > CONFIRMATIONS_PER_HOUR) return;
  const confirmUrl = storefrontLink(ctx.config, locale, '/newsletter/confirm', { token: confirmToken(ctx.config.secretKey, email) });
  await ctx.delivery.sendEmail(await newsletterConfirmEmail({ to: email, locale, confirmUrl, days: CONFIRM_LINK_DAYS }));
}

/** The address a signed link names, or 400 (nothing changed) when its signature, purpose or age is wrong. */
function linkEmail(config: Config, purpose: NewsletterLinkPurpose, token: string, locale: Locale) {
  const check = readNewsletterToken(config.secretKey, purpose, token);
  if (check.ok) return check.subject;
  throw check.reason === 'expired'
    ? new ApiError(400, 'link_expired', text(locale, 'newsletterLinkExpired'))
    : new ApiError(400, 'invalid_link', text(locale, 'newsletterLinkInvalid'));
}

/** Confirms the address of a confirmation link (once: following it again changes nothing) and welcomes it. */
export async function confirm(ctx: NewsletterContext, token: string, locale: Locale): Promise<void> {
  const email = linkEmail(ctx.config, 'confirm', token, locale);
  const [confirmed] = await ctx.database.rows<Pick<TableRow<typeof tables.newsletterSubscriptions>, 'locale'>>(sql`
    UPDATE newsletter_subscriptions SET confirmed_at = now()
    WHERE email = ${email} AND unsubscribed_at IS NULL AND confirmed_at IS NULL RETURNING locale`);
  if (confirmed) {
    await sendNewsletter(ctx, email, confirmed.locale, {
      subject: text(confirmed.locale, 'newsletterWelcomeSubject'),
      body: text(confirmed.locale, 'newsletterWelcomeBody'),
    });
    return;
  }
  const [already] = await ctx.database.rows(sql`
    SELECT 1 FROM newsletter_subscriptions WHERE email = ${email} AND unsubscribed_at IS NULL AND confirmed_at IS NOT NULL`);
  if (!already) throw new ApiError(400, 'not_pending', text(locale, 'newsletterNotPending'));
}

/** Unsubscribes the address of an unsubscribe link; an address already gone stays gone. */
export async function unsubscribeByLink(ctx: Pick<NewsletterContext, 'database' | 'config'>, token: string, locale: Locale): Promise<void> {
  const email = linkEmail(ctx.config, 'unsubscribe', token, locale);
  await ctx.database.rows(
    sql`UPDATE newsletter_subscriptions SET unsubscribed_at = now() WHERE email = ${email} AND unsubscribed_at IS NULL`,
  );
}

/** One newsletter to one address, with its signed unsubscribe links (the page in the footer, one-click in the headers). */
async function sendNewsletter(
  ctx: Pick<NewsletterContext, 'config' | 'delivery'>,
  email: string,
  locale: Locale,
  issue: { subject: string; body: string },
) {
  const token = unsubscribeToken(ctx.config.secretKey, email);
  const oneClick = new URL('/api/news-letter/unsubscribe/', `${ctx.config.storefrontUrl}/`);
  oneClick.searchParams.set('token', token);
  await ctx.delivery.sendEmail(
    await newsletterEmail({
      to: email,
      locale,
      subject: issue.subject,
      body: issue.body,
      unsubscribePageUrl: storefrontLink(ctx.config, locale, '/newsletter/unsubscribe', { token }),
      oneClickUrl: oneClick.toString(),
    }),
  );
}

// ---------------------------------------------------------------------------------------------------------------------
// A signed-in shopper's own preference (their account's e-mail)

async function accountOf(database: Database, userId: number) {
  return oneRow(
    await database.rows<Pick<TableRow<typeof tables.users>, 'email' | 'locale'>>(sql`SELECT email, locale FROM users WHERE id = ${userId}`),
  );
}

export async function preference(database: Database, userId: number): Promise<NewsletterPreference> {
  return oneRow(
    await database.rows<Pick<TableRow<typeof tables.users>, 'email'> & { status: NewsletterStatus }>(sql`
      SELECT u.email, CASE WHEN s.id IS NULL OR s.unsubscribed_at IS NOT NULL THEN 'not_subscribed'
        WHEN s.confirmed_at IS NULL THEN 'pending' ELSE 'subscribed' END AS status
      FROM users u LEFT JOIN newsletter_subscriptions s ON s.email = u.email WHERE u.id = ${userId}`),
  );
}

/** The account's e-mail, told and sent to in the account's language. */
export async function subscribeAccount(ctx: NewsletterContext, userId: number): Promise<NewsletterPreference> {
  const { email, locale } = await accountOf(ctx.database, userId);
  await subscribe(ctx, email, locale);
  return preference(ctx.database, userId);
}

export async function unsubscribeAccount(database: Database, userId: number): Promise<NewsletterPreference> {
  const { email } = await accountOf(database, userId);
  await database.rows(sql`UPDATE newsletter_subscriptions SET unsubscribed_at = now() WHERE email = ${email} AND unsubscribed_at IS NULL`);
  return preference(database, userId);
}

// ---------------------------------------------------------------------------------------------------------------------
// The back office's newsletter: one job per confirmed subscriber, in their language

export type NewsletterJob = { subscriberId: number; subject: string; body: string };

/** The jobs for one newsletter: every confirmed, subscribed address, in its language. */
export async function newsletterJobs(database: Database, issue: NewsletterIssue): Promise<NewsletterJob[]> {
  const subscribers = await database.rows<Pick<TableRow<typeof tables.newsletterSubscriptions>, 'id' | 'locale'>>(sql`
    SELECT id, locale FROM newsletter_subscriptions WHERE confirmed_at IS NOT NULL AND unsubscribed_at IS NULL ORDER BY id`);
  return subscribers.map(({ id, locale }) => ({
    subscriberId: id,
    subject: locale === 'ar' ? issue.subject_ar : issue.subject_en,
    body: locale === 'ar' ? issue.body_ar : issue.body_en,
  }));
}

/** Sends one job's newsletter, unless its reader unsubscribed since it was queued. */
export async function sendNewsletterJob(ctx: Pick<NewsletterContext, 'database' | 'config' | 'delivery'>, job: NewsletterJob) {
  const [reader] = await ctx.database.rows<Pick<TableRow<typeof tables.newsletterSubscriptions>, 'email' | 'locale'>>(sql`
    SELECT email, locale FROM newsletter_subscriptions
    WHERE id = ${job.subscriberId} AND confirmed_at IS NOT NULL AND unsubscribed_at IS NULL`);
  if (reader) await sendNewsletter(ctx, reader.email, reader.locale, job);
}
