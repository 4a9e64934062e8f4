/**
 * Backups (docs/operations.md): a PostgreSQL server's database with pg_dump's custom format (one snapshot, so
 * consistent as of its start, taken while the shop runs) and pg_restore; the embedded database as PGlite's own tarball
 * of its data directory (taken by PGlite, never a file copy of a live directory). Uploaded pictures on local disk are
 * copied beside it; a bucket is backed up by its provider (versioning). Each backup carries a manifest with every
 * table's row count and a checksum of the orders, which a restore checks before it says it is done.
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { cp, mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import type { Database } from '../db/client';
import { oneRow } from '../db/one-row';

export type Manifest = {
  kind: Database['kind'];
  createdAt: string;
  tables: Record<string, number>;
  ordersChecksum: string;
  media: boolean;
};

const DATABASE_FILE = { postgres: 'database.dump', pglite: 'pglite.tar.gz' } as const;

/** Runs SQL text and answers its rows: a Database's `executeSql`, or a connection of a transaction of our own. */
type Query = (text: string) => Promise<{ rows: unknown[] }>;

/** Every table of the shop's schema (and the job queue's) with its number of rows. */
export async function tableCounts(query: Query): Promise<Record<string, number>> {
  const { rows: tables } = await query(`
    SELECT quote_ident(table_schema) || '.' || quote_ident(table_name) AS name FROM information_schema.tables
    WHERE table_schema IN ('public', 'pgboss') AND table_type = 'BASE TABLE' ORDER BY 1`);
  const counts: Record<string, number> = {};
  for (const { name } of tables as { name: string }[]) {
    const { rows } = await query(`SELECT count(*)::int AS n FROM ${name}`);
    counts[name] = (rows[0] as { n: number }).n;
  }
  return counts;
}

/** An MD5 over every order row in id order: the table the shop's accounts rest on, compared field by field. */
export async function ordersChecksum(query: Query): Promise<string> {
  const { rows } = await query(`SELECT md5(string_agg(o::text, E'\\n' ORDER BY o.id)) AS sum FROM orders o`);
  return (rows[0] as { sum: string | null }).sum ?? 'no orders';
}

function run(command: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'inherit', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${command} exited with ${code}: ${stderr.trim()}`))));
  });
}

/**
 * Writes a backup of `database` (opened on `url` when it is a PostgreSQL server) into the new folder `out`, with the
 * pictures of `mediaDir` when they are on local disk.
 */
export async function writeBackup(options: { database: Database; url?: string; out: string; mediaDir?: string }): Promise<Manifest> {
  const { database, out } = options;
  if (existsSync(out)) throw new Error(`${out} already exists: a backup goes into a new folder`);
  await mkdir(out, { recursive: true });
  const file = path.join(out, DATABASE_FILE[database.kind]);
  const describe = async (query: Query): Promise<Manifest> => ({
    kind: database.kind,
    createdAt: new Date().toISOString(),
    tables: await tableCounts(query),
    ordersChecksum: await ordersChecksum(query),
    media: false,
  });
  let manifest: Manifest;
  if (database.kind === 'postgres') {
    if (!options.url) throw new Error('a PostgreSQL backup needs the database URL');
    manifest = await dumpPostgres(options.url, file, describe);
  } else {
    // The embedded database has one user, this process (the shop is stopped: openDatabase holds its lock).
    if (!database.copyDataDir) throw new Error('this database cannot copy its data directory');
    manifest = await describe(database.executeSql);
    await writeFile(file, Buffer.from(await (await database.copyDataDir()).arrayBuffer()));
  }
  if (options.mediaDir && existsSync(options.mediaDir)) {
    await cp(options.mediaDir, path.join(out, 'media'), { recursive: true });
    manifest.media = true;
  }
  await writeFile(path.join(out, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  return manifest;
}

/**
 * pg_dump from a snapshot exported by a transaction of our own, which counts the rows in that same snapshot: the
 * manifest describes exactly what the dump holds, however busy the shop is meanwhile.
 */
async function dumpPostgres(url: string, file: string, describe: (query: Query) => Promise<Manifest>): Promise<Manifest> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
    const { rows } = await client.query<{ snapshot: string }>('SELECT pg_export_snapshot() AS snapshot');
    const manifest = await describe((text) => client.query(text));
    await run('pg_dump', [
      '--format=custom',
      '--no-owner',
      '--no-privileges',
      `--snapshot=${oneRow(rows).snapshot}`,
      `--file=${file}`,
      `--dbname=${url}`,
    ]);
    await client.query('COMMIT');
    return manifest;
  } finally {
    await client.end();
  }
}

export async function readManifest(folder: string): Promise<Manifest> {
  return JSON.parse(await readFile(path.join(folder, 'manifest.json'), 'utf8')) as Manifest;
}

/** Loads a PostgreSQL backup into the database at `url` (an empty one, or one whose objects it replaces). */
export async function restorePostgres(folder: string, url: string): Promise<void> {
  await run('pg_restore', [
    '--clean',
    '--if-exists',
    '--no-owner',
    '--no-privileges',
    '--single-transaction',
    '--exit-on-error',
    `--dbname=${url}`,
    path.join(folder, DATABASE_FILE.postgres),
  ]);
}

/** The embedded backup's tarball, for `openDatabase({ pgliteDir, loadDataDir })`. */
export async function pgliteTarball(folder: string): Promise<Blob> {
  return new Blob([await readFile(path.join(folder, DATABASE_FILE.pglite))]);
}

/** Copies a backup's pictures back into `mediaDir` (files of the same name are replaced, others left). */
export async function restoreMedia(folder: string, mediaDir: string): Promise<void> {
  await cp(path.join(folder, 'media'), mediaDir, { recursive: true });
}

/** What differs between a backup's manifest and the database it was restored into; empty when they match. */
export async function compareWithManifest(database: Database, manifest: Manifest): Promise<string[]> {
  const counts = await tableCounts(database.executeSql);
  const problems: string[] = [];
  for (const name of new Set([...Object.keys(manifest.tables), ...Object.keys(counts)])) {
    if (manifest.tables[name] !== counts[name])
      problems.push(`${name}: ${manifest.tables[name] ?? 'absent'} in the backup, ${counts[name] ?? 'absent'} restored`);
  }
  const checksum = await ordersChecksum(database.executeSql);
  if (checksum !== manifest.ordersChecksum)
    problems.push(`orders checksum: ${manifest.ordersChecksum} in the backup, ${checksum} restored`);
  return problems;
}
