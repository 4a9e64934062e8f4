/**
 * Lost database connections (decision 0031): a connection-class failure answers 503 in the contract's shape with
 * Retry-After, never 500; on a PostgreSQL server, an instance whose connections are terminated, or whose server goes
 * away and comes back, keeps running and serves again.
 */
import { randomInt } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { openDatabase, type Database } from '../db/client';
import { isConnectionLoss, registerErrorHandling, UnavailableError } from '../http/errors';
import { onUnhandledRejection, survivesUnhandled } from './process-guard';
import { createTestDatabase, type TestDatabase } from '../test/database';

describe('a lost connection answers 503', () => {
  const failures: Record<string, () => Error> = {
    refused: () => Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }),
    'terminated by an administrator': () =>
      Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' }),
    'starting up': () => Object.assign(new Error('the database system is starting up'), { code: '57P03' }),
    'connection failure': () => Object.assign(new Error('connection failure'), { code: '08006' }),
    'no pooled connection in time': () => new Error('timeout exceeded when trying to connect'),
    // drizzle reports a failed query with the driver's error as its cause.
    'a failed query whose cause is a dropped socket': () =>
      new Error('Failed query: select 1', { cause: new Error('Connection terminated unexpectedly') }),
    'both counter stores away': () => new UnavailableError(),
  };
  let app: FastifyInstance;
  beforeAll(async () => {
    app = Fastify({ logger: false });
    registerErrorHandling(app);
    app.get('/fail/:kind', async (request) => {
      const { kind } = request.params as { kind: string };
      throw kind === 'unique' ? Object.assign(new Error('duplicate key'), { code: '23505' }) : failures[kind]!();
    });
    await app.ready();
  });
  afterAll(() => app.close());

  it.each(Object.keys(failures))('%s: 503 service_unavailable with Retry-After, in the caller’s language', async (kind) => {
    const response = await app.inject(`/fail/${encodeURIComponent(kind)}`);
    expect(response.statusCode).toBe(503);
    expect(response.headers['retry-after']).toBe('5');
    expect(response.json()).toEqual({
      detail: 'The shop cannot answer right now. Please try again in a few seconds.',
      code: 'service_unavailable',
    });
    const arabic = await app.inject({ url: `/fail/${encodeURIComponent(kind)}`, headers: { 'accept-language': 'ar' } });
    expect(arabic.json()).toMatchObject({ code: 'service_unavailable', detail: expect.stringMatching(/^لا يستطيع المتجر/) });
  });

  it('keeps other errors as they were', async () => {
    const response = await app.inject('/fail/unique');
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ detail: 'Internal server error.', code: 'server_error' });
    expect(isConnectionLoss(new Error('column "x" does not exist'))).toBe(false);
  });
});

/**
 * Errors that escaped to the process and would end a real instance: an unhandled 'error' event, or a rejection nobody
 * handled that the instance's guard does not survive (ops/process-guard.ts).
 */
function watchProcess() {
  const escaped: unknown[] = [];
  const record = (error: unknown) => escaped.push(error);
  const recordFatal = (reason: unknown) => survivesUnhandled(reason) || escaped.push(reason);
  process.on('uncaughtException', record);
  process.on('unhandledRejection', recordFatal);
  return {
    escaped,
    stop() {
      process.off('uncaughtException', record);
      process.off('unhandledRejection', recordFatal);
    },
  };
}

describe('a rejection nobody handled', () => {
  const log = { warn: vi.fn() } as unknown as FastifyBaseLogger;
  const guard = onUnhandledRejection(log);

  it('leaves the instance running when it is a lost connection (pg-boss completes jobs without awaiting)', () => {
    expect(() => guard(new Error('Connection terminated unexpectedly'))).not.toThrow();
    expect(log.warn).toHaveBeenCalledWith({ reason: 'Connection terminated unexpectedly' }, expect.any(String));
  });

  it('ends the instance, as Node would, for anything else', () => {
    const bug = new TypeError("Cannot read properties of undefined (reading 'id')");
    expect(() => guard(bug)).toThrow(bug);
  });
});

/** The first answer that is not 503, asking every 100 ms for up to 5 s (an instance back within 5 s of its database). */
async function firstServed(request: () => Promise<{ statusCode: number }>): Promise<number> {
  const until = Date.now() + 5000;
  let status = 503;
  while (status === 503 && Date.now() < until) {
    status = (await request()).statusCode;
    if (status === 503) await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return status;
}

/** Whether the instance LISTENs again: a LISTEN session started after `since` (server time) within 5 s. */
async function listeningAgain(admin: pg.Client, databaseName: string, since: Date): Promise<boolean> {
  const until = Date.now() + 5000;
  while (Date.now() < until) {
    const { rows } = await admin.query(
      `SELECT 1 FROM pg_stat_activity WHERE datname = $1 AND query LIKE 'LISTEN %' AND backend_start > $2`,
      [databaseName, since],
    );
    if (rows.length) return true;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return false;
}

/**
 * A TCP proxy in front of the PostgreSQL server: stopping it is the server going away (open connections reset, new ones
 * refused), starting it again is the server coming back, on the same address.
 */
function proxyTo(target: URL) {
  const port = 8300 + randomInt(100);
  const sockets = new Set<net.Socket>();
  let server: net.Server | undefined;
  return {
    url: Object.assign(new URL(target), { port: String(port) }).toString(),
    start: () =>
      new Promise<void>((resolve) => {
        server = net.createServer((client) => {
          const upstream = net.connect(Number(target.port || 5432), target.hostname);
          for (const socket of [client, upstream]) {
            sockets.add(socket);
            socket.on('close', () => sockets.delete(socket));
            socket.on('error', () => [client, upstream].forEach((s) => s.destroy()));
          }
          client.pipe(upstream).pipe(client);
        });
        server.listen(port, '127.0.0.1', resolve);
      }),
    stop: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        if (server) server.close(() => resolve());
        else resolve();
      }),
  };
}

