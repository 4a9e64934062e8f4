/**
 * `npm run backup [-- --out <folder>]` and `npm run restore -- <folder> [--replace]`, on the database the API's settings
 * name (DATABASE_URL, or the embedded one under DATA_DIR) and its local pictures (MEDIA_DIR). See docs/operations.md.
 */
import { existsSync, readdirSync, renameSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig, REPO_ROOT } from '../config';
import { openDatabase } from '../db/client';
import { compareWithManifest, pgliteTarball, readManifest, restoreMedia, restorePostgres, writeBackup } from './backup';

const [command, ...rest] = process.argv.slice(2);
const { values, positionals } = parseArgs({
  args: rest,
  allowPositionals: true,
  options: { out: { type: 'string' }, replace: { type: 'boolean', default: false } },
});
const config = loadConfig();
const stamp = new Date().toISOString().replace(/[:.]/g, '-');

async function backup() {
  const out = path.resolve(values.out ?? path.join(REPO_ROOT, 'backups', `attar-${stamp}`));
  const database = await openDatabase({ url: config.databaseUrl, pgliteDir: config.pgliteDir, poolSize: 2 });
  try {
    const manifest = await writeBackup({ database, url: config.databaseUrl, out, mediaDir: config.mediaDir });
    const rows = Object.values(manifest.tables).reduce((sum, n) => sum + n, 0);
    console.log(
      `Backed up ${Object.keys(manifest.tables).length} tables (${rows} rows)${manifest.media ? ' and the pictures' : ''} to ${out}`,
    );
  } finally {
    await database.close();
  }
}

async function restore() {
  const folder = positionals[0];
  if (!folder) throw new Error('Name the backup folder: npm run restore -- <folder> [--replace]');
  const manifest = await readManifest(folder);
  const kind = config.databaseUrl ? 'postgres' : 'pglite';
  if (manifest.kind !== kind) throw new Error(`This is a backup of a ${manifest.kind} database; the settings name a ${kind} one.`);
  let database;
  if (config.databaseUrl) {
    database = await openDatabase({ url: config.databaseUrl, poolSize: 2 });
    const [{ shop }] = (await database.executeSql(`SELECT to_regclass('public.orders') IS NOT NULL AS shop`)).rows as [{ shop: boolean }];
    await database.close();
    if (shop && !values.replace) throw new Error('The database already holds a shop: add --replace to overwrite it.');
    await restorePostgres(folder, config.databaseUrl);
    database = await openDatabase({ url: config.databaseUrl, poolSize: 2 });
  } else {
    const dir = config.pgliteDir;
    if (existsSync(dir) && readdirSync(dir).length > 0) {
      if (!values.replace) throw new Error(`${dir} already holds a shop: add --replace to set it aside and restore.`);
      // Taking the lock first refuses while the shop runs; the old directory is kept, never deleted.
      await (await openDatabase({ pgliteDir: dir })).close();
      renameSync(dir, `${dir}.replaced-${stamp}`);
      console.log(`The database that was there is kept in ${dir}.replaced-${stamp}`);
    }
    database = await openDatabase({ pgliteDir: dir, loadDataDir: await pgliteTarball(folder) });
  }
  try {
    if (manifest.media) await restoreMedia(folder, config.mediaDir);
    const problems = await compareWithManifest(database, manifest);
    if (problems.length) throw new Error(`The restored database differs from the backup:\n  ${problems.join('\n  ')}`);
    console.log(`Restored ${folder}: every table's row count and the orders' checksum match the backup.`);
  } finally {
    await database.close();
  }
}

try {
  if (command === 'backup') await backup();
  else if (command === 'restore') await restore();
  else throw new Error('Usage: backup-cli.ts backup [--out <folder>] | restore <folder> [--replace]');
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}
