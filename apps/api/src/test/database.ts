/**
 * A fresh, migrated and seeded database per test file: in-memory PGlite by default, or, when
 * TEST_DATABASE_URL names a PostgreSQL server, a database of its own that is dropped afterwards. Seeded ones start
 * as a copy of the one the run's global setup built (src/test/global-setup.ts).
 */
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { inject } from 'vitest';
import { openDatabase, type Database } from '../db/client';
import { migrate } from '../db/migrate';
import { seedIfEmpty } from '../db/seed/run';

/** `url` is set when the database lives on a PostgreSQL server (other processes can open it). */
export type TestDatabase = { database: Database; url?: string; drop(): Promise<void> };

/** The run's seeded template database on a PostgreSQL server is named with this and the run's process id. */
export const TEMPLATE_PREFIX = 'attar_test_seeded_';

export async function adminQuery(serverUrl: string, text: string) {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

const TEST_POOL_SIZE = 40;

export async function createTestDatabase(options: { seed?: boolean; migrate?: boolean } = {}): Promise<TestDatabase> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  const seeded = options.migrate !== false && options.seed !== false ? inject('seededDatabase') : undefined;
  let database: Database;
  let databaseUrl: string | undefined;
  let drop = async () => {};
  if (serverUrl) {
    const name = `attar_test_${randomBytes(6).toString('hex')}`;
    const template = seeded && 'template' in seeded ? ` TEMPLATE ${seeded.template}` : '';
    await adminQuery(serverUrl, `CREATE DATABASE ${name}${template}`);
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
    // Two files run at once (maxWorkers): two full pools stay under PostgreSQL's default 100 connections, with room
    // for the template copies and the admin queries beside them.
    database = await openDatabase({ url: databaseUrl, poolSize: TEST_POOL_SIZE });
    drop = () => adminQuery(serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  } else if (seeded && 'pgliteTarball' in seeded) {
    database = await openDatabase({ loadDataDir: new Blob([readFileSync(seeded.pgliteTarball)]) });
  } else {
    database = await openDatabase({});
  }
  // A copy of the seeded database needs neither (both would find nothing to do).
  if (options.migrate !== false && !seeded) {
    await migrate(database);
    if (options.seed !== false) await seedIfEmpty(database, {});
  }
  return {
    database,
    url: databaseUrl,
    drop: async () => {
      await database.close();
      await drop();
    },
  };
}
