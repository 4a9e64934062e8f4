/**
 * Google and Facebook sign-in. Google: the ID token's signature is checked against Google's published keys, with
 * audience, issuer and expiry. Facebook: the user token is checked with the Graph API's debug_token and the app token,
 * then the profile is read. Base URLs come from the environment, so tests run against local stand-ins.
 */
import { createRemoteJWKSet, jwtVerify } from 'jose';
import { sql } from 'drizzle-orm';
import type { Locale } from '@attar/contract';
import type { Config } from '../config';
import { ApiError } from '../http/errors';
import { text } from '../i18n/catalogue';
import { accountInactive, getUser, type AccountsContext } from './service';
import { issueToken } from './tokens';
import { oneRow } from '../db/one-row';
import type * as tables from '../db/schema';
import type { TableRow } from '../db/table-row';
import { rowsOf } from '../db/transaction';

export type SocialIdentity = { provider: 'google' | 'facebook'; subject: string; email: string; name: string };

const invalid = (locale: Locale) => new ApiError(400, 'invalid_social_token', text(locale, 'socialInvalid'));
const notConfigured = (locale: Locale) => new ApiError(400, 'provider_not_configured', text(locale, 'providerNotConfigured'));

export function googleVerifier(config: Config['google']) {
  const keys = createRemoteJWKSet(new URL(config.jwksUrl));
  return async (idToken: string, locale: Locale): Promise<SocialIdentity> => {
    if (!config.clientId) throw notConfigured(locale);
    const { payload } = await jwtVerify(idToken, keys, { issuer: config.issuers, audience: config.clientId }).catch(() => {
      throw invalid(locale);
    });
    if (typeof payload.sub !== 'string' || typeof payload.email !== 'string' || payload.email_verified !== true) {
      throw new ApiError(400, 'email_not_verified', text(locale, 'socialEmailMissing'));
    }
    const name = typeof payload.name === 'string' && payload.name.trim() ? payload.name : payload.email.replace(/@.*/s, '');
    return { provider: 'google', subject: payload.sub, email: payload.email.toLowerCase(), name };
  };
}

export function facebookVerifier(config: Config['facebook']) {
  return async (accessToken: string, locale: Locale): Promise<SocialIdentity> => {
    if (!config.appId || !config.appSecret) throw notConfigured(locale);
    const graph = async (path: string, params: Record<string, string>) => {
      const url = new URL(`${config.graphUrl}/${path}`);
      for (const [key, value] of Object.entries(params)) url.searchParams.set(key, value);
      const response = await fetch(url, { signal: AbortSignal.timeout(10_000) }).catch(() => undefined);
      if (!response?.ok) throw invalid(locale);
      return (await response.json()) as Record<string, unknown>;
    };
    const debug = (await graph('debug_token', {
      input_token: accessToken,
      access_token: `${config.appId}|${config.appSecret}`,
    })) as { data?: { is_valid?: boolean; app_id?: string; user_id?: string } };
    const data = debug.data;
    if (!data?.is_valid || data.app_id !== config.appId || !data.user_id) throw invalid(locale);
    const me = (await graph('me', { fields: 'id,name,email', access_token: accessToken })) as {
      id?: string;
      name?: string;
      email?: string;
    };
    if (me.id !== data.user_id) throw invalid(locale);
    // Facebook gives only confirmed e-mail addresses.
    if (!me.email) throw new ApiError(400, 'email_not_verified', text(locale, 'socialEmailMissing'));
    return { provider: 'facebook', subject: me.id, email: me.email.toLowerCase(), name: me.name?.trim() || me.email.replace(/@.*/s, '') };
  };
}

/**
 * The account for a verified social identity: the one already linked, else the one with that e-mail if that account
 * verified it (now linked), else a new one; an account holding the e-mail unverified is refused, never linked. One transaction, so a double click makes one account.
 */
export async function signInWithIdentity(ctx: AccountsContext, identity: SocialIdentity, locale: Locale) {
  const result = await ctx.database.db.transaction(async (tx) => {
    const rows = rowsOf(tx);
    // Serialise sign-ins for one e-mail so two concurrent first sign-ins do not both create an account.
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`social:${identity.email}`}))`);
    const [linked] = await rows<Pick<TableRow<typeof tables.socialAccounts>, 'user_id'>>(sql`
      SELECT user_id FROM social_accounts WHERE provider = ${identity.provider} AND subject = ${identity.subject}`);
    if (linked) return { userId: linked.user_id, created: false };
    // An account already holding the e-mail is linked only if it proved the e-mail itself: otherwise whoever made it
    // (perhaps not the mailbox's owner, waiting for them) would share the account.
    const [existing] = await rows<Pick<TableRow<typeof tables.users>, 'id' | 'email_verified'>>(sql`
      SELECT id, email_verified FROM users WHERE email = ${identity.email} FOR UPDATE`);
    if (existing && !existing.email_verified) return { unverifiedAccount: true as const };
    const userId =
      existing?.id ??
      oneRow(
        await rows<Pick<TableRow<typeof tables.users>, 'id'>>(sql`
        INSERT INTO users (name, email, email_verified, locale) VALUES (${identity.name}, ${identity.email}, true, ${locale})
        RETURNING id`),
      ).id;
    await tx.execute(sql`
      INSERT INTO social_accounts (provider, subject, user_id) VALUES (${identity.provider}, ${identity.subject}, ${userId})`);
    return { userId, created: !existing };
  });
  if ('unverifiedAccount' in result) throw new ApiError(400, 'account_exists_unverified', text(locale, 'socialAccountUnverified'));
  const [account] = await ctx.database.rows<Pick<TableRow<typeof tables.users>, 'is_active'>>(
    sql`SELECT is_active FROM users WHERE id = ${result.userId}`,
  );
  if (!account?.is_active) throw accountInactive(locale);
  const token = await issueToken(ctx.database, result.userId, ctx.config.tokenTtlDays);
  return { token, user: await getUser(ctx.database, result.userId), created: result.created };
}
