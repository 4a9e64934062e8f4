import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { buildApp } from '../app';
import { loadConfig, type Config } from '../config';
import { createTestDatabase, type TestDatabase } from './database';

export type TestApp = { app: FastifyInstance; db: TestDatabase; config: Config };

/** Registers hooks that build the API over a fresh seeded database for this test file. */
export function useTestApp(env: Record<string, string> | (() => Record<string, string>) = {}): TestApp {
  const handle = {} as TestApp;
  let mediaDir = '';
  beforeAll(async () => {
    handle.db = await createTestDatabase();
    const extra = typeof env === 'function' ? env() : env;
    // Uploads land in a folder of this file's own, removed with it.
    mediaDir = mkdtempSync(path.join(os.tmpdir(), 'attar-test-media-'));
    // Counters stay in this file's own database (REDIS_URL would share them across runs); counters.test.ts covers Redis.
    // The order-message worker runs only where a test asks for it (JOBS: 'on'): it polls, and most files need no mail.
    handle.config = loadConfig({
      ...process.env,
      PUBLIC_API_URL: 'http://api.test',
      LOG_LEVEL: 'silent',
      REDIS_URL: '',
      JOBS: 'off',
      // Tests change the catalogue between requests and expect to see it at once.
      CATALOGUE_CACHE_MS: '0',
      MEDIA_DIR: mediaDir,
      ...extra,
    });
    handle.app = await buildApp({ config: handle.config, database: handle.db.database }, { logger: false });
    await handle.app.ready();
  }, 120_000);
  afterAll(async () => {
    await handle.app?.close();
    await handle.db?.drop();
    if (mediaDir) rmSync(mediaDir, { recursive: true, force: true });
  });
  return handle;
}
