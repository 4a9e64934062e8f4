/** Accounts: sign-up, log-in, profile, verification, password reset, points. Business rules only; no HTTP. */
import { sql } from 'drizzle-orm';
import type { CodeDelivery, PointsResponse, User } from '@attar/contract';
import type { Config } from '../config';
import type { Database } from '../db/client';
import { oneRow } from '../db/one-row';
import type * as tables from '../db/schema';
import type { TableRow } from '../db/table-row';
import type { Delivery } from '../delivery/service';
import { checkCode, consumeCode, issueCode, revokeCodes, type CodeContext } from '../codes/service';
import { SENDS_PER_ADDRESS } from '../challenge/service';
import { ApiError, fieldError, notFound, ThrottledError } from '../http/errors';
import { accountCodeEmail } from '../messages/emails';
import type { CounterStore } from '../ratelimit/counters';
import { clearLoginLock, enforce, loginGuard } from '../ratelimit/limits';
import type { Locale } from '@attar/contract';
import { text } from '../i18n/catalogue';
import { hashPassword, isLegacyHash, verifyPassword } from './passwords';
import { issueToken, revokeAllTokens } from './tokens';

export type AccountsContext = CodeContext & { config: Config; delivery: Delivery; counters: CounterStore };

export type UserRow = Pick<
  TableRow<typeof tables.users>,
  | 'id'
  | 'name'
  | 'email'
  | 'phone'
  | 'password_hash'
  | 'email_verified'
  | 'phone_verified'
  | 'points'
  | 'date_joined'
  | 'is_active'
  | 'locale'
> & {
  /** The addresses of live change codes (pendingChange). */
  pending_email: string | null;
  pending_phone: string | null;
};

export const toUser = (row: UserRow): User => ({
  id: row.id,
  name: row.name,
  email: row.email,
  phone: row.phone,
  email_verified: row.email_verified,
  phone_verified: row.phone_verified,
  points: row.points,
  date_joined: row.date_joined,
  language: row.locale,
  pending_email: row.pending_email,
  pending_phone: row.pending_phone,
});

/** The new address of the newest live change code the shopper asked for (self-service.ts): not in effect yet. */
const pendingChange = (purpose: 'change_email' | 'change_phone') => sql`(
  SELECT c.identifier FROM verification_codes c
  WHERE c.user_id = users.id AND c.purpose = ${purpose} AND c.consumed_at IS NULL AND c.expires_at > now()
  ORDER BY c.id DESC LIMIT 1)`;

export const USER_COLUMNS = sql`id, name, email, phone, password_hash, email_verified, phone_verified, points,
  to_json(date_joined) #>> '{}' AS date_joined, is_active, locale,
  ${pendingChange('change_email')} AS pending_email, ${pendingChange('change_phone')} AS pending_phone`;

export async function findUser(database: Database, by: { id: number } | { email: string } | { phone: string }) {
  const where = 'id' in by ? sql`id = ${by.id}` : 'email' in by ? sql`email = ${by.email}` : sql`phone = ${by.phone}`;
  const [row] = await database.rows<UserRow>(sql`SELECT ${USER_COLUMNS} FROM users WHERE ${where}`);
  return row;
}

export async function getUser(database: Database, id: number): Promise<User> {
  const row = await findUser(database, { id });
  if (!row) throw notFound();
  return toUser(row);
}

/** PostgreSQL's unique_violation, with the index that refused the row. */
const uniqueViolation = (error: unknown): string | undefined => {
  const e = error as { code?: string; constraint?: string; cause?: { code?: string; constraint?: string } };
  const pgError = e?.code === '23505' ? e : e?.cause?.code === '23505' ? e.cause : undefined;
  return pgError ? (pgError.constraint ?? 'unique') : undefined;
};

export function rethrowTaken(error: unknown, locale: Locale): never {
  const constraint = uniqueViolation(error);
  if (constraint?.includes('email')) throw fieldError('email', text(locale, 'emailTaken'));
  if (constraint?.includes('phone')) throw fieldError('phone', text(locale, 'phoneTaken'));
  throw error;
}

export function checkPasswordRules(password: string, email: string, phone: string | null, locale: Locale) {
  const lowered = password.trim().toLowerCase();
  const phoneForms = phone ? [phone, phone.replace('+20', '0'), phone.slice(1)] : [];
  if (lowered === email || phoneForms.includes(password.trim())) {
    throw fieldError('password', text(locale, 'passwordLikeIdentity'));
  }
}

