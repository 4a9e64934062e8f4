import { pbkdf2Sync, randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { AuthResponse, PointsResponse, ProductPage, SignupResponse, User } from '@attar/contract';
import { useTestApp } from '../test/app';
import { client, lastCode, newShopper, skipCooldowns } from '../test/client';
import { FREE_SENDS_PER_ADDRESS } from '../challenge/service';

const t = useTestApp();
const db = () => t.db.database;

async function signUp(fields = newShopper()) {
  const c = client(t.app);
  const response = await c.post('/api/users/me/', fields);
  expect(response.statusCode, response.body).toBe(201);
  const body = AuthResponse.parse(response.json());
  return { ...body, fields, c };
}

describe('sign-up', () => {
  it('creates the account, stores the phone as E.164 and answers {token, user}', async () => {
    const fields = { ...newShopper(), email: 'Mona.Adel@Example.COM' };
    const { token, user } = await signUp(fields);
    expect(token.length).toBeGreaterThanOrEqual(43); // 256 bits in base64url
    expect(user.email).toBe('mona.adel@example.com');
    expect(user.phone).toBe(`+2${fields.phone}`);
    expect(user).toMatchObject({ email_verified: false, phone_verified: false, points: 0 });
    const [stored] = await db().rows<{ password_hash: string }>(sql`SELECT password_hash FROM users WHERE id = ${user.id}`);
    expect(stored!.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
  });

  it('sends a phone code by SMS and an e-mail code to the development outbox', async () => {
    const { user } = await signUp();
    const sent = await db().rows<{ channel: string; recipient: string }>(sql`
      SELECT channel, recipient FROM outbox_messages WHERE recipient IN (${user.email}, ${user.phone}) ORDER BY id`);
    expect(sent).toEqual([
      { channel: 'sms', recipient: user.phone },
      { channel: 'email', recipient: user.email },
    ]);
  });

  it('says which code could not be sent, and when to ask again, never claiming one it did not send', async () => {
    const fields = newShopper();
    // The number's codes for the hour are spent (guest checkout codes asked for it) before the sign-up.
    for (let n = 0; n < 5; n++) {
      const asked = await client(t.app).post('/api/otp_guest_promocode/', { phone: fields.phone });
      expect(asked.statusCode, asked.body).toBe(200);
      await skipCooldowns(db());
    }
    const response = await client(t.app).post('/api/users/me/', fields);
    expect(response.statusCode, response.body).toBe(201);
    const { codes, user } = SignupResponse.parse(response.json());
    expect(codes.email).toEqual({ sent: true, retry_after: null });
    expect(codes.phone.sent).toBe(false);
    expect(codes.phone.retry_after).toBeGreaterThan(0);
    expect(codes.phone.retry_after).toBeLessThanOrEqual(3600);
    // Only the five guest codes reached the number.
    const [sms] = await db().rows<{ n: number }>(sql`
      SELECT count(*)::int AS n FROM outbox_messages WHERE channel = 'sms' AND recipient = ${user.phone}`);
    expect(sms!.n).toBe(5);
    // A sign-up whose codes went out says so.
    expect(SignupResponse.parse((await client(t.app).post('/api/users/me/', newShopper())).json()).codes).toEqual({
      phone: { sent: true, retry_after: null },
      email: { sent: true, retry_after: null },
    });
  });

  it('refuses a taken e-mail (any case) or phone (any form) naming the field', async () => {
    const { fields } = await signUp();
    const c = client(t.app);
    const sameEmail = await c.post('/api/users/me/', { ...newShopper(), email: fields.email.toUpperCase() });
    expect(sameEmail.statusCode).toBe(400);
    expect(sameEmail.json()).toEqual({ email: [expect.any(String)] });
    const samePhone = await c.post('/api/users/me/', { ...newShopper(), phone: `+2${fields.phone}` });
    expect(samePhone.statusCode).toBe(400);
    expect(samePhone.json()).toEqual({ phone: [expect.any(String)] });
  });

  it('checks every field and writes nothing on bad input', async () => {
    const c = client(t.app);
    const before = (await db().rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM users`))[0]!.n;
    const base = newShopper();
    const cases: [Record<string, unknown>, string][] = [
      [{ ...base, password: 'short' }, 'password'],
      [{ ...base, password: 'x'.repeat(129) }, 'password'],
      [{ ...base, password: base.email }, 'password'],
      [{ ...base, password: base.phone }, 'password'],
      [{ ...base, phone: '0201234567' }, 'phone'],
      [{ ...base, phone: '+441234567890' }, 'phone'],
      [{ ...base, email: 'nope' }, 'email'],
      [{ ...base, name: '' }, 'name'],
      [{ ...base, name: 42 }, 'name'],
    ];
    for (const [body, field] of cases) {
      const response = await c.post('/api/users/me/', body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json(), JSON.stringify(body)).toHaveProperty(field);
    }
    expect((await db().rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM users`))[0]!.n).toBe(before);
  });

  it('accepts 01xxxxxxxxx and +201xxxxxxxxx alike', async () => {
    const fields = newShopper();
    const { user } = await signUp({ ...fields, phone: `+2${fields.phone}` });
    expect(user.phone).toBe(`+2${fields.phone}`);
  });
});

