import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { AuditPage, StaffMember, StaffPasswordLink, StaffSession, TotpEnrolment } from '@attar/contract';
import { useTestApp } from '../test/app';
import { freshIp } from '../test/client';
import { signedInShopper } from '../test/shoppers';
import { createStaff, signedInStaff, STAFF_PASSWORD } from '../test/staff';
import { mustEnrolTotp } from './service';
import { currentStep, newTotpSecret, totpAt } from './totp';

const t = useTestApp();
const signIn = (payload: Record<string, unknown>, ip = freshIp()) =>
  t.app.inject({ method: 'POST', url: '/api/staff/session/', payload, remoteAddress: ip });

describe('staff sign-in and sessions', () => {
  it('signs in with e-mail and password into an httpOnly, SameSite=Strict cookie, never a token in the body', async () => {
    const member = await createStaff(t, 'support');
    const response = await signIn({ email: member.email.toUpperCase(), password: STAFF_PASSWORD });
    expect(response.statusCode).toBe(200);
    const cookie = response.cookies.find((c) => c.name === 'attar_staff')!;
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/api/staff/' });
    const session = StaffSession.parse(response.json());
    expect(session.staff).toMatchObject({ email: member.email, role: 'support', totp_enabled: false });
    expect(response.body).not.toContain(cookie.value);
    // Only a hash of the session token is stored.
    const stored = await t.db.database.rows<{ token_hash: string }>(
      sql`SELECT token_hash FROM staff_sessions WHERE staff_id = ${member.id}`,
    );
    expect(stored[0]!.token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(stored[0]!.token_hash).not.toBe(cookie.value);
  });

  it('refuses a wrong password, an unknown e-mail and an inactive member alike', async () => {
    const member = await createStaff(t, 'manager');
    const inactive = await createStaff(t, 'manager');
    await t.db.database.rows(sql`UPDATE staff_members SET is_active = false WHERE id = ${inactive.id}`);
    for (const payload of [
      { email: member.email, password: 'not the password' },
      { email: 'nobody@staff.test', password: STAFF_PASSWORD },
      { email: inactive.email, password: STAFF_PASSWORD },
    ]) {
      const response = await signIn(payload);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ code: 'invalid_credentials' });
    }
  });

  it('locks an account after repeated failures, like the shoppers’ log-in', async () => {
    const member = await createStaff(t, 'owner');
    const ip = freshIp();
    for (let i = 0; i < 3; i++) await signIn({ email: member.email, password: 'wrong password' }, ip);
    const locked = await signIn({ email: member.email, password: STAFF_PASSWORD }, ip);
    expect(locked.statusCode).toBe(429);
  });

  it('answers 401 without a session, and a shopper’s token never opens a staff call', async () => {
    expect((await t.app.inject('/api/staff/session/')).json()).toMatchObject({ code: 'not_authenticated' });
    const shopper = await signedInShopper(t.app);
    for (const url of ['/api/staff/session/', '/api/staff/orders/', '/api/staff/members/', '/api/staff/audit/']) {
      const response = await t.app.inject({ url, headers: { authorization: `Token ${shopper.token}` } });
      expect(response.statusCode, url).toBe(401);
    }
  });

  it('refuses a write without the session’s CSRF token and changes nothing', async () => {
    const owner = await signedInStaff(t, 'owner');
    const payload = { email: `csrf${Date.now()}@staff.test`, name: 'Nobody', role: 'support' };
    for (const headers of [{ 'x-csrf-token': '' }, { 'x-csrf-token': 'forged' }]) {
      const response = await owner.call('POST', '/api/staff/members/', payload, headers);
      expect(response.statusCode).toBe(403);
      expect(response.json()).toMatchObject({ code: 'csrf_failed' });
    }
    const [row] = await t.db.database.rows(sql`SELECT 1 FROM staff_members WHERE email = ${payload.email}`);
    expect(row).toBeUndefined();
  });

  it('ends after 30 idle minutes, after 12 hours however busy, at sign-out and everywhere at once', async () => {
    const idle = await signedInStaff(t, 'support');
    await t.db.database.rows(sql`UPDATE staff_sessions SET last_seen_at = now() - interval '31 minutes' WHERE staff_id = ${idle.id}`);
    expect((await idle.get('/api/staff/session/')).statusCode).toBe(401);

    const old = await signedInStaff(t, 'support');
    await t.db.database.rows(sql`UPDATE staff_sessions SET created_at = now() - interval '12 hours 1 minute' WHERE staff_id = ${old.id}`);
    expect((await old.get('/api/staff/session/')).statusCode).toBe(401);

    const member = await signedInStaff(t, 'support');
    expect((await member.get('/api/staff/session/')).statusCode).toBe(200);
    const signOut = await member.call('DELETE', '/api/staff/session/');
    expect(signOut.statusCode).toBe(204);
    expect((await member.get('/api/staff/session/')).statusCode).toBe(401);

    // Two browsers of one member: "sign out everywhere" from one ends both.
    const first = await signedInStaff(t, 'fulfilment');
    const second = await signIn({ email: first.email, password: STAFF_PASSWORD });
    const secondCookie = `attar_staff=${second.cookies.find((c) => c.name === 'attar_staff')!.value}`;
    expect((await t.app.inject({ url: '/api/staff/session/', headers: { cookie: secondCookie } })).statusCode).toBe(200);
    expect((await first.post('/api/staff/session/everywhere/')).statusCode).toBe(204);
    expect((await first.get('/api/staff/session/')).statusCode).toBe(401);
    expect((await t.app.inject({ url: '/api/staff/session/', headers: { cookie: secondCookie } })).statusCode).toBe(401);
  });
});

