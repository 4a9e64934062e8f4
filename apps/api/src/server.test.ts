/**
 * The two modes (docs/security.md): production refuses to start without its settings, naming each; once it has them,
 * the development outbox and the test card gateway do not exist. Demo mode (no NODE_ENV) starts with none.
 */
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from './app';
import { FREE_SENDS_PER_ADDRESS } from './challenge/service';
import { configProblems, loadConfig } from './config';
import { createTestDatabase, type TestDatabase } from './test/database';

const API_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Everything production needs, with values of the right form (nothing is contacted by these tests). */
const PRODUCTION_SETTINGS = {
  NODE_ENV: 'production',
  SECRET_KEY: 'k'.repeat(48),
  ALTCHA_HMAC_KEY: 'a'.repeat(48),
  DATABASE_URL: 'postgres://attar@127.0.0.1:5432/attar',
  PUBLIC_URL: 'https://shop.example.com',
  SMTP_URL: 'smtp://mail.example.com:587',
  MAIL_FROM: 'Attar <orders@shop.example.com>',
  SMS_GATEWAY_URL: 'https://sms.example.com/send',
  PAYMOB_API_KEY: 'paymob-api-key',
  PAYMOB_INTEGRATION_ID: '1234',
  PAYMOB_IFRAME_ID: '5678',
  PAYMOB_HMAC_SECRET: 'paymob-hmac-secret',
};

/** The environment of this process without any of the shop's settings (CI may set some, such as REDIS_URL). */
const bareEnvironment = (): NodeJS.ProcessEnv => ({ PATH: process.env.PATH, HOME: process.env.HOME });