describe('log-in and tokens', () => {
  it('logs in by e-mail (any case) or by phone (either form)', async () => {
    const { fields, user } = await signUp();
    const c = client(t.app);
    for (const body of [
      { email: fields.email.toUpperCase(), password: fields.password },
      { phone: fields.phone, password: fields.password },
      { phone: `+2${fields.phone}`, password: fields.password },
    ]) {
      const response = await c.post('/api/users/login/', body);
      expect(response.statusCode, response.body).toBe(200);
      expect(AuthResponse.parse(response.json()).user.id).toBe(user.id);
    }
  });

  it('gives a wrong password and an unknown e-mail the same answer', async () => {
    const { fields } = await signUp();
    const wrong = await client(t.app).post('/api/users/login/', { email: fields.email, password: 'not the password' });
    const unknown = await client(t.app).post('/api/users/login/', { email: 'nobody@example.com', password: 'not the password' });
    expect(wrong.statusCode).toBe(400);
    expect(unknown.statusCode).toBe(400);
    expect(wrong.json()).toEqual(unknown.json());
    expect(wrong.json()).toMatchObject({ code: 'invalid_credentials' });
  });

  it('serves /api/users/me/ to the token’s owner only, and guests get 401', async () => {
    const a = await signUp();
    const b = await signUp();
    const meA = User.parse((await a.c.get('/api/users/me/', a.token)).json());
    const meB = User.parse((await b.c.get('/api/users/me/', b.token)).json());
    expect(meA.id).toBe(a.user.id);
    expect(meB.id).toBe(b.user.id);
    const guest = await client(t.app).get('/api/users/me/');
    expect(guest.statusCode).toBe(401);
    expect(guest.json()).toMatchObject({ code: 'not_authenticated' });
  });

  it('refuses unknown, malformed, expired and revoked tokens with 401 token_not_valid on every call', async () => {
    const { token, user, c, fields } = await signUp();
    const refused = async (header: string) => {
      for (const url of ['/api/users/me/', '/api/products/', '/api/siteconfigb/']) {
        const response = await c.call({ url, headers: { authorization: header } });
        expect(response.statusCode, `${header} ${url}`).toBe(401);
        expect(response.json()).toMatchObject({ code: 'token_not_valid', detail: expect.any(String) });
      }
    };
    await refused(`Token ${randomBytes(32).toString('base64url')}`);
    await refused('Token');
    await refused(`Bearer ${token}`);
    await db().rows(sql`UPDATE auth_tokens SET expires_at = now() - interval '1 second' WHERE user_id = ${user.id}`);
    await refused(`Token ${token}`);
    const again = AuthResponse.parse((await c.post('/api/users/login/', { email: user.email, password: fields.password })).json());
    expect((await c.post('/api/users/logout/', {}, again.token)).statusCode).toBe(204);
    await refused(`Token ${again.token}`);
  });

  describe('a token checked in the product list’s own statement (decision 0030)', () => {
    // Every path the list can take: a page, a search (ranked, then from its kept order), a search with no statement
    // (nothing searchable in it) and bad input.
    const listUrls = [
      '/api/products/?page_size=5',
      '/api/products/?search=rose',
      '/api/products/?search=rose&page=1',
      '/api/products/?search=%F0%9F%99%82',
      '/api/products/?page_size=abc',
    ];
    const seenLive = async (c: ReturnType<typeof client>, token: string) => {
      for (const url of listUrls) expect((await c.get(url, token)).statusCode, url).toBe(url.endsWith('abc') ? 400 : 200);
    };
    const ends = {
      revoked: (userId: number) => db().rows(sql`UPDATE auth_tokens SET revoked_at = now() WHERE user_id = ${userId}`),
      expired: (userId: number) =>
        db().rows(sql`UPDATE auth_tokens SET expires_at = now() - interval '1 second' WHERE user_id = ${userId}`),
      closed: (userId: number) => db().rows(sql`UPDATE users SET is_active = false WHERE id = ${userId}`),
    };

    it.each(Object.keys(ends) as (keyof typeof ends)[])(
      'refuses a token %s after this instance saw it live, on every path, GET and HEAD',
      async (end) => {
        const { token, user, c } = await signUp();
        await seenLive(c, token);
        const { etag } = (await c.get(listUrls[0]!, token)).headers;
        await ends[end](user.id);
        for (const url of listUrls) {
          for (const method of ['GET', 'HEAD']) {
            const response = await c.call({ method, url, token });
            expect(response.statusCode, `${method} ${url}`).toBe(401);
            expect(response.headers.etag).toBeUndefined();
            if (method === 'GET') expect(response.json()).toMatchObject({ code: 'token_not_valid', detail: expect.any(String) });
          }
        }
        // An answer it still holds is not confirmed either.
        const revalidated = await c.call({ url: listUrls[0]!, token, headers: { 'if-none-match': String(etag) } });
        expect(revalidated.statusCode).toBe(401);
      },
    );

    it('asks the database once for a page a signed-in shopper asked before: the token is checked in its statement', async () => {
      const { token, c } = await signUp();
      await seenLive(c, token);
      const statements = [vi.spyOn(db(), 'preparedRows'), vi.spyOn(db(), 'rows')];
      try {
        expect((await c.get(listUrls[0]!, token)).statusCode).toBe(200);
        expect(statements.reduce((sum, spy) => sum + spy.mock.calls.length, 0)).toBe(1);
      } finally {
        for (const spy of statements) spy.mockRestore();
      }
    });

    it('marks its owner’s favourites only, and extends an expiry that is due', async () => {
      const a = await signUp();
      const b = await signUp();
      const [product] = ProductPage.parse((await client(t.app).get('/api/products/?page_size=1')).json()).results;
      expect((await a.c.post('/api/user_wish_lists/', { product_write: product!.id }, a.token)).statusCode).toBe(200);
      await seenLive(a.c, a.token);
      await seenLive(b.c, b.token);
      const marked = async (who: typeof a) =>
        ProductPage.parse((await who.c.get('/api/products/?page_size=1', who.token)).json()).results.map((p) => p.isFavourite);
      expect(await marked(a)).toEqual([true]);
      expect(await marked(b)).toEqual([false]);
      await db().rows(sql`UPDATE auth_tokens SET expires_at = now() + interval '1 day' WHERE user_id = ${a.user.id}`);
      expect(await marked(a)).toEqual([true]);
      const [row] = await db().rows<{ extended: boolean }>(sql`
        SELECT bool_and(expires_at > now() + interval '29 days') AS extended FROM auth_tokens WHERE user_id = ${a.user.id}`);
      expect(row!.extended).toBe(true);
    });
  });

  it('verifies a token for the start-up check', async () => {
    const { token, c } = await signUp();
    const ok = await c.post('/api/users/token/verify/', { access_token: token });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ detail: 'Token is valid', code: 'token_valid' });
    const bad = await c.post('/api/users/token/verify/', { access_token: 'tampered' });
    expect(bad.statusCode).toBe(401);
    expect(bad.json()).toMatchObject({ code: 'token_not_valid' });
  });

  it('keeps an active token alive: its expiry slides forward on use', async () => {
    const { token, user, c } = await signUp();
    await db().rows(sql`UPDATE auth_tokens SET expires_at = now() + interval '2 days' WHERE user_id = ${user.id}`);
    expect((await c.get('/api/users/me/', token)).statusCode).toBe(200);
    const [row] = await db().rows<{ days: number }>(sql`
      SELECT extract(epoch FROM expires_at - now()) / 86400 AS days FROM auth_tokens WHERE user_id = ${user.id}`);
    expect(Number(row!.days)).toBeGreaterThan(29.9);
  });

  it('stores tokens only as hashes', async () => {
    const { token, user } = await signUp();
    const rows = await db().rows<{ token_hash: string }>(sql`SELECT token_hash FROM auth_tokens WHERE user_id = ${user.id}`);
    expect(rows.some((r) => r.token_hash === token)).toBe(false);
    expect(rows[0]!.token_hash).toMatch(/^[0-9a-f]{64}$/);
  });
});

