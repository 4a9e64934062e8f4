/**
 * A stopping instance (docs/operations.md): on SIGTERM it answers readiness 503 `draining` for DRAIN_SECONDS while
 * serving everything else, then stops accepting connections, finishes the request in flight and exits 0, however many
 * more stop signals arrive meanwhile. The API as a process, as `npm start` runs it.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomInt } from 'node:crypto';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../test/database';

const API_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const PORT = 8300 + randomInt(100);
const BASE = `http://127.0.0.1:${PORT}`;

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('stopping on SIGTERM', () => {
  let database: TestDatabase | undefined;
  let dataDir: string;
  let api: ChildProcess;
  const log: string[] = [];

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'attar-drain-'));
    // On a PostgreSQL server where one is named, otherwise on the embedded database in a folder of its own.
    if (process.env.TEST_DATABASE_URL) database = await createTestDatabase({ migrate: false });
    api = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
      cwd: API_DIR,
      env: {
        ...process.env,
        ...(database ? { DATABASE_URL: database.url } : {}),
        DATA_DIR: dataDir,
        API_PORT: String(PORT),
        DRAIN_SECONDS: '2',
        REDIS_URL: '',
        JOBS: 'on',
        LOG_LEVEL: 'warn',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    api.stdout!.on('data', (chunk: Buffer) => log.push(chunk.toString()));
    api.stderr!.on('data', (chunk: Buffer) => log.push(chunk.toString()));
    for (;;) {
      if (api.exitCode !== null) throw new Error(`the API exited with ${api.exitCode}:\n${log.join('')}`);
      const up = await fetch(`${BASE}/api/health/`).then(
        (response) => response.ok,
        () => false,
      );
      if (up) break;
      await pause(200);
    }
  }, 180_000);

  afterAll(async () => {
    if (api && api.exitCode === null) {
      api.kill('SIGKILL');
      await once(api, 'exit');
    }
    await database?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('drains, finishes the request in flight, and exits 0', async () => {
    expect((await fetch(`${BASE}/api/ready/`)).status).toBe(200);
    const exited = once(api, 'exit') as Promise<[number | null, NodeJS.Signals | null]>;

    // A sign-up whose body is still arriving when the instance is told to stop.
    const body = JSON.stringify({ name: 'Drain', email: 'drain@shopper.test', phone: '01012345678', password: 'a long password 1' });
    const inFlight = http.request(`${BASE}/api/users/me/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
    });
    const answered = new Promise<{ status: number; body: string }>((resolve, reject) => {
      inFlight.on('response', (response) => {
        let text = '';
        response.on('data', (chunk: Buffer) => (text += chunk.toString()));
        response.on('end', () => resolve({ status: response.statusCode!, body: text }));
      });
      inFlight.on('error', reject);
    });
    inFlight.write(body.slice(0, 20));
    await pause(100);

    api.kill('SIGTERM');
    // More stop signals (an impatient orchestrator, Ctrl+C) neither cut the drain short nor change the exit status.
    await pause(100);
    api.kill('SIGTERM');
    api.kill('SIGINT');

    let ready: Response;
    do ready = await fetch(`${BASE}/api/ready/`);
    while (ready.status === 200);
    expect(ready.status).toBe(503);
    expect(ready.headers.get('connection')).toBe('close');
    expect(await ready.json()).toMatchObject({ code: 'draining', checks: { database: 'ok' } });
    expect((await fetch(`${BASE}/api/categories/`)).status).toBe(200);

    // Once the drain is over the instance stops accepting connections; the request in flight is still answered.
    while (
      await fetch(`${BASE}/api/health/`).then(
        () => true,
        () => false,
      )
    )
      await pause(100);
    inFlight.end(body.slice(20));
    const { status, body: answer } = await answered;
    expect(status, answer).toBe(201);

    const [code, signal] = await exited;
    expect({ code, signal }, log.join('')).toEqual({ code: 0, signal: null });
  }, 60_000);
});
