/**
 * One verification-code service for phone and e-mail verification, password reset and guest promo codes:
 * 6 digits, stored as an HMAC, valid 10 minutes, at most 5 wrong tries, single use, a 60 s resend cool-down and at most
 * 5 sends an hour per identifier, and a ceiling per IP address high enough for the many shoppers behind one public
 * address (a busy address proves a person first: challenge/service.ts). A newer code for the same purpose replaces the
 * older one.
 */
import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Locale } from '@attar/contract';
import type { Database } from '../db/client';
import type * as tables from '../db/schema';
import type { TableRow } from '../db/table-row';
import { ApiError } from '../http/errors';
import { text } from '../i18n/catalogue';
import type { CounterStore } from '../ratelimit/counters';
import { enforce } from '../ratelimit/limits';
import { SENDS_PER_ADDRESS } from '../challenge/service';

export type CodePurpose =
  'verify_phone' | 'verify_email' | 'password_reset' | 'guest_promo' | 'change_email' | 'change_phone' | 'delete_account';

export const CODE_TTL_MS = 10 * 60_000;
export const MAX_WRONG_TRIES = 5;
export const RESEND_COOLDOWN_MS = 60_000;
export const MAX_SENDS_PER_HOUR = 5;

export type CodeContext = { database: Database; counters: CounterStore; secretKey: string };

const hashCode = (secret: string, purpose: CodePurpose, identifier: string, code: string) =>
  createHmac('sha256', secret).update(`${purpose}\n${identifier}\n${code}`).digest('hex');

/**
 * Records a send and returns the code to deliver. With `record` false nothing is delivered (a reset for an unknown
 * e-mail): the limits still apply, so the answer and its timing do not reveal whether the account exists.
 */
export async function issueCode(
  ctx: CodeContext,
  input: { purpose: CodePurpose; identifier: string; userId: number | null; ip: string; deliverable: boolean },
): Promise<string> {
  await enforce(ctx.counters, `code-cooldown:${input.purpose}:${input.identifier}`, { max: 1, windowMs: RESEND_COOLDOWN_MS });
  await enforce(ctx.counters, `code-sends:id:${input.identifier}`, { max: MAX_SENDS_PER_HOUR, windowMs: 3_600_000 });
  await enforce(ctx.counters, `code-sends:ip:${input.ip}`, { max: SENDS_PER_ADDRESS, windowMs: 3_600_000 });

  const newCode = () => String(randomInt(0, 1_000_000)).padStart(6, '0');
  const code = newCode();
  // An undeliverable send still stores a code (one nobody is told), so checking it counts tries exactly as for a real
  // one: the answers and their limits do not reveal whether the account exists.
  const codeHash = hashCode(ctx.secretKey, input.purpose, input.identifier, input.deliverable ? code : newCode());
  await ctx.database.db.transaction(async (tx) => {
    await tx.execute(sql`
      UPDATE verification_codes SET consumed_at = now()
      WHERE purpose = ${input.purpose} AND identifier = ${input.identifier} AND consumed_at IS NULL`);
    await tx.execute(sql`
      INSERT INTO verification_codes (purpose, identifier, user_id, code_hash, ip, expires_at)
      VALUES (${input.purpose}, ${input.identifier}, ${input.userId}, ${codeHash}, ${input.ip},
              now() + ${CODE_TTL_MS} * interval '1 millisecond')`);
  });
  return code;
}

const CODE_REFUSALS = {
  code_invalid: 'codeInvalid',
  code_used: 'codeUsed',
  code_expired: 'codeExpired',
  code_attempts_exceeded: 'codeAttemptsExceeded',
} as const;
const codeError = (code: keyof typeof CODE_REFUSALS, locale: Locale) => new ApiError(400, code, text(locale, CODE_REFUSALS[code]));

/**
 * Checks `code` against the newest code sent to `identifier` for `purpose`. Each try takes one of the five before the
 * comparison (so concurrent guesses cannot exceed five), and a right answer gives it back. With `consume`, the code is
 * used up atomically: of two concurrent right answers, one wins.
 */
export async function checkCode(
  ctx: CodeContext,
  input: {
    purpose: CodePurpose;
    identifier: string;
    code: string;
    consume: boolean;
    /** Accept the newest code although it was used: a repeated request proving it is the one that used it. */
    acceptUsed?: boolean;
    /** The language of the refusals. */
    locale: Locale;
  },
): Promise<{ userId: number | null; codeId: number }> {
  const stillUnused = input.acceptUsed ? sql`` : sql`AND consumed_at IS NULL`;
  const [latest] = await ctx.database.rows<
    Pick<TableRow<typeof tables.verificationCodes>, 'id' | 'user_id' | 'code_hash'> & { expired: boolean; consumed: boolean }
  >(sql`
    SELECT id, user_id, code_hash, expires_at <= now() AS expired, consumed_at IS NOT NULL AS consumed
    FROM verification_codes
    WHERE purpose = ${input.purpose} AND identifier = ${input.identifier}
    ORDER BY created_at DESC, id DESC LIMIT 1`);
  if (!latest || !latest.code_hash) throw codeError('code_invalid', input.locale);
  if (latest.consumed && !input.acceptUsed) throw codeError('code_used', input.locale);
  if (latest.expired) throw codeError('code_expired', input.locale);

  const [reserved] = await ctx.database.rows<Pick<TableRow<typeof tables.verificationCodes>, 'id'>>(sql`
    UPDATE verification_codes SET attempts = attempts + 1
    WHERE id = ${latest.id} AND attempts < ${MAX_WRONG_TRIES} ${stillUnused} RETURNING id`);
  if (!reserved) throw codeError('code_attempts_exceeded', input.locale);

  const expected = Buffer.from(latest.code_hash, 'hex');
  const given = Buffer.from(hashCode(ctx.secretKey, input.purpose, input.identifier, input.code), 'hex');
  if (!timingSafeEqual(expected, given)) throw codeError('code_invalid', input.locale);

  const [settled] = await ctx.database.rows<Pick<TableRow<typeof tables.verificationCodes>, 'id'>>(sql`
    UPDATE verification_codes SET attempts = attempts - 1
      ${input.consume ? sql`, consumed_at = now()` : sql``}
    WHERE id = ${latest.id} ${stillUnused} RETURNING id`);
  if (!settled) throw codeError('code_used', input.locale);
  return { userId: latest.user_id, codeId: latest.id };
}

/** Uses up a code checked earlier without `consume`: of two concurrent uses, one wins (400 code_used for the other). */
export async function consumeCode(database: Database, codeId: number, locale: Locale): Promise<void> {
  const [used] = await database.rows(
    sql`UPDATE verification_codes SET consumed_at = now() WHERE id = ${codeId} AND consumed_at IS NULL RETURNING id`,
  );
  if (!used) throw codeError('code_used', locale);
}

/** Ends every outstanding code of a purpose for an identifier (a password change ends all reset codes). */
export async function revokeCodes(database: Database, purpose: CodePurpose, identifier: string): Promise<void> {
  await database.rows(sql`
    UPDATE verification_codes SET consumed_at = now()
    WHERE purpose = ${purpose} AND identifier = ${identifier} AND consumed_at IS NULL`);
}
