import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { configProblems, loadConfig } from '../config';
import { useTestApp } from '../test/app';
import { metricsReaders } from './metrics';

const t = useTestApp();

describe('health and readiness', () => {
  it('answers that the process is alive', async () => {
    const response = await t.app.inject('/api/health');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok', checks: { redis: 'not configured' } });
  });

  it('is ready when the database and the storage answer (Redis not configured here)', async () => {
    const response = await t.app.inject('/api/ready/');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ status: 'ready', checks: { database: 'ok', redis: 'not configured', storage: 'ok' } });
  });

  describe('with a bucket that does not answer', () => {
    let app: FastifyInstance;
    beforeAll(async () => {
      const config = loadConfig({
        ...process.env,
        ...{ LOG_LEVEL: 'silent', JOBS: 'off', REDIS_URL: '' },
        S3_BUCKET: 'attar-media',
        S3_ENDPOINT: 'http://127.0.0.1:9',
        S3_ACCESS_KEY_ID: 'key',
        S3_SECRET_ACCESS_KEY: 'secret',
      });
      app = await buildApp({ config, database: t.db.database }, { logger: false });
    });
    afterAll(() => app?.close());

    it('is not ready, and names what is down', async () => {
      const response = await app.inject('/api/ready/');
      expect(response.statusCode).toBe(503);
      expect(response.json()).toMatchObject({
        code: 'not_ready',
        detail: 'Not ready: storage unreachable.',
        checks: { database: 'ok', storage: 'down' },
      });
    });
  });
});

describe('draining', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildApp({ config: t.config, database: t.db.database }, { logger: false });
  });
  afterAll(() => app?.close());

  it('answers readiness 503 draining once told, serves everything else, and closes each connection after its answer', async () => {
    expect((await app.inject('/api/ready/')).headers.connection).not.toBe('close');
    app.startDraining();
    const ready = await app.inject('/api/ready/');
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toMatchObject({ code: 'draining', checks: { database: 'ok', storage: 'ok' } });
    const categories = await app.inject('/api/categories/');
    expect(categories.statusCode).toBe(200);
    expect(categories.headers.connection).toBe('close');
    expect((await app.inject('/api/health/')).statusCode).toBe(200);
  });

  it('lasts DRAIN_SECONDS: 5 in production, none in demo mode unless set, and refuses a start with a wrong value', () => {
    expect(loadConfig({ NODE_ENV: 'production' }).drainSeconds).toBe(5);
    expect(loadConfig({}).drainSeconds).toBe(0);
    expect(loadConfig({ DRAIN_SECONDS: '2' }).drainSeconds).toBe(2);
    expect(configProblems({ DRAIN_SECONDS: 'soon' })).toEqual(['DRAIN_SECONDS: not a number of seconds']);
    expect(configProblems({ DRAIN_SECONDS: '7.5' })).toEqual([]);
  });
});

describe('metrics', () => {
  it('times every request by route and status, and counts orders and payments', async () => {
    await t.app.inject('/api/categories/');
    await t.app.inject('/api/products/no-such-product/');
    const response = await t.app.inject({ url: '/metrics', remoteAddress: '127.0.0.1' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain/);
    expect(response.body).toMatch(
      /http_request_duration_seconds_count\{method="GET",route="\/api\/categories\/",status_code="200"\} [1-9]/,
    );
    expect(response.body).toMatch(
      /http_request_duration_seconds_count\{method="GET",route="\/api\/products\/:slug\/",status_code="404"\} [1-9]/,
    );
    for (const name of ['attar_orders_placed_total', 'attar_payments_total', 'attar_jobs', 'process_resident_memory_bytes']) {
      expect(response.body).toContain(`# TYPE ${name}`);
    }
  });

  it('answers only the addresses METRICS_ALLOW names, as a missing page to anyone else', async () => {
    const refused = await t.app.inject({ url: '/metrics', remoteAddress: '203.0.113.7' });
    expect(refused.statusCode).toBe(404);
    expect(refused.json()).toEqual({ detail: 'Not found.', code: 'not_found' });
    // X-Forwarded-For is not the connection: it opens nothing.
    const forged = await t.app.inject({ url: '/metrics', remoteAddress: '203.0.113.7', headers: { 'x-forwarded-for': '127.0.0.1' } });
    expect(forged.statusCode).toBe(404);
  });

  it('reads METRICS_ALLOW as addresses and ranges; production allows nobody unless told', () => {
    const allowed = metricsReaders(['loopback', '10.0.0.0/8', '2001:db8::/32', '192.0.2.4']);
    expect(['127.0.0.1', '::1', '::ffff:127.0.0.1', '10.20.30.40', '2001:db8::1', '192.0.2.4'].map(allowed)).toEqual(Array(6).fill(true));
    expect(['11.0.0.1', '192.0.2.5', '2001:db9::1', undefined].map(allowed)).toEqual(Array(4).fill(false));
    expect(loadConfig({ NODE_ENV: 'production' }).metricsAllow).toEqual([]);
    expect(loadConfig({}).metricsAllow).toEqual(['loopback']);
    expect(() => metricsReaders(['not-an-address'])).toThrow(/METRICS_ALLOW/);
  });
});

describe('request ids', () => {
  let app: FastifyInstance;
  const lines: string[] = [];
  beforeAll(async () => {
    const logStream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(...chunk.toString().split('\n').filter(Boolean));
        done();
      },
    });
    app = await buildApp({ config: { ...t.config, logLevel: 'info' }, database: t.db.database }, { logStream });
  });
  afterAll(() => app?.close());

  it('keeps the caller’s id, in the answer and in every log line of the request', async () => {
    const id = 'storefront-7f3c2a9e-request';
    const response = await app.inject({ url: '/api/categories/', headers: { 'x-request-id': id } });
    expect(response.headers['x-request-id']).toBe(id);
    const logged = lines.map((line) => JSON.parse(line) as { reqId?: string; msg: string }).filter((line) => line.reqId === id);
    expect(logged.map((line) => line.msg)).toEqual(['incoming request', 'request completed']);
  });

  it('makes a new one when none is given, or when what is given is not an id', async () => {
    const none = await app.inject('/api/categories/');
    expect(none.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const forged = await app.inject({ url: '/api/categories/', headers: { 'x-request-id': 'fake"} {"msg":"admin logged in' } });
    expect(forged.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(lines.join('\n')).not.toContain('admin logged in');
  });
});
