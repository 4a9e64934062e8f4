import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { createTestDatabase, type TestDatabase } from '../test/database';
import { client, freshIp, newShopper } from '../test/client';

describe('the development outbox (demo mode)', () => {
  let db: TestDatabase;
  let app: Awaited<ReturnType<typeof buildApp>>;
  let log = '';
  beforeAll(async () => {
    db = await createTestDatabase();
    const logStream = new PassThrough();
    logStream.on('data', (chunk: Buffer) => (log += chunk.toString()));
    const config = loadConfig({ LOG_LEVEL: 'info', JOBS: 'off', REDIS_URL: '', PUBLIC_API_URL: 'http://api.test' });
    app = await buildApp({ config, database: db.database }, { logStream });
    await app.ready();
  }, 120_000);
  afterAll(async () => {
    await app?.close();
    await db?.drop();
  });

  const read = (recipient: string | undefined, remoteAddress: string, headers: Record<string, string> = {}) =>
    app.inject({
      url: `/api/dev/outbox/${recipient === undefined ? '' : `?${new URLSearchParams({ recipient })}`}`,
      remoteAddress,
      headers,
    });

  it('answers a request made directly from this machine, for one recipient', async () => {
    const shopper = newShopper();
    expect((await client(app).post('/api/users/me/', shopper)).statusCode).toBe(201);
    const answer = await read(shopper.email, '127.0.0.1');
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual([
      expect.objectContaining({ recipient: shopper.email, channel: 'email', body: expect.stringMatching(/\b\d{6}\b/) }),
    ]);
  });

  it('refuses to list everyone’s messages: the recipient is required', async () => {
    const answer = await read(undefined, '127.0.0.1');
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toHaveProperty('recipient');
  });

  it('does not exist for a request relayed by a proxy (the storefront) or from another machine', async () => {
    const shopper = newShopper();
    await client(app).post('/api/users/me/', shopper);
    for (const [remoteAddress, headers] of [
      ['127.0.0.1', { 'x-forwarded-for': '127.0.0.1' }],
      ['127.0.0.1', { forwarded: 'for=127.0.0.1' }],
      ['127.0.0.1', { 'x-real-ip': '127.0.0.1' }],
      [freshIp(), {}],
      ['::ffff:198.51.100.9', {}],
    ] as const) {
      const answer = await read(shopper.email, remoteAddress, headers);
      expect(answer.statusCode).toBe(404);
      expect(answer.json()).toEqual({ detail: expect.any(String), code: 'not_found' });
    }
  });

  it('never writes a code to the log', async () => {
    const shopper = newShopper();
    await client(app).post('/api/users/me/', shopper);
    const [message] = (await read(shopper.email, '127.0.0.1')).json() as { body: string }[];
    const code = message!.body.match(/\b(\d{6})\b/)![1]!;
    expect(log).toContain('development outbox: email to');
    expect(log).not.toContain(code);
  });
});
