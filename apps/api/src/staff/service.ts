/**
 * Staff identity: members and their roles, one-time password links, password and authenticator (TOTP) sign-in, and
 * sessions. Staff are not shoppers: their own table, their own sessions (an httpOnly cookie holding a token whose
 * SHA-256 is stored), ended after 30 idle minutes or 12 hours, whichever comes first.
 */
import { createHash, randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Locale, StaffMember, StaffMemberCreate, StaffMemberPatch, StaffSession } from '@attar/contract';
import { hashPassword, verifyPassword } from '../accounts/passwords';
import { recordAudit } from '../audit/service';
import type { Config } from '../config';
import type { Database } from '../db/client';
import { oneRow } from '../db/one-row';
import type * as tables from '../db/schema';
import type { TableRow } from '../db/table-row';
import { ApiError, fieldError, notFound } from '../http/errors';
import { text } from '../i18n/catalogue';
import { rowsOf } from '../db/transaction';
import type { CounterStore } from '../ratelimit/counters';
import { loginGuard } from '../ratelimit/limits';
import { matchingStep, newTotpSecret, otpauthUrl } from './totp';

export type StaffContext = { database: Database; config: Config; counters: CounterStore };

export const IDLE_MINUTES = 30;
export const SESSION_HOURS = 12;
const LINK_HOURS = 72;

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');
const newToken = () => randomBytes(32).toString('base64url');

type MemberRow = Pick<
  TableRow<typeof tables.staffMembers>,
  'id' | 'email' | 'name' | 'role' | 'password_hash' | 'totp_secret' | 'totp_last_step' | 'is_active' | 'created_at'
> & { totp_enabled: boolean };
const memberColumns = sql`id, email, name, role, password_hash, totp_secret, totp_enabled_at IS NOT NULL AS totp_enabled,
  totp_last_step, is_active, to_json(created_at) #>> '{}' AS created_at`;

export const memberJson = (row: MemberRow): StaffMember => ({
  id: row.id,
  email: row.email,
  name: row.name,
  role: row.role,
  totp_enabled: row.totp_enabled,
  is_active: row.is_active,
  created_at: row.created_at,
});

/** The signed-in staff member behind a session cookie. */
export type StaffPrincipal = { sessionId: number; member: MemberRow; csrfToken: string; expiresAt: string };

/** Owners and managers must use an authenticator app when the shop requires it (production). */
export const mustEnrolTotp = (config: Config, member: Pick<MemberRow, 'role' | 'totp_enabled'>) =>
  config.admin.totpRequired && (member.role === 'owner' || member.role === 'manager') && !member.totp_enabled;

export const sessionJson = (config: Config, principal: StaffPrincipal): StaffSession => ({
  staff: memberJson(principal.member),
  csrf_token: principal.csrfToken,
  expires_at: principal.expiresAt,
  idle_minutes: IDLE_MINUTES,
  must_enrol_totp: mustEnrolTotp(config, principal.member),
});

async function openSession(database: Database, member: MemberRow): Promise<{ token: string; principal: StaffPrincipal }> {
  const token = newToken();
  const csrfToken = newToken();
  const row = oneRow(
    await database.rows<Pick<TableRow<typeof tables.staffSessions>, 'id'> & { expires_at: string }>(sql`
      INSERT INTO staff_sessions (staff_id, token_hash, csrf_token) VALUES (${member.id}, ${sha256(token)}, ${csrfToken})
      RETURNING id, to_json(created_at + ${SESSION_HOURS} * interval '1 hour') #>> '{}' AS expires_at`),
  );
  return { token, principal: { sessionId: row.id, member, csrfToken, expiresAt: row.expires_at } };
}