/** Codes go out in the account's language, whichever page asked for them. */
async function sendVerificationCode(ctx: AccountsContext, user: UserRow, channel: 'phone' | 'email', ip: string, locale: Locale) {
  const told = user.locale;
  if (channel === 'phone') {
    if (!user.phone) throw new ApiError(400, 'no_phone', text(locale, 'noPhone'));
    const code = await issueCode(ctx, { purpose: 'verify_phone', identifier: user.phone, userId: user.id, ip, deliverable: true });
    await ctx.delivery.sendSms({ to: user.phone, text: text(told, 'phoneCodeSms', { code }) });
  } else {
    const code = await issueCode(ctx, { purpose: 'verify_email', identifier: user.email, userId: user.id, ip, deliverable: true });
    await ctx.delivery.sendEmail(await accountCodeEmail({ to: user.email, locale: told, name: user.name, code, purpose: 'verify_email' }));
  }
}

export async function signUp(
  ctx: AccountsContext,
  input: { name: string; email: string; phone: string; password: string },
  ip: string,
  locale: Locale,
) {
  await enforce(ctx.counters, `signup:ip:${ip}`, { max: SENDS_PER_ADDRESS, windowMs: 3_600_000 });
  checkPasswordRules(input.password, input.email, input.phone, locale);
  if (await findUser(ctx.database, { email: input.email })) throw fieldError('email', text(locale, 'emailTaken'));
  if (await findUser(ctx.database, { phone: input.phone })) throw fieldError('phone', text(locale, 'phoneTaken'));
  const passwordHash = await hashPassword(input.password);
  const user = oneRow(
    await ctx.database
      .rows<UserRow>(
        sql`
        INSERT INTO users (name, email, phone, password_hash, locale)
        VALUES (${input.name}, ${input.email}, ${input.phone}, ${passwordHash}, ${locale})
        RETURNING ${USER_COLUMNS}`,
      )
      .catch((error) => rethrowTaken(error, locale)),
  );
  const token = await issueToken(ctx.database, user.id, ctx.config.tokenTtlDays);
  // The new shopper verifies both right away; a code that cannot go out must not undo the sign-up (they ask again
  // later), and the answer says which did not, so the page never claims one.
  const codes = {
    phone: await codeDelivery(() => sendVerificationCode(ctx, user, 'phone', ip, locale)),
    email: await codeDelivery(() => sendVerificationCode(ctx, user, 'email', ip, locale)),
  };
  return { token, user: toUser(user), codes };
}

async function codeDelivery(send: () => Promise<void>): Promise<CodeDelivery> {
  try {
    await send();
    return { sent: true, retry_after: null };
  } catch (error) {
    return { sent: false, retry_after: error instanceof ThrottledError ? error.retryAfterSeconds : null };
  }
}

/** A deactivated account (by the shop, in the back office) cannot log in until it is reactivated. */
export const accountInactive = (locale: Locale) => new ApiError(403, 'account_inactive', text(locale, 'accountInactive'));

/** Code checks per address: five tries per code already stop guessing one code; this stops guessing many. */
export const CODE_CHECK_LIMIT = { max: 30, windowMs: 10 * 60_000 };

export async function logIn(
  ctx: AccountsContext,
  input: { email: string; password: string } | { phone: string; password: string },
  ip: string,
  locale: Locale,
) {
  const identity = 'email' in input ? input.email : input.phone;
  const guard = loginGuard(ctx.counters, 'login', ip, identity, text(locale, 'loginLocked'));
  await guard.check();

  const user = await findUser(ctx.database, 'email' in input ? { email: input.email } : { phone: input.phone });
  const valid = await verifyPassword(user?.password_hash, input.password);
  if (!valid || !user) {
    await guard.failed();
    throw new ApiError(400, 'invalid_credentials', text(locale, 'invalidCredentials'));
  }
  await guard.succeeded();
  // Said only to whoever knows the password, so it tells nobody else that the account exists.
  if (!user.is_active) throw accountInactive(locale);
  if (user.password_hash && isLegacyHash(user.password_hash)) {
    const upgraded = await hashPassword(input.password);
    await ctx.database.rows(sql`UPDATE users SET password_hash = ${upgraded} WHERE id = ${user.id}`);
  }
  const token = await issueToken(ctx.database, user.id, ctx.config.tokenTtlDays);
  return { token, user: toUser(user) };
}

/** The name and language; the e-mail and phone change only with a code (self-service.ts `saveProfile`). */
export async function updateNameAndLanguage(
  ctx: AccountsContext,
  userId: number,
  input: { name: string; language?: Locale | undefined },
): Promise<User> {
  const [row] = await ctx.database.rows<UserRow>(sql`
    UPDATE users SET name = ${input.name}, locale = ${input.language ?? sql`locale`}
    WHERE id = ${userId}
    RETURNING ${USER_COLUMNS}`);
  if (!row) throw notFound();
  return toUser(row);
}