describe('profile', () => {
  it('edits the name; a new e-mail or phone is only pending, the verified ones stay (contact-change.test.ts)', async () => {
    const { token, user, c } = await signUp();
    await db().rows(sql`UPDATE users SET email_verified = true, phone_verified = true WHERE id = ${user.id}`);
    const same = await c.put('/api/users/me/', { name: 'Nour', email: user.email, phone: user.phone }, token);
    expect(User.parse(same.json())).toMatchObject({ name: 'Nour', email_verified: true, phone_verified: true });
    const other = newShopper();
    const changed = User.parse((await c.put('/api/users/me/', { name: 'Nour', email: other.email, phone: other.phone }, token)).json());
    expect(changed).toMatchObject({ email: user.email, phone: user.phone, email_verified: true, phone_verified: true });
    expect(changed).toMatchObject({ pending_email: other.email, pending_phone: `+2${other.phone}` });
  });

  it('refuses another account’s e-mail or phone and leaves both accounts as they were', async () => {
    const a = await signUp();
    const b = await signUp();
    const taken = await a.c.put('/api/users/me/', { name: 'A', email: b.user.email, phone: a.user.phone }, a.token);
    expect(taken.statusCode).toBe(400);
    expect(taken.json()).toHaveProperty('email');
    const takenPhone = await a.c.put('/api/users/me/', { name: 'A', email: a.user.email, phone: b.user.phone }, a.token);
    expect(takenPhone.json()).toHaveProperty('phone');
    expect(User.parse((await b.c.get('/api/users/me/', b.token)).json())).toEqual(b.user);
    expect(User.parse((await a.c.get('/api/users/me/', a.token)).json()).name).toBe(a.user.name);
  });

  it('needs a token', async () => {
    const response = await client(t.app).put('/api/users/me/', { name: 'X', email: 'x@example.com', phone: '01001234567' });
    expect(response.statusCode).toBe(401);
  });
});