/** The live session behind a cookie's token (not revoked, not idle too long, not too old, its member active). */
export async function resolveSession(database: Database, token: string): Promise<StaffPrincipal | null> {
  // Marks the session seen at most once a minute: most requests only read.
  const [row] = await database.rows<
    MemberRow & Pick<TableRow<typeof tables.staffSessions>, 'csrf_token'> & { session_id: number; expires_at: string }
  >(sql`
    WITH live AS (
      SELECT s.id, s.staff_id, s.csrf_token, s.created_at, s.last_seen_at FROM staff_sessions s
      WHERE s.token_hash = ${sha256(token)} AND s.revoked_at IS NULL
        AND s.last_seen_at > now() - ${IDLE_MINUTES} * interval '1 minute'
        AND s.created_at > now() - ${SESSION_HOURS} * interval '1 hour'
    ), seen AS (
      UPDATE staff_sessions SET last_seen_at = now()
      WHERE id IN (SELECT id FROM live WHERE last_seen_at < now() - interval '1 minute') RETURNING id
    )
    SELECT live.id AS session_id, live.csrf_token,
      to_json(live.created_at + ${SESSION_HOURS} * interval '1 hour') #>> '{}' AS expires_at,
      m.id, m.email, m.name, m.role, m.password_hash, m.totp_secret, m.totp_enabled_at IS NOT NULL AS totp_enabled,
      m.totp_last_step, m.is_active, to_json(m.created_at) #>> '{}' AS created_at
    FROM live JOIN staff_members m ON m.id = live.staff_id WHERE m.is_active`);
  if (!row) return null;
  const { session_id, csrf_token, expires_at, ...member } = row;
  return { sessionId: session_id, member, csrfToken: csrf_token, expiresAt: expires_at };
}

export async function closeSession(database: Database, sessionId: number) {
  await database.rows(sql`UPDATE staff_sessions SET revoked_at = now() WHERE id = ${sessionId} AND revoked_at IS NULL`);
}

export async function closeAllSessions(database: Database, staffId: number) {
  await database.rows(sql`UPDATE staff_sessions SET revoked_at = now() WHERE staff_id = ${staffId} AND revoked_at IS NULL`);
}

/**
 * E-mail, password and, once the member has turned it on, a code from their authenticator app. Throttled like the
 * shoppers' log-in (its own counters). A right password without the code answers `totp_required` and counts nothing.
 */
export async function signIn(
  ctx: StaffContext,
  input: { email: string; password: string; totp?: string | undefined },
  ip: string,
  locale: Locale,
) {
  const guard = loginGuard(ctx.counters, 'staff-login', ip, input.email, text(locale, 'staffLoginLocked'));
  await guard.check();
  const [member] = await ctx.database.rows<MemberRow>(sql`SELECT ${memberColumns} FROM staff_members WHERE email = ${input.email}`);
  const valid = (await verifyPassword(member?.password_hash, input.password)) && member?.is_active === true;
  if (!valid || !member) {
    await guard.failed();
    throw new ApiError(400, 'invalid_credentials', text(locale, 'staffInvalidCredentials'));
  }
  if (member.totp_enabled) {
    if (!input.totp) throw new ApiError(400, 'totp_required', text(locale, 'staffTotpRequired'));
    // Two-step sign-in is on only once a secret is confirmed.
    if (member.totp_secret === null) throw new Error('Two-step sign-in is on without a secret.');
    const step = matchingStep(member.totp_secret, input.totp, member.totp_last_step);
    // A code is good once: the step is recorded with a conditional update, so a replayed code fails.
    const [used] =
      step === null
        ? []
        : await ctx.database.rows(sql`
          UPDATE staff_members SET totp_last_step = ${step}
          WHERE id = ${member.id} AND (totp_last_step IS NULL OR totp_last_step < ${step}) RETURNING id`);
    if (!used) {
      await guard.failed();
      throw new ApiError(400, 'totp_invalid', text(locale, 'staffTotpInvalid'));
    }
  }
  await guard.succeeded();
  return openSession(ctx.database, member);
}

/** A one-time link to set a password; earlier unused links of the member stop working. */
export async function issuePasswordLink(database: Database, config: Config, staffId: number) {
  const token = newToken();
  const row = oneRow(
    await database.rows<Pick<TableRow<typeof tables.staffPasswordLinks>, 'expires_at'>>(sql`
      WITH retired AS (UPDATE staff_password_links SET expires_at = now() WHERE staff_id = ${staffId} AND used_at IS NULL AND expires_at > now())
      INSERT INTO staff_password_links (staff_id, token_hash, expires_at)
      VALUES (${staffId}, ${sha256(token)}, now() + ${LINK_HOURS} * interval '1 hour')
      RETURNING to_json(expires_at) #>> '{}' AS expires_at`),
  );
  return { password_link: `${config.admin.url}/set-password?token=${token}`, expires_at: row.expires_at };
}

