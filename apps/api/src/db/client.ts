import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { fuzzystrmatch } from '@electric-sql/pglite/contrib/fuzzystrmatch';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { SQL } from 'drizzle-orm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import * as schema from './schema';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export type Database = {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Runs raw SQL (a drizzle `sql` template) and returns its rows. */
  rows<T>(query: SQL): Promise<T[]>;
  /** Plain text and parameters, for libraries that bring their own SQL (pg-boss); several statements when unparameterised. */
  executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
  close(): Promise<void>;
};

function wrap(db: Db, kind: Database['kind'], executeSql: Database['executeSql'], close: () => Promise<void>): Database {
  return {
    db,
    kind,
    rows: async <T>(query: SQL) => ((await db.execute(query)) as unknown as { rows: T[] }).rows,
    executeSql,
    close,
  };
}

/** `url` selects a PostgreSQL server; otherwise PGlite in `pgliteDir` (or in memory when that is undefined). */
export async function openDatabase(options: { url?: string; pgliteDir?: string; poolSize?: number }): Promise<Database> {
  if (options.url) {
    const pool = new pg.Pool({ connectionString: options.url, max: options.poolSize ?? 20 });
    return wrap(drizzlePg(pool, { schema }) as unknown as Db, 'postgres', (text, values) => pool.query(text, values), () => pool.end());
  }
  if (options.pgliteDir) mkdirSync(options.pgliteDir, { recursive: true });
  const client = await PGlite.create({ dataDir: options.pgliteDir, extensions: { pg_trgm, fuzzystrmatch } });
  const executeSql: Database['executeSql'] = async (text, values) =>
    values?.length ? client.query(text, values) : ((await client.exec(text)).at(-1) ?? { rows: [] });
  return wrap(drizzlePglite(client, { schema }) as unknown as Db, 'pglite', executeSql, () => client.close());
}
