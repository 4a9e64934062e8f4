import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { fuzzystrmatch } from '@electric-sql/pglite/contrib/fuzzystrmatch';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { SQL } from 'drizzle-orm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { PgDialect, type PgDatabase, type PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import * as schema from './schema';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export type Database = {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Runs raw SQL (a drizzle `sql` template) and returns its rows. */
  rows<T>(query: SQL): Promise<T[]>;
  /**
   * `rows` as a named prepared statement on PostgreSQL: each pooled connection parses and plans the text once, then
   * only binds parameters. For hot statements whose text comes from a small set (the values being parameters), as
   * every distinct text stays prepared on each connection. PGlite runs it as `rows` does.
   */
  preparedRows<T>(query: SQL): Promise<T[]>;
  /** Plain text and parameters, for libraries that bring their own SQL (pg-boss); several statements when unparameterised. */
  executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
  /** Calls `onNotify` on each NOTIFY on `channel` (after the notifying transaction commits); answers how to stop. */
  listen(channel: string, onNotify: () => void): Promise<() => Promise<void>>;
  /** The server connections: open, idle, and requests waiting for one (metrics); PostgreSQL only. */
  poolStats?(): { total: number; idle: number; waiting: number };
  /** The embedded database's data directory as a gzipped tarball, consistent (taken by PGlite itself); PGlite only. */
  copyDataDir?(): Promise<Blob>;
  close(): Promise<void>;
};

/** Builds SQL text and parameters as `db.execute` does (same dialect, no casing options). */
const dialect = new PgDialect();

function wrap(
  db: Db,
  kind: Database['kind'],
  executeSql: Database['executeSql'],
  listen: Database['listen'],
  close: () => Promise<void>,
): Database {
  return {
    db,
    kind,
    rows: async <T>(query: SQL) => ((await db.execute(query)) as unknown as { rows: T[] }).rows,
    preparedRows: async <T>(query: SQL) => {
      const built = dialect.sqlToQuery(query);
      // Named after the text itself: a connection refuses one name for two different texts.
      const name = `attar_${createHash('sha1').update(built.sql).digest('base64url')}`;
      const result = await db._.session.prepareQuery(built, undefined, name, false).execute();
      return (result as { rows: T[] }).rows;
    },
    executeSql,
    listen,
    close,
  };
}

/**
 * LISTEN on a connection of its own (a pooled one would go back to the pool). A lost connection is opened again after
 * a second; meanwhile nothing is heard, and the caches fall back on their own short lifetime.
 */
function listenOn(url: string): Database['listen'] {
  return async (channel, onNotify) => {
    let client: pg.Client | null = null;
    let stopped = false;
    const connect = async (): Promise<void> => {
      const next = new pg.Client({ connectionString: url });
      next.on('notification', (message) => message.channel === channel && onNotify());
      next.on('error', () => {
        void next.end().catch(() => undefined);
        if (!stopped) setTimeout(() => void connect().catch(() => undefined), 1000).unref();
      });
      await next.connect();
      await next.query(`LISTEN ${channel}`);
      client = next;
      // Whatever changed while the connection was down may not have been heard.
      onNotify();
    };
    await connect();
    return async () => {
      stopped = true;
      await client?.end();
    };
  };
}

const processAlive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/**
 * PGlite lives inside one process: a second one opening the same directory (a second `npm start`, `npm run staff` or a
 * backup while the shop runs) would corrupt it. The opener writes its pid beside the directory and removes it on
 * close; a file left by a process that is gone is taken over.
 */
function lockDataDir(dir: string): () => void {
  const file = `${dir}.lock`;
  try {
    writeFileSync(file, String(process.pid), { flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    const holder = Number(readFileSync(file, 'utf8'));
    if (holder && holder !== process.pid && processAlive(holder)) {
      throw new Error(`The embedded database in ${dir} is open in process ${holder}: stop the shop first.`);
    }
    writeFileSync(file, String(process.pid));
  }
  return () => rmSync(file, { force: true });
}

/**
 * `url` selects a PostgreSQL server; otherwise PGlite in `pgliteDir` (or in memory when that is undefined), started from
 * `loadDataDir` (a `copyDataDir` tarball) when given.
 */
export async function openDatabase(options: {
  url?: string;
  pgliteDir?: string;
  poolSize?: number;
  loadDataDir?: Blob;
}): Promise<Database> {
  if (options.url) {
    const pool = new pg.Pool({
      connectionString: options.url,
      max: options.poolSize ?? 20,
      // Named statements (`preparedRows`: the catalogue's, an order's answer) keep one plan: PostgreSQL otherwise plans
      // each execution again when a parameter's value might matter, which cost more than running them (decision 0029).
      options: '-c plan_cache_mode=force_generic_plan',
    });
    // `pool.end()` resolves before its connections have closed; closing waits for them too, so whoever drops the
    // database next (tests, the benchmark) never terminates a session that is still saying goodbye.
    const open = new Set<pg.PoolClient>();
    pool.on('connect', (client) => {
      open.add(client);
      client.once('end', () => open.delete(client));
    });
    const close = async () => {
      const closing = [...open].map((client) => new Promise((resolve) => client.once('end', resolve)));
      await pool.end();
      await Promise.all(closing);
    };
    const database = wrap(
      drizzlePg(pool, { schema }) as unknown as Db,
      'postgres',
      (text, values) => pool.query(text, values),
      listenOn(options.url),
      close,
    );
    return { ...database, poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }) };
  }
  let unlock = () => {};
  if (options.pgliteDir) {
    mkdirSync(options.pgliteDir, { recursive: true });
    unlock = lockDataDir(options.pgliteDir);
  }
  const client = await PGlite.create({
    dataDir: options.pgliteDir,
    loadDataDir: options.loadDataDir,
    extensions: { pg_trgm, fuzzystrmatch },
  }).catch((error: unknown) => {
    unlock();
    throw error;
  });
  const executeSql: Database['executeSql'] = async (text, values) =>
    values?.length ? client.query(text, values) : ((await client.exec(text)).at(-1) ?? { rows: [] });
  const listen: Database['listen'] = async (channel, onNotify) => {
    const stop = await client.listen(channel, () => onNotify());
    return () => stop();
  };
  const close = async () => {
    await client.close();
    unlock();
  };
  const database = wrap(drizzlePglite(client, { schema }) as unknown as Db, 'pglite', executeSql, listen, close);
  return { ...database, copyDataDir: () => client.dumpDataDir('gzip') };
}