describe('verification codes', () => {
  it('verifies the phone and the e-mail with the codes sent', async () => {
    const { token, user, c } = await signUp();
    const phone = await c.post('/api/users/phone/verify_phone/', { code: await lastCode(db(), user.phone!) }, token);
    expect(phone.statusCode, phone.body).toBe(200);
    const email = await c.post('/api/users/email/verify_email/', { code: await lastCode(db(), user.email) }, token);
    expect(email.statusCode).toBe(200);
    expect(User.parse((await c.get('/api/users/me/', token)).json())).toMatchObject({ phone_verified: true, email_verified: true });
  });

  it('refuses a wrong, a used and an expired code, each with its own code', async () => {
    const { token, user, c } = await signUp();
    const code = await lastCode(db(), user.phone!);
    const wrong = await c.post('/api/users/phone/verify_phone/', { code: code === '000000' ? '111111' : '000000' }, token);
    expect(wrong.json()).toMatchObject({ code: 'code_invalid' });
    expect((await c.post('/api/users/phone/verify_phone/', { code }, token)).statusCode).toBe(200);
    await db().rows(sql`UPDATE users SET phone_verified = false WHERE id = ${user.id}`);
    const used = await c.post('/api/users/phone/verify_phone/', { code }, token);
    expect(used.statusCode).toBe(400);
    expect(used.json()).toMatchObject({ code: 'code_used' });
    const emailCode = await lastCode(db(), user.email);
    await db().rows(sql`UPDATE verification_codes SET expires_at = now() - interval '1 second' WHERE identifier = ${user.email}`);
    const expired = await c.post('/api/users/email/verify_email/', { code: emailCode }, token);
    expect(expired.json()).toMatchObject({ code: 'code_expired' });
    const malformed = await c.post('/api/users/email/verify_email/', { code: '12ab' }, token);
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toHaveProperty('code');
  });

  it('fails the sixth try even with the right digits', async () => {
    const { token, user, c } = await signUp();
    const code = await lastCode(db(), user.phone!);
    const wrongCode = code === '999999' ? '000000' : String(Number(code) + 1).padStart(6, '0');
    for (let i = 0; i < 5; i += 1) {
      expect((await c.post('/api/users/phone/verify_phone/', { code: wrongCode }, token)).json()).toMatchObject({ code: 'code_invalid' });
    }
    const sixth = await c.post('/api/users/phone/verify_phone/', { code }, token);
    expect(sixth.statusCode).toBe(400);
    expect(sixth.json()).toMatchObject({ code: 'code_attempts_exceeded' });
  });

  it('makes a resend wait 60 s and allows five sends an hour per identifier', async () => {
    const { token, c } = await signUp();
    const early = await c.post('/api/users/phone/resend_verification_code/', {}, token);
    expect(early.statusCode).toBe(429);
    expect(early.json()).toMatchObject({ code: 'throttled' });
    expect(Number(early.headers['retry-after'])).toBeGreaterThan(0);
    // The sign-up sent the first; four more fit in the hour.
    for (let i = 0; i < 4; i += 1) {
      await skipCooldowns(db());
      const response = await client(t.app).post('/api/users/phone/resend_verification_code/', {}, token);
      expect(response.statusCode, response.body).toBe(200);
    }
    await skipCooldowns(db());
    expect((await client(t.app).post('/api/users/phone/resend_verification_code/', {}, token)).statusCode).toBe(429);
  });

  it('replaces the older code when a new one is sent', async () => {
    const { token, user, c } = await signUp();
    const first = await lastCode(db(), user.email);
    await skipCooldowns(db());
    await c.post('/api/users/email/resend_verification_code/', {}, token);
    const second = await lastCode(db(), user.email);
    if (first !== second) {
      expect((await c.post('/api/users/email/verify_email/', { code: first }, token)).json()).toMatchObject({ code: 'code_invalid' });
    }
    expect((await c.post('/api/users/email/verify_email/', { code: second }, token)).statusCode).toBe(200);
  });

  it('stores codes only as HMACs', async () => {
    const { user } = await signUp();
    const code = await lastCode(db(), user.phone!);
    const rows = await db().rows<{ code_hash: string }>(sql`SELECT code_hash FROM verification_codes WHERE identifier = ${user.phone}`);
    expect(rows.every((r) => r.code_hash !== code && /^[0-9a-f]{64}$/.test(r.code_hash))).toBe(true);
  });
});

