/**
 * A fresh, migrated and seeded database per test file: in-memory PGlite by default, or, when
 * TEST_DATABASE_URL names a PostgreSQL server, a database of its own that is dropped afterwards.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDatabase, type Database } from '../db/client';
import { migrate } from '../db/migrate';
import { seedIfEmpty } from '../db/seed/run';

/** `url` is set when the database lives on a PostgreSQL server (other processes can open it). */
export type TestDatabase = { database: Database; url?: string; drop(): Promise<void> };

async function adminQuery(serverUrl: string, text: string) {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

export async function createTestDatabase(options: { seed?: boolean; migrate?: boolean } = {}): Promise<TestDatabase> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  let database: Database;
  let databaseUrl: string | undefined;
  let drop = async () => {};
  if (serverUrl) {
    const name = `attar_test_${randomBytes(6).toString('hex')}`;
    await adminQuery(serverUrl, `CREATE DATABASE ${name}`);
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
    database = await openDatabase({ url: databaseUrl, poolSize: 60 });
    drop = () => adminQuery(serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  } else {
    database = await openDatabase({});
  }
  if (options.migrate !== false) {
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