describe('two-step sign-in (TOTP)', () => {
  it('is turned on with a code from the app, then asked at every sign-in; a code works once', async () => {
    const member = await signedInStaff(t, 'fulfilment');
    const enrolment = TotpEnrolment.parse((await member.post('/api/staff/totp/')).json());
    expect(enrolment.otpauth_url).toContain(`secret=${enrolment.secret}`);
    expect((await member.post('/api/staff/totp/confirm/', { code: '000000' })).json()).toMatchObject({ code: 'totp_invalid' });
    const step = currentStep();
    expect((await member.post('/api/staff/totp/confirm/', { code: totpAt(enrolment.secret, step) })).statusCode).toBe(204);

    const withoutCode = await signIn({ email: member.email, password: STAFF_PASSWORD });
    expect(withoutCode.json()).toMatchObject({ code: 'totp_required' });
    expect(withoutCode.cookies.find((c) => c.name === 'attar_staff')).toBeUndefined();
    // The code used to turn it on is spent; the next step's works, once.
    expect((await signIn({ email: member.email, password: STAFF_PASSWORD, totp: totpAt(enrolment.secret, step) })).json()).toMatchObject({
      code: 'totp_invalid',
    });
    const next = totpAt(enrolment.secret, step + 1);
    expect((await signIn({ email: member.email, password: STAFF_PASSWORD, totp: next })).statusCode).toBe(200);
    expect((await signIn({ email: member.email, password: STAFF_PASSWORD, totp: next })).json()).toMatchObject({ code: 'totp_invalid' });
  });

  it('is turned off by the owner for a member who lost their authenticator, ending their sessions', async () => {
    const owner = await signedInStaff(t, 'owner');
    const member = await signedInStaff(t, 'manager');
    const enrolment = TotpEnrolment.parse((await member.post('/api/staff/totp/')).json());
    await member.post('/api/staff/totp/confirm/', { code: totpAt(enrolment.secret, currentStep()) });
    expect((await signIn({ email: member.email, password: STAFF_PASSWORD })).json()).toMatchObject({ code: 'totp_required' });
    // Only the owner may: the member themself, or another manager, may not.
    for (const caller of [member, await signedInStaff(t, 'manager')]) {
      expect((await caller.post(`/api/staff/members/${member.id}/totp-reset/`)).statusCode).toBe(403);
    }
    const reset = await owner.post(`/api/staff/members/${member.id}/totp-reset/`);
    expect(StaffMember.parse(reset.json())).toMatchObject({ id: member.id, totp_enabled: false });
    expect((await member.get('/api/staff/session/')).statusCode).toBe(401);
    expect((await signIn({ email: member.email, password: STAFF_PASSWORD })).statusCode).toBe(200);
    expect((await owner.post('/api/staff/members/2000000/totp-reset/')).statusCode).toBe(404);
    const log = AuditPage.parse((await owner.get(`/api/staff/audit/?entity=staff&entity_id=${member.id}`)).json());
    expect(log.results[0]).toMatchObject({ action: 'staff.reset_totp', staff: { id: owner.id } });
  });

  it('is required of owners and managers before anything else when the shop says so (production)', async () => {
    const strict = { ...t.config, admin: { ...t.config.admin, totpRequired: true } };
    expect(mustEnrolTotp(strict, { role: 'owner', totp_enabled: false })).toBe(true);
    expect(mustEnrolTotp(strict, { role: 'manager', totp_enabled: true })).toBe(false);
    expect(mustEnrolTotp(strict, { role: 'fulfilment', totp_enabled: false })).toBe(false);
    expect(mustEnrolTotp(t.config, { role: 'owner', totp_enabled: false })).toBe(false);
  });

  it('matches the RFC 6238 test vector', () => {
    // RFC 6238, appendix B: secret "12345678901234567890", T = 59 s → 94287082 (8 digits; 6 digits: 287082).
    const secret = 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ';
    expect(totpAt(secret, currentStep(59_000))).toBe('287082');
    expect(newTotpSecret()).toMatch(/^[A-Z2-7]{32}$/);
  });
});

