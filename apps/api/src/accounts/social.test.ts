import { sql } from 'drizzle-orm';
import { describe, expect, it, beforeAll, afterAll } from 'vitest';
import { AuthProviders, SocialAuthResponse } from '@attar/contract';
import { useTestApp } from '../test/app';
import { client, lastCode, newShopper } from '../test/client';
import { GOOGLE_CLIENT_ID, startSocialStandins } from '../test/social-standins';

let standins: Awaited<ReturnType<typeof startSocialStandins>>;
beforeAll(async () => {
  standins = await startSocialStandins();
});
afterAll(() => standins.close());
const t = useTestApp(() => standins.env);

const google = (idToken: string) => client(t.app).post('/api/auth/google/', { id_token: idToken });
const facebook = (accessToken: string) => client(t.app).post('/api/auth/facebook/', { access_token: accessToken });

describe('social sign-in', () => {
  it('tells the log-in page which providers are configured', async () => {
    const providers = AuthProviders.parse((await client(t.app).get('/api/auth/providers/')).json());
    expect(providers.google).toEqual({ client_id: GOOGLE_CLIENT_ID });
    expect(providers.facebook).not.toBeNull();
  });

  it('creates an account from a Google ID token, then signs the same person in again', async () => {
    const idToken = await standins.googleIdToken({ sub: 'g-100', email: 'Salma@Gmail.com', name: 'Salma' });
    const first = await google(idToken);
    expect(first.statusCode, first.body).toBe(200);
    const created = SocialAuthResponse.parse(first.json());
    expect(created).toMatchObject({ created: true, user: { email: 'salma@gmail.com', name: 'Salma', email_verified: true, phone: null } });
    const again = SocialAuthResponse.parse((await google(await standins.googleIdToken({ sub: 'g-100', email: 'salma@gmail.com' }))).json());
    expect(again.created).toBe(false);
    expect(again.user.id).toBe(created.user.id);
    expect((await client(t.app).get('/api/users/me/', again.token)).statusCode).toBe(200);
  });

  it('links to an existing account with the same e-mail once that account has verified it', async () => {
    const fields = newShopper();
    const shopper = client(t.app);
    const signup = (await shopper.post('/api/users/me/', fields)).json();
    const code = await lastCode(t.db.database, fields.email);
    expect((await shopper.post('/api/users/email/verify_email/', { code }, signup.token)).statusCode).toBe(200);
    const result = SocialAuthResponse.parse((await google(await standins.googleIdToken({ sub: 'g-200', email: fields.email }))).json());
    expect(result.created).toBe(false);
    expect(result.user.id).toBe(signup.user.id);
  });

  it('never links, nor verifies, an account whose e-mail was not verified (a pre-hijack)', async () => {
    // Someone signs up with a victim's e-mail and waits for the victim to sign in with Google.
    const fields = newShopper();
    const squatter = (await client(t.app).post('/api/users/me/', fields)).json();
    const answer = await google(await standins.googleIdToken({ sub: 'g-250', email: fields.email }));
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toMatchObject({ code: 'account_exists_unverified' });
    const me = (await client(t.app).get('/api/users/me/', squatter.token)).json();
    expect(me.email_verified).toBe(false);
    expect(await t.db.database.rows(sql`SELECT 1 FROM social_accounts WHERE subject = 'g-250'`)).toEqual([]);
  });

  it('refuses a deactivated account, as the password log-in does', async () => {
    const first = SocialAuthResponse.parse((await google(await standins.googleIdToken({ sub: 'g-300', email: 'noor@gmail.com' }))).json());
    await t.db.database.rows(sql`UPDATE users SET is_active = false WHERE id = ${first.user.id}`);
    const answer = await google(await standins.googleIdToken({ sub: 'g-300', email: 'noor@gmail.com' }));
    expect(answer.statusCode).toBe(403);
    expect(answer.json()).toMatchObject({ code: 'account_inactive' });
    expect((await client(t.app).get('/api/users/me/', first.token)).statusCode).toBe(401);
  });

  it('refuses tokens with a wrong audience, a foreign signature, an expired date or an unverified e-mail', async () => {
    const cases = [
      await standins.googleIdToken({ sub: 'g-300', email: 'a@gmail.com' }, { audience: 'someone-else' }),
      await standins.googleIdToken({ sub: 'g-300', email: 'a@gmail.com' }, { signWith: 'stranger' }),
      await standins.googleIdToken({ sub: 'g-300', email: 'a@gmail.com' }, { expiresIn: '-1m' }),
      'not.a.jwt',
    ];
    for (const token of cases) {
      const response = await google(token);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ code: 'invalid_social_token' });
    }
    const unverified = await google(await standins.googleIdToken({ sub: 'g-301', email: 'b@gmail.com', email_verified: false }));
    expect(unverified.json()).toMatchObject({ code: 'email_not_verified' });
  });

  it('signs in with Facebook after debug_token, and refuses tokens of other apps or invalid ones', async () => {
    const ok = await facebook(standins.facebookToken('fb-good', { id: 'f-1', name: 'Karim', email: 'karim@example.com' }));
    expect(ok.statusCode, ok.body).toBe(200);
    expect(SocialAuthResponse.parse(ok.json())).toMatchObject({ created: true, user: { email: 'karim@example.com' } });
    for (const token of [
      standins.facebookToken('fb-other-app', { id: 'f-2', name: 'X', email: 'x@example.com', appId: '999' }),
      standins.facebookToken('fb-invalid', { id: 'f-3', name: 'Y', email: 'y@example.com', valid: false }),
      'fb-unknown',
    ]) {
      expect((await facebook(token)).json()).toMatchObject({ code: 'invalid_social_token' });
    }
    const noEmail = await facebook(standins.facebookToken('fb-no-email', { id: 'f-4', name: 'Z' }));
    expect(noEmail.json()).toMatchObject({ code: 'email_not_verified' });
  });
});

describe('social sign-in when not configured', () => {
  const bare = useTestApp({ GOOGLE_CLIENT_ID: '', FACEBOOK_APP_ID: '' });
  it('hides both buttons and refuses the calls', async () => {
    expect((await bare.app.inject('/api/auth/providers/')).json()).toEqual({ google: null, facebook: null });
    const response = await bare.app.inject({ method: 'POST', url: '/api/auth/google/', payload: { id_token: 'x' } });
    expect(response.json()).toMatchObject({ code: 'provider_not_configured' });
  });
});
