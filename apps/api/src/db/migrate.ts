import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { Database } from './client';

const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

export async function migrate(database: Database): Promise<void> {
  // Both migrators read the same SQL files; they differ only in the driver they expect.
  const run = database.kind === 'pglite' ? migratePglite : migratePg;
  await run(database.db as never, { migrationsFolder });
}
