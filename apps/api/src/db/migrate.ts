import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import type { Database } from './client';

const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

export async function migrate(database: Database): Promise<void> {
  // Both migrators read the same SQL files; they differ only in the driver they expect.
  const run = database.kind === 'pglite' ? migratePglite : migratePg;
  await run(database.db as never, { migrationsFolder });
}

/**
 * Runs `work` (migrating, seeding) while holding a PostgreSQL advisory lock, so API instances starting together (a
 * fleet, a rolling deploy) take turns: the second finds the first's migrations applied. PGlite has one process anyway.
 */
export async function whileStartingAlone<T>(url: string | undefined, work: () => Promise<T>): Promise<T> {
  if (!url) return work();
  const client = new pg.Client({ connectionString: url });
  // Losing this session (PostgreSQL restarted mid-start) releases the lock, and without a listener its 'error' event
  // would end the process. The work itself fails with the same outage, or finishes; ending a lost session is a no-op.
  client.on('error', () => undefined);
  await client.connect();
  try {
    await client.query(`SELECT pg_advisory_lock(hashtext('attar:startup'))`);
    return await work();
  } finally {
    // Ending the session releases the lock, also when `work` failed.
    await client.end();
  }
}
