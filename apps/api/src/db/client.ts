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
  /**
   * Calls `listener` with each error of a server connection (the server ended it, the network dropped it): the pool
   * replaces such connections when next needed, so this only reports them; answers how to stop. PostgreSQL only.
   */
  onConnectionError?(listener: ConnectionErrorListener): () => void;
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
 * Connecting to PostgreSQL (or waiting for a free pooled connection) gives up after 3 s, so a request during an outage
 * is answered 503 well within 5 s rather than hanging; TCP keep-alive notices a server that vanished without closing.
 */
const CONNECT_TIMEOUT_MS = 3000;
/** Between attempts to open the LISTEN connection again while PostgreSQL is away. */
const LISTEN_RETRY_MS = 1000;

type ConnectionErrorListener = (error: Error) => void;

/**
 * LISTEN on a connection of its own (a pooled one would go back to the pool). A lost connection is opened again every
 * second until PostgreSQL answers; meanwhile nothing is heard, and the caches fall back on their own short lifetime.
 */
function listenOn(url: string, onConnectionError: ConnectionErrorListener): Database['listen'] {
  return async (channel, onNotify) => {
    let client: pg.Client | null = null;
    let stopped = false;
    const connect = async (): Promise<void> => {
      const next = new pg.Client({ connectionString: url, connectionTimeoutMillis: CONNECT_TIMEOUT_MS, keepAlive: true });
      let listening = false;
      let lost = false;
      // A terminated session reports twice (the server's message, then the socket's end): one retry per connection.
      const lose = (error: Error) => {
        if (lost) return;
        lost = true;
        void next.end().catch(() => undefined);
        // Only the loss of a working connection is news; attempts failing while PostgreSQL is away are not.
        if (listening && !stopped) onConnectionError(error);
        setTimeout(() => {
          if (!stopped) connect().catch(() => undefined);
        }, LISTEN_RETRY_MS).unref();
      };
      next.on('notification', (message) => message.channel === channel && onNotify());
      next.on('error', lose);
      try {
        await next.connect();
        await next.query(`LISTEN ${channel}`);
      } catch (error) {
        lose(error as Error);
        throw error;
      }
      // Stopped while this attempt was connecting: nobody is listening any more.
      if (stopped) return void (await next.end());
      listening = true;
      client = next;
      // Whatever changed while the connection was down may not have been heard.
      onNotify();
    };
    // The first connection is the caller's to have: an API that cannot LISTEN at start does not start.
    await connect().catch((error: unknown) => {
      stopped = true;
      throw error;
    });
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
 * `loadDataDir` (a `copyDataDir` tarball) when given. `statementTimeoutMs` limits each statement on the server's
 * connections (none by default: the tools' seeding and backups run as long as they need).
 */
export async function openDatabase(options: {
  url?: string;
  pgliteDir?: string;
  poolSize?: number;
  loadDataDir?: Blob;
  statementTimeoutMs?: number;
}): Promise<Database> {
  if (options.url) {
    const pool = new pg.Pool({
      connectionString: options.url,
      max: options.poolSize ?? 20,
      connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
      keepAlive: true,
      // Named statements (`preparedRows`: the catalogue's, an order's answer) keep one plan: PostgreSQL otherwise plans
      // each execution again when a parameter's value might matter, which cost more than running them (decision 0029).
      options: `-c plan_cache_mode=force_generic_plan${options.statementTimeoutMs ? ` -c statement_timeout=${options.statementTimeoutMs}` : ''}`,
    });
    const errorListeners = new Set<ConnectionErrorListener>();
    const reportConnectionError = (error: Error) => errorListeners.forEach((listener) => listener(error));
    // Without a listener, an idle connection the server ends (a restart, pg_terminate_backend) would be an unhandled
    // 'error' event and end the process. The pool drops that connection itself.
    pool.on('error', reportConnectionError);
    // `pool.end()` resolves before its connections have closed; closing waits for them too, so whoever drops the
    // database next (tests, the benchmark) never terminates a session that is still saying goodbye.
    const open = new Set<pg.PoolClient>();
    pool.on('connect', (client) => {
      open.add(client);
      client.once('end', () => open.delete(client));
      // A connection checked out (a transaction between statements) reports its loss on itself, not through the pool:
      // the statement that was using it fails with the error, and the pool drops it when it is released.
      client.on('error', () => undefined);
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
      listenOn(options.url, reportConnectionError),
      close,
    );
    return {
      ...database,
      onConnectionError: (listener) => {
        errorListeners.add(listener);
        return () => errorListeners.delete(listener);
      },
      poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    };
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