/** As `npm start -w @attar/api` runs it: in production the built JavaScript (built here once), in demo mode the source. */
function runServer(env: NodeJS.ProcessEnv, untilReady?: (output: string) => boolean) {
  const child = spawn(process.execPath, ['scripts/start.mjs'], { cwd: API_DIR, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  return new Promise<{ code: number | null; output: string; child: typeof child }>((resolve) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (untilReady?.(output)) resolve({ code: null, output, child });
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.on('exit', (code) => resolve({ code, output, child }));
  });
}

beforeAll(() => {
  execFileSync(process.execPath, ['scripts/build.mjs'], { cwd: API_DIR, stdio: 'ignore' });
}, 60_000);

describe('production mode', () => {
  it('refuses to start without its settings, naming every one', async () => {
    const { code, output } = await runServer({ ...bareEnvironment(), NODE_ENV: 'production' });
    expect(code).not.toBe(0);
    for (const name of [
      'SECRET_KEY',
      'ALTCHA_HMAC_KEY',
      'DATABASE_URL',
      'PUBLIC_URL',
      'SMTP_URL',
      'MAIL_FROM',
      'SMS_GATEWAY_URL',
      'PAYMOB_API_KEY',
      'PAYMOB_HMAC_SECRET',
    ]) {
      expect(output).toContain(name);
    }
  }, 60_000);

  it('names a secret too short to be one, and a half-configured Paymob in any mode', () => {
    expect(configProblems({ ...PRODUCTION_SETTINGS, SECRET_KEY: 'change-me' }).join('\n')).toMatch(/SECRET_KEY: shorter than 32/);
    expect(configProblems({ PAYMOB_API_KEY: 'key' }).join('\n')).toMatch(/PAYMOB_HMAC_SECRET/);
    expect(configProblems({ ...PRODUCTION_SETTINGS, PAYMOB_HMAC_SECRET: '' }).join('\n')).toMatch(/PAYMOB_HMAC_SECRET/);
    expect(configProblems(PRODUCTION_SETTINGS)).toEqual([]);
    // Plain http in production: no HSTS, Secure cookies on an open line. Demo keeps it; this machine's name too.
    expect(configProblems({ ...PRODUCTION_SETTINGS, PUBLIC_URL: 'http://shop.example.com' })).toEqual([
      'PUBLIC_URL: production needs https:// (http://shop.example.com)',
    ]);
    expect(configProblems({ ...PRODUCTION_SETTINGS, PUBLIC_URL: 'http://localhost:8080' })).toEqual([]);
    expect(configProblems({ PUBLIC_URL: 'http://shop.example.com' })).toEqual([]);
    // A wallet, kiosk or valU integration needs Paymob itself, and valU its hosted page too.
    expect(configProblems({ PAYMOB_WALLET_INTEGRATION_ID: '11' }).join('\n')).toMatch(
      /PAYMOB_WALLET_INTEGRATION_ID: a Paymob payment method needs Paymob/,
    );
    expect(configProblems({ ...PRODUCTION_SETTINGS, PAYMOB_VALU_INTEGRATION_ID: '13' }).join('\n')).toMatch(/valU needs both/);
    // A bucket for uploads needs both of its keys: no anonymous writes, no default credentials.
    expect(configProblems({ S3_BUCKET: 'media', S3_ACCESS_KEY_ID: 'id' })).toEqual([
      'S3_SECRET_ACCESS_KEY: missing (S3_BUCKET keeps uploaded pictures in object storage)',
    ]);
    expect(configProblems({ ...PRODUCTION_SETTINGS, S3_BUCKET: 'media', S3_ACCESS_KEY_ID: 'id', S3_SECRET_ACCESS_KEY: 'key' })).toEqual([]);
  });

  it('refuses a half-configured Bosta; demo mode without its keys uses the stand-in, production none', () => {
    const secret = 'a webhook secret of at least 32 chars';
    expect(configProblems({ BOSTA_API_KEY: 'key' })).toEqual([
      'BOSTA_WEBHOOK_SECRET: Bosta needs both BOSTA_API_KEY and BOSTA_WEBHOOK_SECRET',
    ]);
    expect(configProblems({ ...PRODUCTION_SETTINGS, BOSTA_WEBHOOK_SECRET: secret }).join('\n')).toMatch(/BOSTA_API_KEY: Bosta needs both/);
    expect(configProblems({ ...PRODUCTION_SETTINGS, BOSTA_API_KEY: 'key', BOSTA_WEBHOOK_SECRET: 'short' }).join('\n')).toMatch(
      /BOSTA_WEBHOOK_SECRET: shorter than 32/,
    );
    expect(configProblems({ ...PRODUCTION_SETTINGS, BOSTA_API_KEY: 'key', BOSTA_WEBHOOK_SECRET: secret })).toEqual([]);
    expect(loadConfig({ ...PRODUCTION_SETTINGS, BOSTA_API_KEY: 'key', BOSTA_WEBHOOK_SECRET: secret }).bosta).toEqual({
      apiKey: 'key',
      webhookSecret: secret,
      baseUrl: 'https://app.bosta.co',
      standIn: false,
    });
    expect(loadConfig(PRODUCTION_SETTINGS).bosta).toBeNull();
    const demo = loadConfig({});
    expect(demo.bosta).toMatchObject({ standIn: true, baseUrl: 'http://localhost:8000/api/dev/bosta' });
    expect(demo.bosta!.webhookSecret).not.toBe(loadConfig({}).bosta!.webhookSecret);
  });

  it('offers each online method only where its gateway is set up for it', () => {
    expect(loadConfig({ ...PRODUCTION_SETTINGS, PAYMOB_KIOSK_INTEGRATION_ID: '12' }).paymentMethods).toEqual(['cod', 'card', 'kiosk']);
    const valu = { ...PRODUCTION_SETTINGS, PAYMOB_VALU_INTEGRATION_ID: '13', PAYMOB_VALU_IFRAME_ID: '14' };
    expect(loadConfig(valu).paymentMethods).toEqual(['cod', 'card', 'valu']);
    expect(loadConfig({ ...PRODUCTION_SETTINGS, CARD_PAYMENTS: 'off' }).paymentMethods).toEqual(['cod']);
    expect(loadConfig({}).paymentMethods).toEqual(['cod', 'card', 'wallet', 'kiosk', 'valu']);
  });

  it('sells cash on delivery only without Paymob when card payments are switched off', () => {
    const settings: NodeJS.ProcessEnv = { ...PRODUCTION_SETTINGS, CARD_PAYMENTS: 'off' };
    for (const name of ['PAYMOB_API_KEY', 'PAYMOB_INTEGRATION_ID', 'PAYMOB_IFRAME_ID', 'PAYMOB_HMAC_SECRET']) delete settings[name];
    expect(configProblems(settings)).toEqual([]);
    expect(loadConfig(settings).cardGateway).toBe('none');
  });

  it('has no secret with a usable default: demo mode makes its own at each start', () => {
    const a = loadConfig({});
    const b = loadConfig({});
    expect(a.mode).toBe('demo');
    expect(a.secretKey).not.toBe(b.secretKey);
    expect(a.secretKey.length).toBeGreaterThanOrEqual(32);
    expect(a.paymob.hmacSecret).toBeUndefined();
    expect(a.cardGateway).toBe('test');
  });

  it('listens on 127.0.0.1 unless HOST says otherwise, and trusts only the configured proxy hops', () => {
    expect(loadConfig({}).host).toBe('127.0.0.1');
    expect(loadConfig({ HOST: '0.0.0.0' }).host).toBe('0.0.0.0');
    expect(loadConfig({}).trustProxy).toEqual(['loopback']);
    expect(loadConfig({ TRUST_PROXY: 'none' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, loopback' }).trustProxy).toEqual(['10.0.0.0/8', 'loopback']);
  });
});

describe('production mode, started', () => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await createTestDatabase();
  }, 120_000);
  afterAll(() => db.drop());

  /** The development conveniences are absent, whatever else is set. */
  async function expectNoDevelopmentConveniences(get: (url: string, method?: string) => Promise<number>) {
    expect(await get('/api/dev/outbox/?recipient=%2B201000000000')).toBe(404);
    expect(await get('/api/payments/test/1/')).toBe(404);
    expect(await get('/api/payments/test/1/', 'POST')).toBe(404);
    expect(await get('/api/health/')).toBe(200);
  }

  it('has no development outbox and no test gateway, whatever else is set', async () => {
    // Even built around the start-up check, with no mail server and no Paymob: production still has neither.
    const bare = { NODE_ENV: 'production', SECRET_KEY: PRODUCTION_SETTINGS.SECRET_KEY, LOG_LEVEL: 'silent', JOBS: 'off' };
    for (const env of [{ ...PRODUCTION_SETTINGS, LOG_LEVEL: 'silent', JOBS: 'off' }, bare]) {
      const app = await buildApp({ config: loadConfig(env), database: db.database }, { logger: false });
      try {
        const routes = app.printRoutes({ commonPrefix: false });
        expect(routes).not.toMatch(/dev\/outbox|payments\/test/);
        await expectNoDevelopmentConveniences(
          async (url, method = 'GET') =>
            (
              await app.inject({
                method: method as 'GET',
                url,
                remoteAddress: '127.0.0.1',
                payload: method === 'POST' ? { decision: 'approve' } : undefined,
              })
            ).statusCode,
        );
      } finally {
        await app.close();
      }
    }
  });

  // A real process on a real PostgreSQL server: where one is named (CI's second pass).
  it.runIf(Boolean(process.env.TEST_DATABASE_URL))(
    'starts as a process once it has its settings',
    async () => {
      const port = String(20_000 + Math.floor(Math.random() * 20_000));
      const { child, output } = await runServer(
        {
          ...bareEnvironment(),
          ...PRODUCTION_SETTINGS,
          DATABASE_URL: db.url!,
          API_PORT: port,
          JOBS: 'off',
          LOG_LEVEL: 'info',
          DATA_DIR: mkdtempSync(path.join(tmpdir(), 'attar-production-')),
        },
        (text) => text.includes('Attar API (production)'),
      );
      try {
        expect(output).toContain('Attar API (production) on http://127.0.0.1:');
        expect(output).not.toContain('DEMO MODE');
        await expectNoDevelopmentConveniences(
          async (url, method = 'GET') =>
            (
              await fetch(`http://127.0.0.1:${port}${url}`, {
                method,
                headers: { 'content-type': 'application/json' },
                body: method === 'POST' ? '{"decision":"approve"}' : undefined,
              })
            ).status,
        );
      } finally {
        child.kill('SIGTERM');
      }
    },
    240_000,
  );
});

describe('the client address', () => {
  let db: TestDatabase;
  let app: Awaited<ReturnType<typeof buildApp>>;
  beforeAll(async () => {
    db = await createTestDatabase();
    app = await buildApp(
      { config: loadConfig({ LOG_LEVEL: 'silent', JOBS: 'off', REDIS_URL: '' }), database: db.database },
      { logger: false },
    );
  }, 120_000);
  afterAll(async () => {
    await app.close();
    await db.drop();
  });

  const signUp = (n: number, remoteAddress: string, forwardedFor: string) =>
    app.inject({
      method: 'POST',
      url: '/api/users/me/',
      remoteAddress,
      headers: { 'x-forwarded-for': forwardedFor },
      payload: {
        name: `Spoofer ${n}`,
        email: `spoofer${n}.${remoteAddress}@example.com`,
        phone: `0101${String(n).padStart(3, '0')}${remoteAddress.split('.').at(-1)!.padStart(4, '0')}`,
        password: `long enough ${n}`,
      },
    });

  it('is the socket’s when the caller is not a trusted hop: a made-up X-Forwarded-For changes nothing', async () => {
    const statuses = [];
    for (let n = 0; n < FREE_SENDS_PER_ADDRESS + 2; n++) {
      statuses.push((await signUp(n, '203.0.113.7', `198.51.100.${n + 1}`)).statusCode);
    }
    // The free sign-ups an hour of one address, however the header varies; then the address is asked for a proof.
    expect(statuses).toEqual([...Array(FREE_SENDS_PER_ADDRESS).fill(201), 428, 428]);
  });

  it('is the forwarded one when a trusted hop (the storefront on this machine) sends it', async () => {
    for (let n = 20; n < 32; n++) expect((await signUp(n, '127.0.0.1', `198.51.100.${n + 1}`)).statusCode).toBe(201);
  });
});