describe.runIf(Boolean(process.env.TEST_DATABASE_URL))('an instance on PostgreSQL losing its connections', () => {
  let testDb: TestDatabase;
  let admin: pg.Client;
  let databaseName: string;
  let mediaDir: string;
  const serverNow = async () => (await admin.query<{ now: Date }>('SELECT now()')).rows[0]!.now;
  const config = () =>
    loadConfig({
      ...process.env,
      LOG_LEVEL: 'silent',
      REDIS_URL: '',
      // The job queue uses the same pool: it must live through the loss too.
      JOBS: 'on',
      CATALOGUE_CACHE_MS: '0',
      PUBLIC_API_URL: 'http://api.test',
      MEDIA_DIR: mediaDir,
    });

  beforeAll(async () => {
    testDb = await createTestDatabase();
    databaseName = new URL(testDb.url!).pathname.slice(1);
    admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
    mediaDir = mkdtempSync(path.join(os.tmpdir(), 'attar-test-media-'));
  }, 120_000);
  afterAll(async () => {
    await admin?.end();
    await testDb?.drop();
    if (mediaDir) rmSync(mediaDir, { recursive: true, force: true });
  });

  it('keeps running when its idle and busy connections are terminated, and serves again', async () => {
    const app = await buildApp({ config: config(), database: testDb.database }, { logger: false });
    const watch = watchProcess();
    try {
      expect((await app.inject('/api/categories/')).statusCode).toBe(200);
      // Busy: a statement running, and a transaction holding its connection between statements.
      const running = testDb.database.rows(sql`SELECT pg_sleep(30)`).catch((error: unknown) => error);
      let terminated!: () => void;
      const afterTermination = new Promise<void>((resolve) => (terminated = resolve));
      const transaction = testDb.database.db
        .transaction(async (tx) => {
          await tx.execute(sql`SELECT 1`);
          await afterTermination;
          await tx.execute(sql`SELECT 1`);
        })
        .catch((error: unknown) => error);
      await new Promise((resolve) => setTimeout(resolve, 200));
      const since = await serverNow();
      const { rowCount } = await admin.query(
        `SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()`,
        [databaseName],
      );
      expect(rowCount).toBeGreaterThanOrEqual(3);
      await new Promise((resolve) => setTimeout(resolve, 200));
      terminated();
      expect(isConnectionLoss(await running)).toBe(true);
      expect(isConnectionLoss(await transaction)).toBe(true);

      expect(await firstServed(() => app.inject('/api/categories/'))).toBe(200);
      expect(await listeningAgain(admin, databaseName, since)).toBe(true);
      expect(watch.escaped).toEqual([]);
    } finally {
      watch.stop();
      await app.close();
    }
  });

  describe('while the server is away and once it is back', () => {
    const proxy = proxyTo(new URL(process.env.TEST_DATABASE_URL ?? 'postgres://127.0.0.1:5432'));
    let database: Database;
    let app: FastifyInstance;
    let watch: ReturnType<typeof watchProcess>;
    beforeAll(async () => {
      await proxy.start();
      const url = new URL(proxy.url);
      url.pathname = `/${databaseName}`;
      database = await openDatabase({ url: url.toString(), poolSize: 10 });
      app = await buildApp({ config: config(), database }, { logger: false });
      watch = watchProcess();
    });
    afterAll(async () => {
      watch?.stop();
      await app?.close();
      await database?.close();
      await proxy.stop();
    });

    it('answers 503 with Retry-After in the contract’s shape, and readiness names the database', async () => {
      expect((await app.inject('/api/categories/')).statusCode).toBe(200);
      await proxy.stop();
      for (const request of [
        { url: '/api/categories/' },
        { url: '/api/products/?page=1' },
        { method: 'POST' as const, url: '/api/users/login/', payload: { email: 'away@shopper.test', password: 'whatever it is' } },
      ]) {
        const response = await app.inject({ ...request, headers: { 'accept-language': 'ar' } });
        expect(response.statusCode, `${request.url}: ${response.body}`).toBe(503);
        expect(response.headers['retry-after']).toBe('5');
        expect(response.json()).toEqual({ detail: expect.stringMatching(/^لا يستطيع المتجر/), code: 'service_unavailable' });
      }
      const ready = await app.inject('/api/ready/');
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toMatchObject({ code: 'not_ready', checks: { database: 'down' } });
    });

    it('serves again once the server is back, LISTENing again, and nothing escaped meanwhile', async () => {
      const since = await serverNow();
      await proxy.start();
      expect(await firstServed(() => app.inject('/api/categories/'))).toBe(200);
      expect((await app.inject('/api/ready/')).statusCode).toBe(200);
      expect(await listeningAgain(admin, databaseName, since)).toBe(true);
      expect(watch.escaped).toEqual([]);
    });
  });
});