describe('staff management (owner only)', () => {
  it('creates a member whose one-time link sets the password once', async () => {
    const owner = await signedInStaff(t, 'owner');
    const email = `new${Date.now()}@staff.test`;
    const created = await owner.post('/api/staff/members/', { email, name: 'Nour', role: 'fulfilment' });
    expect(created.statusCode).toBe(201);
    const link = StaffPasswordLink.parse(created.json());
    expect(link.member).toMatchObject({ email, role: 'fulfilment', is_active: true });
    const token = new URL(link.password_link).searchParams.get('token')!;
    expect(link.password_link).toMatch(/^http:\/\/api\.test\/admin\/set-password\?token=/);
    // No password yet: no sign-in.
    expect((await signIn({ email, password: 'a brand new password' })).statusCode).toBe(400);
    const set = () => t.app.inject({ method: 'POST', url: '/api/staff/password/', payload: { token, password: 'a brand new password' } });
    expect((await set()).statusCode).toBe(204);
    expect((await set()).json()).toMatchObject({ code: 'link_invalid' });
    expect((await signIn({ email, password: 'a brand new password' })).statusCode).toBe(200);
    // The same e-mail twice is a field error.
    expect((await owner.post('/api/staff/members/', { email, name: 'Nour', role: 'support' })).json()).toMatchObject({
      email: expect.any(Array),
    });
  });

  it('changes roles and deactivates (their sessions end), but always keeps an active owner', async () => {
    const owner = await signedInStaff(t, 'owner');
    const member = await signedInStaff(t, 'support');
    const patched = StaffMember.parse((await owner.patch(`/api/staff/members/${member.id}/`, { role: 'manager' })).json());
    expect(patched.role).toBe('manager');
    expect((await owner.patch(`/api/staff/members/${member.id}/`, { is_active: false })).statusCode).toBe(200);
    expect((await member.get('/api/staff/session/')).statusCode).toBe(401);
    // Every other owner deactivated: the last one cannot step down.
    await t.db.database.rows(sql`UPDATE staff_members SET is_active = false WHERE role = 'owner' AND id <> ${owner.id}`);
    const lastOwner = await owner.patch(`/api/staff/members/${owner.id}/`, { role: 'manager' });
    expect(lastOwner.json()).toMatchObject({ code: 'last_owner' });
    // An owner invited but who never set a password cannot sign in: they do not count.
    const invited = await owner.post('/api/staff/members/', { email: `invited.${Date.now()}@staff.test`, name: 'Invited', role: 'owner' });
    expect(invited.statusCode, invited.body).toBeLessThan(300);
    expect((await owner.patch(`/api/staff/members/${owner.id}/`, { role: 'manager' })).json()).toMatchObject({ code: 'last_owner' });
    expect((await owner.patch(`/api/staff/members/${owner.id}/`, { is_active: false })).json()).toMatchObject({ code: 'last_owner' });
    // Once they have set one, they do.
    await t.db.database.rows(sql`UPDATE staff_members SET password_hash = 'set' WHERE role = 'owner' AND password_hash IS NULL`);
    expect((await owner.patch(`/api/staff/members/${owner.id}/`, { role: 'manager' })).statusCode).toBe(200);
  });

  it('is closed to every other role (403) and records every change in the audit log', async () => {
    const owner = await signedInStaff(t, 'owner');
    for (const role of ['manager', 'fulfilment', 'support'] as const) {
      const member = await signedInStaff(t, role);
      expect((await member.get('/api/staff/members/')).json(), role).toMatchObject({ code: 'permission_denied' });
      const create = await member.post('/api/staff/members/', { email: `x${role}@staff.test`, name: 'X', role: 'owner' });
      expect(create.statusCode, role).toBe(403);
      expect((await member.patch(`/api/staff/members/${member.id}/`, { role: 'owner' })).statusCode, role).toBe(403);
      expect((await member.get('/api/staff/audit/')).statusCode, role).toBe(403);
    }
    const target = await createStaff(t, 'support');
    await owner.patch(`/api/staff/members/${target.id}/`, { name: 'Renamed' });
    const log = AuditPage.parse((await owner.get(`/api/staff/audit/?entity=staff&entity_id=${target.id}`)).json());
    expect(log.results[0]).toMatchObject({
      action: 'staff.update',
      staff: { id: owner.id },
      before: { name: 'Test support' },
      after: { name: 'Renamed' },
    });
    // The log is a ledger.
    await expect(t.db.database.rows(sql`UPDATE audit_log SET action = 'edited'`)).rejects.toThrow();
    await expect(t.db.database.rows(sql`DELETE FROM audit_log`)).rejects.toThrow();
  });
});