describe('password reset', () => {
  it('resets in three steps, kills every token and the old password', async () => {
    const { token, user, fields } = await signUp();
    const c = client(t.app);
    const sent = await c.post('/api/users/password/send_reset_email/', { email: user.email });
    expect(sent.statusCode).toBe(200);
    const code = await lastCode(db(), user.email);
    expect((await c.post('/api/users/password/check_reset_code/', { email: user.email, code })).statusCode).toBe(200);
    const reset = await c.post('/api/users/password/reset_password/', { email: user.email, code, password: 'a brand new secret' });
    expect(reset.statusCode, reset.body).toBe(200);
    expect((await c.get('/api/users/me/', token)).statusCode).toBe(401);
    expect((await c.post('/api/users/login/', { email: user.email, password: fields.password })).statusCode).toBe(400);
    expect((await c.post('/api/users/login/', { email: user.email, password: 'a brand new secret' })).statusCode).toBe(200);
    const reused = await c.post('/api/users/password/reset_password/', { email: user.email, code, password: 'another new secret' });
    expect(reused.json()).toMatchObject({ code: 'code_used' });
  });

  it('answers the same for an unknown e-mail and sends nothing', async () => {
    const { user } = await signUp();
    const known = await client(t.app).post('/api/users/password/send_reset_email/', { email: user.email });
    const unknown = await client(t.app).post('/api/users/password/send_reset_email/', { email: 'ghost@example.com' });
    expect(unknown.statusCode).toBe(known.statusCode);
    expect(unknown.json()).toEqual(known.json());
    const ghostMail = await db().rows(sql`SELECT 1 FROM outbox_messages WHERE recipient = 'ghost@example.com'`);
    expect(ghostMail).toEqual([]);
  });

  it('answers a wrong code the same for any e-mail, counting the same tries, and checks the password only after', async () => {
    const { user } = await signUp();
    const c = client(t.app);
    for (const email of [user.email, 'nobody-here@example.com']) await c.post('/api/users/password/send_reset_email/', { email });
    const tries = async (email: string) => {
      const answers = [];
      // A password the rules refuse: an existing account must not give itself away by saying so.
      for (let i = 0; i < 6; i++)
        answers.push((await c.post('/api/users/password/reset_password/', { email, code: '000000', password: email })).json());
      answers.push((await c.post('/api/users/password/check_reset_code/', { email, code: '000000' })).json());
      return answers;
    };
    const known = await tries(user.email);
    const unknown = await tries('nobody-here@example.com');
    expect(unknown).toEqual(known);
    expect(known.at(-1)).toMatchObject({ code: 'code_attempts_exceeded' });
  });

  it('marks the e-mail verified: the reset code proved the mailbox', async () => {
    const { user, token } = await signUp();
    expect(user.email_verified).toBe(false);
    const c = client(t.app);
    await c.post('/api/users/password/send_reset_email/', { email: user.email });
    const code = await lastCode(db(), user.email);
    expect(
      (await c.post('/api/users/password/reset_password/', { email: user.email, code, password: 'a fresh secret 42' })).statusCode,
    ).toBe(200);
    const login = await c.post('/api/users/login/', { email: user.email, password: 'a fresh secret 42' });
    expect(User.parse(login.json().user).email_verified).toBe(true);
    expect((await c.get('/api/users/me/', token)).statusCode).toBe(401);
  });

  it('refuses a new password equal to the e-mail', async () => {
    const { user } = await signUp();
    const c = client(t.app);
    await c.post('/api/users/password/send_reset_email/', { email: user.email });
    const code = await lastCode(db(), user.email);
    const response = await c.post('/api/users/password/reset_password/', { email: user.email, code, password: user.email });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toHaveProperty('password');
  });
});