/** Uses a link once: the password is set and every session of the member ends. */
export async function setPasswordFromLink(database: Database, locale: Locale, token: string, password: string) {
  const passwordHash = await hashPassword(password);
  await database.db.transaction(async (tx) => {
    const rows = rowsOf(tx);
    const [link] = await rows<Pick<TableRow<typeof tables.staffPasswordLinks>, 'staff_id'>>(sql`
      UPDATE staff_password_links SET used_at = now()
      WHERE token_hash = ${sha256(token)} AND used_at IS NULL AND expires_at > now() RETURNING staff_id`);
    if (!link) throw new ApiError(400, 'link_invalid', text(locale, 'staffLinkInvalid'));
    await rows(sql`UPDATE staff_members SET password_hash = ${passwordHash} WHERE id = ${link.staff_id}`);
    await rows(sql`UPDATE staff_sessions SET revoked_at = now() WHERE staff_id = ${link.staff_id} AND revoked_at IS NULL`);
    await recordAudit(rows, { staffId: link.staff_id, action: 'staff.set_password', entity: 'staff', entityId: link.staff_id });
  });
}

const emailTaken = (error: unknown) => {
  const e = error as { code?: string; constraint?: string; cause?: { code?: string; constraint?: string } };
  const pg = e?.code === '23505' ? e : e?.cause;
  return pg?.code === '23505' && pg.constraint === 'staff_members_email_unique';
};

/** A new member without a password, and the one-time link with which they set it. */
export async function createMember(database: Database, config: Config, locale: Locale, actorId: number | null, input: StaffMemberCreate) {
  const member = await database.db
    .transaction(async (tx) => {
      const rows = rowsOf(tx);
      const row = oneRow(
        await rows<MemberRow>(sql`
          INSERT INTO staff_members (email, name, role) VALUES (${input.email}, ${input.name}, ${input.role}) RETURNING ${memberColumns}`),
      );
      await recordAudit(rows, { staffId: actorId, action: 'staff.create', entity: 'staff', entityId: row.id, after: memberJson(row) });
      return row;
    })
    .catch((error: unknown) => {
      if (emailTaken(error)) throw fieldError('email', text(locale, 'staffEmailTaken'));
      throw error;
    });
  return { member: memberJson(member), ...(await issuePasswordLink(database, config, member.id)) };
}

/** The owner's new link for a member (a forgotten password): earlier links stop working. */
export async function newPasswordLink(database: Database, config: Config, locale: Locale, actorId: number, memberId: number) {
  const [member] = await database.rows<MemberRow>(sql`SELECT ${memberColumns} FROM staff_members WHERE id = ${memberId}`);
  if (!member) throw notFound(text(locale, 'notFound'));
  const link = await issuePasswordLink(database, config, member.id);
  await recordAudit(database.rows, { staffId: actorId, action: 'staff.password_link', entity: 'staff', entityId: member.id });
  return { member: memberJson(member), ...link };
}

export async function listMembers(database: Database) {
  const rows = await database.rows<MemberRow>(sql`SELECT ${memberColumns} FROM staff_members ORDER BY is_active DESC, name, id`);
  return rows.map(memberJson);
}

/**
 * Changes a member's name, role or whether they may sign in. The shop always keeps one active owner who can sign in
 * (a password set; checked under a lock, so two owners demoting each other at once cannot both succeed). A
 * deactivated member's sessions end at once.
 */
