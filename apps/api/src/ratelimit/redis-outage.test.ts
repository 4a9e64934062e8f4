/**
 * Redis stopped and started again under a running API (decision 0031): readiness stays 200 with Redis reported
 * degraded, log-in, sign-up and codes keep answering with their limits counted in PostgreSQL (and still refusing), and
 * counts go back to Redis once it answers again. A Redis server of the test's own, on a port of its own.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomInt } from 'node:crypto';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { UnavailableError } from '../http/errors';
import { createTestDatabase, type TestDatabase } from '../test/database';
import { RedisCounters, SharedCounters, type CounterStore } from './counters';

const REDIS_PORT = 6390 + randomInt(10);
const REDIS_URL = `redis://127.0.0.1:${REDIS_PORT}`;

async function startRedis(): Promise<ChildProcess> {
  const child = spawn('redis-server', ['--port', String(REDIS_PORT), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  await new Promise<void>((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('Ready to accept connections')) resolve();
    });
    child.once('exit', (code) => reject(new Error(`redis-server exited with ${code}:\n${output}`)));
  });
  return child;
}

async function stopRedis(child: ChildProcess) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  child.kill('SIGTERM');
  await once(child, 'exit');
}

describe('Redis going away and coming back', () => {
  let redisServer: ChildProcess;
  let db: TestDatabase;
  let app: FastifyInstance;
  let mediaDir: string;
  const lines: { level: number; msg: string }[] = [];
  // ioredis reports an 'error' event nobody listens to on the console ("[ioredis] Unhandled error event").
  const consoleErrors = vi.spyOn(console, 'error');

  beforeAll(async () => {
    redisServer = await startRedis();
    db = await createTestDatabase();
    mediaDir = mkdtempSync(path.join(os.tmpdir(), 'attar-test-media-'));
    const config = loadConfig({
      ...process.env,
      REDIS_URL,
      LOG_LEVEL: 'info',
      JOBS: 'off',
      PUBLIC_API_URL: 'http://api.test',
      MEDIA_DIR: mediaDir,
    });
    const logStream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line) as { level: number; msg: string });
        done();
      },
    });
    app = await buildApp({ config, database: db.database }, { logStream });
    await redisStateIs('ok');
  }, 120_000);

  afterAll(async () => {
    consoleErrors.mockRestore();
    await app?.close();
    await db?.drop();
    if (redisServer) await stopRedis(redisServer);
    if (mediaDir) rmSync(mediaDir, { recursive: true, force: true });
  });

  /** Waits until readiness (which pings Redis) finds it `state`: a stop is noticed at once, a start within a second. */
  async function redisStateIs(state: 'ok' | 'degraded') {
    for (;;) {
      const ready = (await app.inject('/api/ready/')).json() as { checks: { redis: string } };
      if (ready.checks.redis === state) return;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  let shopper = 0;
  const signUp = (address: string) => {
    shopper += 1;
    return app.inject({
      method: 'POST',
      url: '/api/users/me/',
      remoteAddress: address,
      payload: {
        name: `Outage ${shopper}`,
        email: `outage${shopper}@shopper.test`,
        phone: `0102${String(shopper).padStart(7, '0')}`,
        password: 'a long password 1',
      },
    });
  };
  const redisKeys = async () => {
    const client = new Redis(REDIS_URL);
    try {
      return await client.keys('attar:rl:*');
    } finally {
      await client.quit();
    }
  };

  it('counts in Redis while it answers', async () => {
    expect((await signUp('203.0.113.1')).statusCode).toBe(201);
    expect(await redisKeys()).toContain('attar:rl:signup:ip:203.0.113.1');
  });

  it('counts in PostgreSQL while Redis hangs, and in Redis again once it answers', async () => {
    redisServer.kill('SIGSTOP');
    try {
      const created = await signUp('203.0.113.5');
      expect(created.statusCode, created.body).toBe(201);
      const [row] = await db.database.rows<{ count: number }>(
        sql`SELECT count FROM rate_limit_counters WHERE key = 'signup:ip:203.0.113.5'`,
      );
      expect(row?.count).toBe(1);
      expect((await app.inject('/api/health/')).json()).toEqual({ status: 'ok', checks: { redis: 'degraded' } });
    } finally {
      redisServer.kill('SIGCONT');
    }
    await redisStateIs('ok');
    expect((await signUp('203.0.113.6')).statusCode).toBe(201);
    expect(await redisKeys()).toContain('attar:rl:signup:ip:203.0.113.6');
  });

  it('stays ready with Redis degraded, and signs up, logs in and sends codes with the limits counted in PostgreSQL', async () => {
    await stopRedis(redisServer);
    await redisStateIs('degraded');

    const ready = await app.inject('/api/ready/');
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ready', checks: { database: 'ok', storage: 'ok', redis: 'degraded' } });
    const metrics = await app.inject({ url: '/metrics', remoteAddress: '127.0.0.1' });
    expect(metrics.body).toMatch(/^attar_dependency_up\{dependency="redis"\} 0$/m);

    const created = await signUp('203.0.113.2');
    expect(created.statusCode, created.body).toBe(201);
    const login = await app.inject({
      method: 'POST',
      url: '/api/users/login/',
      remoteAddress: '203.0.113.2',
      payload: { email: `outage${shopper}@shopper.test`, password: 'a long password 1' },
    });
    expect(login.statusCode, login.body).toBe(200);
    const reset = await app.inject({
      method: 'POST',
      url: '/api/users/password/send_reset_email/',
      remoteAddress: '203.0.113.2',
      payload: { email: `outage${shopper}@shopper.test` },
    });
    expect(reset.statusCode, reset.body).toBe(200);

    // Five sign-ups an hour from one address go ahead; the sixth is asked for a proof of work, counted in PostgreSQL.
    const statuses = [];
    for (let n = 0; n < 6; n++) statuses.push((await signUp('203.0.113.3')).statusCode);
    expect(statuses).toEqual([...Array(5).fill(201), 428]);
    const [row] = await db.database.rows<{ count: number }>(sql`SELECT count FROM rate_limit_counters WHERE key = 'sends:ip:203.0.113.3'`);
    expect(row?.count).toBe(6);
  });

  it('counts in Redis again once it is back, without a restart', async () => {
    redisServer = await startRedis();
    await redisStateIs('ok');
    expect((await signUp('203.0.113.4')).statusCode).toBe(201);
    expect(await redisKeys()).toContain('attar:rl:signup:ip:203.0.113.4');
    const metrics = await app.inject({ url: '/metrics', remoteAddress: '127.0.0.1' });
    expect(metrics.body).toMatch(/^attar_dependency_up\{dependency="redis"\} 1$/m);
  });

  it('logged Redis going away and coming back once each time, and no error', () => {
    // Each change once: going away and coming back alternate. A stopping Redis may answer once more before it is gone,
    // so an outage can show as two; there were at least the two above.
    const changes = lines
      .filter((line) => /^Redis (unreachable|reachable again)/.test(line.msg))
      .map((line) => line.msg.startsWith('Redis unreachable'));
    expect(changes.length).toBeGreaterThanOrEqual(4);
    changes.forEach((away, n) => expect(away, `change ${n + 1}`).toBe(n % 2 === 0));
    expect(changes.at(-1)).toBe(false);
    // pino's levels: 50 error, 60 fatal.
    expect(lines.filter((line) => line.level >= 50)).toEqual([]);
    expect(consoleErrors).not.toHaveBeenCalled();
  });
});

describe('with neither store answering', () => {
  it('refuses the call (503) rather than letting it through uncounted', async () => {
    const postgres: CounterStore = {
      hit: () => Promise.reject(Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' })),
      peek: () => Promise.reject(new Error('unreachable')),
      reset: () => Promise.reject(new Error('unreachable')),
      close: async () => {},
    };
    // A port nobody listens on.
    const counters = new SharedCounters(postgres, new RedisCounters(`redis://127.0.0.1:${REDIS_PORT + 1000}`));
    try {
      await expect(counters.hit('signup:ip:203.0.113.9', 60_000)).rejects.toBeInstanceOf(UnavailableError);
      expect(counters.redisState()).toBe('degraded');
    } finally {
      await counters.close();
    }
  });
});
