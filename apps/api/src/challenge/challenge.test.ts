import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { CHALLENGE_REQUIRED } from '@attar/contract';
import { loadConfig, configProblems } from '../config';
import { useTestApp } from '../test/app';
import { solvedProof, withProof } from '../test/challenge';
import { client, lastCode } from '../test/client';
import { orderFixtures } from '../test/orders';
import { signedInShopper } from '../test/shoppers';
import { FREE_SENDS_PER_ADDRESS } from './service';

// Light work so fifty solutions take a moment here; the shop's default asks a browser for about a second.
const SMS_BUDGET = 60;
const t = useTestApp({ ALTCHA_MAX_NUMBER: '300', SMS_HOURLY_LIMIT: String(SMS_BUDGET) });
const { db, productWithStock } = orderFixtures(t);

const phoneOf = (n: number) => `0111${String(n).padStart(7, '0')}`;
const smsSent = async () =>
  Number((await db().rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM outbox_messages WHERE channel = 'sms'`))[0]!.n);
const askCode = (c: ReturnType<typeof client>, phone: string, headers: Record<string, string> = {}) =>
  c.call({ method: 'POST', url: '/api/otp_guest_promocode/', body: { phone }, headers });

describe('codes from a busy address', () => {
  it('reach fifty shoppers behind one address, those after the first few once they solve the challenge', async () => {
    const shared = client(t.app);
    let challenged = 0;
    for (let n = 0; n < 50; n += 1) {
      let answer = await askCode(shared, phoneOf(n));
      if (answer.statusCode === 428) {
        expect(answer.json()).toEqual({ code: CHALLENGE_REQUIRED, detail: expect.stringMatching(/person/) });
        challenged += 1;
        answer = await askCode(shared, phoneOf(n), withProof(await solvedProof(t.app, shared.ip)));
      }
      expect(answer.statusCode, answer.body).toBe(200);
      expect(await lastCode(db(), `+20${phoneOf(n).slice(1)}`)).toMatch(/^\d{6}$/);
    }
    expect(challenged).toBe(50 - FREE_SENDS_PER_ADDRESS);
  });

  it('stop a script sending from one address to many phones: the challenge, then the shop-wide budget', async () => {
    const script = client(t.app);
    const before = await smsSent();
    const answers = [];
    for (let n = 100; n < 140; n += 1) answers.push((await askCode(script, phoneOf(n))).statusCode);
    // Without solving, only the address's free sends went out.
    expect(answers.filter((status) => status === 200)).toHaveLength(FREE_SENDS_PER_ADDRESS);
    expect(answers.filter((status) => status === 428)).toHaveLength(40 - FREE_SENDS_PER_ADDRESS);
    expect((await smsSent()) - before).toBe(FREE_SENDS_PER_ADDRESS);
    // Solving each one still ends at the shop's SMS budget for the hour.
    let last;
    for (let n = 200; n < 260; n += 1) {
      last = await askCode(script, phoneOf(n), withProof(await solvedProof(t.app, script.ip)));
      if (last.statusCode !== 200) break;
    }
    expect(last!.statusCode).toBe(429);
    expect(last!.json()).toMatchObject({ code: 'throttled' });
    expect(await smsSent()).toBe(SMS_BUDGET);
  });
});

describe('solutions', () => {
  const busyClient = async () => {
    const c = client(t.app);
    for (let i = 0; i < FREE_SENDS_PER_ADDRESS; i += 1) await c.post('/api/news-letter/', { email: `reader${i}.${c.ip}@example.com` });
    expect((await c.post('/api/news-letter/', { email: `one-more.${c.ip}@example.com` })).statusCode).toBe(428);
    return c;
  };
  const subscribe = (c: ReturnType<typeof client>, email: string, headers: Record<string, string>) =>
    c.call({ method: 'POST', url: '/api/news-letter/', body: { email }, headers });

  it('are taken once: a replayed one is refused', async () => {
    const c = await busyClient();
    const proof = await solvedProof(t.app, c.ip);
    expect((await subscribe(c, 'first@example.com', withProof(proof))).statusCode).toBe(201);
    const replay = await subscribe(c, 'second@example.com', withProof(proof));
    expect(replay.statusCode).toBe(400);
    expect(replay.json()).toMatchObject({ code: 'challenge_used' });
  });

  it('are refused 400 when wrong, altered, unsigned by the shop, or the widget’s test payload', async () => {
    const c = await busyClient();
    const proof = JSON.parse(Buffer.from(await solvedProof(t.app, c.ip), 'base64').toString());
    const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64');
    const wrongCounter = encode({ ...proof, solution: { ...proof.solution, counter: proof.solution.counter + 1 } });
    const otherSalt = encode({ ...proof, challenge: { ...proof.challenge, parameters: { ...proof.challenge.parameters, salt: 'abc' } } });
    const unsigned = encode({ ...proof, challenge: { parameters: proof.challenge.parameters } });
    const testMode = encode({ challenge: null, solution: null, test: true });
    for (const bad of [wrongCounter, otherSalt, unsigned, testMode, 'not base64 json', encode([1, 2])]) {
      const answer = await subscribe(c, 'wrong@example.com', withProof(bad));
      expect(answer.statusCode, bad).toBe(400);
      expect(answer.json()).toMatchObject({ code: 'challenge_invalid', detail: expect.any(String) });
    }
    // The right one still passes: the refusals took nothing.
    expect((await subscribe(c, 'right@example.com', withProof(encode(proof)))).statusCode).toBe(201);
  });

  it('are asked in Arabic for an Arabic page', async () => {
    const c = await busyClient();
    const answer = await c.call({
      method: 'POST',
      url: '/api/news-letter/',
      body: { email: 'ar@example.com' },
      headers: { 'accept-language': 'ar' },
    });
    expect(answer.statusCode).toBe(428);
    expect(answer.json().detail).toMatch(/[\u0600-\u06FF]/);
  });
});

describe('messages to a phone or e-mail nobody proved', () => {
  it('a guest’s back-in-stock alerts from a busy address need the challenge; a signed-in shopper’s do not', async () => {
    const product = await productWithStock(0);
    const [row] = await db().rows<{ slug: string }>(sql`SELECT slug FROM products WHERE id = ${product}`);
    const url = `/api/products/${row!.slug}/stock-alerts/`;
    const guest = client(t.app);
    for (let n = 0; n < FREE_SENDS_PER_ADDRESS; n += 1) expect((await guest.post(url, { phone: phoneOf(300 + n) })).statusCode).toBe(201);
    const busy = await guest.post(url, { phone: phoneOf(310) });
    expect(busy.statusCode).toBe(428);
    expect(busy.json()).toMatchObject({ code: CHALLENGE_REQUIRED });
    const proved = await guest.call({
      method: 'POST',
      url,
      body: { phone: phoneOf(310) },
      headers: withProof(await solvedProof(t.app, guest.ip)),
    });
    expect(proved.statusCode).toBe(201);
    // The account's own phone or e-mail is told: no challenge, whatever the address.
    const shopper = await signedInShopper(t.app);
    expect((await guest.post(url, {}, shopper.token)).statusCode).toBe(201);
  });

  it('password resets and sign-ups from a busy address need the challenge too', async () => {
    const c = client(t.app);
    for (let n = 0; n < FREE_SENDS_PER_ADDRESS; n += 1)
      await c.post('/api/users/password/send_reset_email/', { email: `nobody${n}@example.com` });
    expect((await c.post('/api/users/password/send_reset_email/', { email: 'nobody@example.com' })).statusCode).toBe(428);
    const signUp = { name: 'Mona', email: `mona.${Date.now()}@example.com`, phone: phoneOf(400), password: 'a long password 12' };
    expect((await c.post('/api/users/me/', signUp)).statusCode).toBe(428);
    const proved = await c.call({
      method: 'POST',
      url: '/api/users/me/',
      body: signUp,
      headers: withProof(await solvedProof(t.app, c.ip)),
    });
    expect(proved.statusCode, proved.body).toBe(201);
  });

  it('a signed-in shopper’s new e-mail from a busy address needs the challenge: it is nobody’s proved one yet', async () => {
    const shopper = await signedInShopper(t.app);
    const c = client(t.app);
    for (let n = 0; n < FREE_SENDS_PER_ADDRESS; n += 1)
      await c.post('/api/users/password/send_reset_email/', { email: `busy${n}@example.com` });
    const url = '/api/users/me/email/send_code/';
    const body = { email: `new.${Date.now()}@example.com` };
    const busy = await c.call({ method: 'POST', url, body, token: shopper.token });
    expect(busy.statusCode).toBe(428);
    const proved = await c.call({ method: 'POST', url, body, token: shopper.token, headers: withProof(await solvedProof(t.app, c.ip)) });
    expect(proved.statusCode, proved.body).toBe(200);
  });

  it('two uses of one solution at once: one wins', async () => {
    const c = client(t.app);
    for (let n = 0; n < FREE_SENDS_PER_ADDRESS; n += 1) await c.post('/api/news-letter/', { email: `race${n}.${c.ip}@example.com` });
    const proof = await solvedProof(t.app, c.ip);
    const answers = await Promise.all(
      ['race-a@example.com', 'race-b@example.com'].map((email) =>
        c.call({ method: 'POST', url: '/api/news-letter/', body: { email }, headers: withProof(proof) }),
      ),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 400]);
  });
});

describe('the challenge key', () => {
  it('is required in production and made up in demo mode', () => {
    const production = { NODE_ENV: 'production' };
    expect(configProblems(production).join('\n')).toMatch(/ALTCHA_HMAC_KEY: missing/);
    expect(configProblems({ ...production, ALTCHA_HMAC_KEY: 'short' }).join('\n')).toMatch(/ALTCHA_HMAC_KEY: shorter/);
    expect(configProblems({ ...production, ALTCHA_HMAC_KEY: 'k'.repeat(32) }).join('\n')).not.toMatch(/ALTCHA_HMAC_KEY/);
    expect(loadConfig({}).challenge.hmacKey.length).toBeGreaterThanOrEqual(32);
  });
});