export async function patchMember(database: Database, locale: Locale, actorId: number, id: number, patch: StaffMemberPatch) {
  return database.db.transaction(async (tx) => {
    const rows = rowsOf(tx);
    await rows(sql`SELECT pg_advisory_xact_lock(hashtext('staff_members_owners'))`);
    const [before] = await rows<MemberRow>(sql`SELECT ${memberColumns} FROM staff_members WHERE id = ${id} FOR UPDATE`);
    if (!before) throw notFound(text(locale, 'notFound'));
    const after = oneRow(
      await rows<MemberRow>(sql`
        UPDATE staff_members SET name = coalesce(${patch.name ?? null}, name), role = coalesce(${patch.role ?? null}, role),
          is_active = coalesce(${patch.is_active ?? null}::boolean, is_active)
        WHERE id = ${id} RETURNING ${memberColumns}`),
    );
    const owners = oneRow(
      await rows<{ count: number }>(
        // Only an owner who can sign in counts: one invited who never set a password cannot.
        sql`SELECT count(*)::int AS count FROM staff_members WHERE role = 'owner' AND is_active AND password_hash IS NOT NULL`,
      ),
    );
    if (owners.count < 1) throw new ApiError(400, 'last_owner', text(locale, 'staffLastOwner'));
    if (!after.is_active) await rows(sql`UPDATE staff_sessions SET revoked_at = now() WHERE staff_id = ${id} AND revoked_at IS NULL`);
    await recordAudit(rows, {
      staffId: actorId,
      action: 'staff.update',
      entity: 'staff',
      entityId: id,
      before: memberJson(before),
      after: memberJson(after),
    });
    return memberJson(after);
  });
}

/**
 * A member lost their authenticator: the owner turns two-step sign-in off for them and ends their sessions. They sign
 * in with their password and set it up again (owners and managers must, before anything else, in production).
 */
export async function resetTotp(database: Database, locale: Locale, actorId: number, id: number) {
  return database.db.transaction(async (tx) => {
    const rows = rowsOf(tx);
    const [member] = await rows<MemberRow>(sql`
      UPDATE staff_members SET totp_secret = NULL, totp_enabled_at = NULL, totp_last_step = NULL
      WHERE id = ${id} RETURNING ${memberColumns}`);
    if (!member) throw notFound(text(locale, 'notFound'));
    await rows(sql`UPDATE staff_sessions SET revoked_at = now() WHERE staff_id = ${id} AND revoked_at IS NULL`);
    await recordAudit(rows, { staffId: actorId, action: 'staff.reset_totp', entity: 'staff', entityId: id });
    return memberJson(member);
  });
}

/** Starts turning on the authenticator: a new secret, kept until a code from it is confirmed. */
export async function startTotp(database: Database, member: Pick<MemberRow, 'id' | 'email' | 'totp_enabled'>, locale: Locale) {
  if (member.totp_enabled) throw new ApiError(400, 'totp_enabled', text(locale, 'staffTotpInvalid'));
  const secret = newTotpSecret();
  await database.rows(sql`UPDATE staff_members SET totp_secret = ${secret} WHERE id = ${member.id} AND totp_enabled_at IS NULL`);
  return { secret, otpauth_url: otpauthUrl(secret, member.email) };
}

export async function confirmTotp(database: Database, staffId: number, code: string, locale: Locale) {
  await database.db.transaction(async (tx) => {
    const rows = rowsOf(tx);
    const [member] = await rows<Pick<TableRow<typeof tables.staffMembers>, 'totp_secret'>>(sql`
      SELECT totp_secret FROM staff_members WHERE id = ${staffId} AND totp_enabled_at IS NULL FOR UPDATE`);
    const step = member?.totp_secret ? matchingStep(member.totp_secret, code, null) : null;
    if (step === null) throw new ApiError(400, 'totp_invalid', text(locale, 'staffTotpInvalid'));
    await rows(sql`UPDATE staff_members SET totp_enabled_at = now(), totp_last_step = ${step} WHERE id = ${staffId}`);
    await recordAudit(rows, { staffId, action: 'staff.enable_totp', entity: 'staff', entityId: staffId });
  });
}

/** Demo mode's first start: an owner with a random password, told once (the caller prints it). */
export async function createDemoOwner(database: Database) {
  const [any] = await database.rows(sql`SELECT 1 FROM staff_members LIMIT 1`);
  if (any) return null;
  const email = 'owner@attar.example';
  const password = randomBytes(12).toString('base64url');
  const [created] = await database.rows<Pick<TableRow<typeof tables.staffMembers>, 'id'>>(sql`
    INSERT INTO staff_members (email, name, role, password_hash) VALUES (${email}, 'Demo owner', 'owner', ${await hashPassword(password)})
    ON CONFLICT DO NOTHING RETURNING id`);
  return created ? { email, password } : null;
}