export async function resendVerification(ctx: AccountsContext, userId: number, channel: 'phone' | 'email', ip: string, locale: Locale) {
  const user = await findUser(ctx.database, { id: userId });
  if (!user) throw notFound();
  if (channel === 'phone' ? user.phone_verified : user.email_verified) {
    throw new ApiError(400, 'already_verified', text(locale, 'alreadyVerified'));
  }
  await sendVerificationCode(ctx, user, channel, ip, locale);
}

export async function verifyChannel(
  ctx: AccountsContext,
  userId: number,
  channel: 'phone' | 'email',
  code: string,
  ip: string,
  locale: Locale,
) {
  await enforce(ctx.counters, `code-checks:ip:${ip}`, CODE_CHECK_LIMIT);
  const user = await findUser(ctx.database, { id: userId });
  if (!user) throw notFound();
  const identifier = channel === 'phone' ? user.phone : user.email;
  if (!identifier) throw new ApiError(400, 'no_phone', text(locale, 'noPhone'));
  await checkCode(ctx, { purpose: channel === 'phone' ? 'verify_phone' : 'verify_email', identifier, code, consume: true, locale });
  // Only if the address is still the one the code went to.
  await ctx.database.rows(
    channel === 'phone'
      ? sql`UPDATE users SET phone_verified = true WHERE id = ${userId} AND phone = ${identifier}`
      : sql`UPDATE users SET email_verified = true WHERE id = ${userId} AND email = ${identifier}`,
  );
}

/** Answers the same whether or not the account exists; only an existing one gets an e-mail, in its language. */
export async function sendPasswordReset(ctx: AccountsContext, email: string, ip: string) {
  const user = await findUser(ctx.database, { email });
  const code = await issueCode(ctx, { purpose: 'password_reset', identifier: email, userId: user?.id ?? null, ip, deliverable: !!user });
  if (user) {
    await ctx.delivery.sendEmail(
      await accountCodeEmail({ to: email, locale: user.locale, name: user.name, code, purpose: 'password_reset' }),
    );
  }
}

export async function checkResetCode(ctx: AccountsContext, email: string, code: string, ip: string, locale: Locale) {
  await enforce(ctx.counters, `code-checks:ip:${ip}`, CODE_CHECK_LIMIT);
  await checkCode(ctx, { purpose: 'password_reset', identifier: email, code, consume: false, locale });
}

export async function resetPassword(ctx: AccountsContext, email: string, code: string, password: string, ip: string, locale: Locale) {
  await enforce(ctx.counters, `code-checks:ip:${ip}`, CODE_CHECK_LIMIT);
  // The code first, and the same way for every e-mail: only its owner learns anything about the account (the
  // password rules), and the code is used up only once everything passes.
  const { userId, codeId } = await checkCode(ctx, { purpose: 'password_reset', identifier: email, code, consume: false, locale });
  const user = userId === null ? undefined : await findUser(ctx.database, { id: userId });
  if (!user) throw new ApiError(400, 'code_invalid', text(locale, 'codeInvalid'));
  checkPasswordRules(password, user.email, user.phone, locale);
  await consumeCode(ctx.database, codeId, locale);
  // The code reached this mailbox, so the e-mail is proven: it counts as verified (unless it changed meanwhile).
  await ctx.database.rows(sql`
    UPDATE users SET password_hash = ${await hashPassword(password)}, email_verified = email_verified OR email = ${email}
    WHERE id = ${user.id}`);
  await revokeAllTokens(ctx.database, user.id);
  await revokeCodes(ctx.database, 'password_reset', email);
  // The code proved the owner: a lock someone else caused by failing on purpose no longer keeps them out.
  for (const identity of [user.email, user.phone]) if (identity) await clearLoginLock(ctx.counters, 'login', ip, identity);
}

export async function pointsOf(database: Database, userId: number): Promise<PointsResponse> {
  const [row] = await database.rows<Pick<TableRow<typeof tables.users>, 'points'> & { history: PointsResponse['history'] }>(sql`
    SELECT u.points, coalesce((
      SELECT json_agg(json_build_object('id', l.id, 'change', l.change, 'reason', l.reason,
        'order_number', l.order_number, 'created_at', l.created_at) ORDER BY l.created_at DESC, l.id DESC)
      FROM points_ledger l WHERE l.user_id = u.id), '[]'::json) AS history
    FROM users u WHERE u.id = ${userId}`);
  if (!row) throw notFound();
  return row;
}