describe('rate limits', () => {
  it('delays repeated failures on one account from one address, growing', async () => {
    const { fields } = await signUp();
    const c = client(t.app);
    for (let i = 0; i < 3; i += 1) {
      expect((await c.post('/api/users/login/', { email: fields.email, password: 'wrong password' })).statusCode).toBe(400);
    }
    const locked = await c.post('/api/users/login/', { email: fields.email, password: fields.password });
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toMatchObject({ code: 'throttled' });
    expect(Number(locked.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    // Another address is not held back by this one's failures.
    expect((await client(t.app).post('/api/users/login/', { email: fields.email, password: fields.password })).statusCode).toBe(200);
  });

  it('locks one account against guesses from many addresses', async () => {
    const { fields } = await signUp();
    // Ten addresses, one wrong guess each: no address reaches its own limit.
    for (let i = 0; i < 10; i += 1) {
      expect((await client(t.app).post('/api/users/login/', { email: fields.email, password: `guess ${i}` })).statusCode).toBe(400);
    }
    const locked = await client(t.app).post('/api/users/login/', { email: fields.email, password: fields.password });
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toMatchObject({ code: 'throttled' });
    // Only the password path: the owner resets it by e-mail code and is let in at once with the new one.
    const c = client(t.app);
    expect((await c.post('/api/users/password/send_reset_email/', { email: fields.email })).statusCode).toBe(200);
    const code = await lastCode(db(), fields.email);
    expect(
      (await c.post('/api/users/password/reset_password/', { email: fields.email, code, password: 'a brand new secret' })).statusCode,
    ).toBe(200);
    expect((await client(t.app).post('/api/users/login/', { email: fields.email, password: 'a brand new secret' })).statusCode).toBe(200);
    // Another account is not held back.
    const other = await signUp();
    expect((await client(t.app).post('/api/users/login/', { email: other.fields.email, password: other.fields.password })).statusCode).toBe(
      200,
    );
  });

  it('caps log-in attempts per address, and asks a busy address to prove a person before more sign-ups', async () => {
    const c = client(t.app);
    let last;
    for (let i = 0; i < 31; i += 1) last = await c.post('/api/users/login/', { email: `x${i}@example.com`, password: 'whatever1' });
    expect(last!.statusCode).toBe(429);
    const s = client(t.app);
    for (let i = 0; i < FREE_SENDS_PER_ADDRESS; i += 1) expect((await s.post('/api/users/me/', newShopper())).statusCode).toBe(201);
    const busy = await s.post('/api/users/me/', newShopper());
    expect(busy.statusCode).toBe(428);
    expect(busy.json()).toMatchObject({ code: 'challenge_required' });
  });
});

describe('accounts from the old shop', () => {
  it('logs in with a Django pbkdf2_sha256 hash and upgrades it to argon2id', async () => {
    const salt = 'q8Zf1xYz9Lk2';
    const iterations = 260_000;
    const digest = pbkdf2Sync('old shop password', salt, iterations, 32, 'sha256').toString('base64');
    const email = `legacy.${Date.now()}@example.com`;
    await db().rows(sql`INSERT INTO users (name, email, phone, password_hash)
      VALUES ('Legacy', ${email}, '+201234567890', ${`pbkdf2_sha256$${iterations}$${salt}$${digest}`})`);
    const c = client(t.app);
    expect((await c.post('/api/users/login/', { email, password: 'wrong password' })).statusCode).toBe(400);
    const response = await c.post('/api/users/login/', { email, password: 'old shop password' });
    expect(response.statusCode, response.body).toBe(200);
    const [row] = await db().rows<{ password_hash: string }>(sql`SELECT password_hash FROM users WHERE email = ${email}`);
    expect(row!.password_hash).toMatch(/^\$argon2id\$/);
    expect((await client(t.app).post('/api/users/login/', { email, password: 'old shop password' })).statusCode).toBe(200);
  });
});

describe('points', () => {
  it('shows each shopper their own balance and history', async () => {
    const a = await signUp();
    const b = await signUp();
    await db().rows(
      sql`INSERT INTO points_ledger (user_id, change, reason, order_number) VALUES (${a.user.id}, 120, 'order_delivered', 'A-1001')`,
    );
    await db().rows(sql`UPDATE users SET points = 120 WHERE id = ${a.user.id}`);
    const pa = PointsResponse.parse((await a.c.get('/api/users/points/', a.token)).json());
    expect(pa.points).toBe(120);
    expect(pa.history).toEqual([expect.objectContaining({ change: 120, reason: 'order_delivered', order_number: 'A-1001' })]);
    const pb = PointsResponse.parse((await b.c.get('/api/users/points/', b.token)).json());
    expect(pb).toEqual({ points: 0, history: [] });
    expect((await client(t.app).get('/api/users/points/')).statusCode).toBe(401);
  });
});
