import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../db/client';
import { useTestApp } from '../test/app';
import { orderFixtures } from '../test/orders';
import { compareWithManifest, ordersChecksum, pgliteTarball, restorePostgres, tableCounts, writeBackup } from './backup';

const t = useTestApp();
const fixtures = orderFixtures(t);
const folders: string[] = [];
const scratch = () => {
  const folder = mkdtempSync(path.join(os.tmpdir(), 'attar-backup-test-'));
  folders.push(folder);
  return folder;
};
afterAll(() => folders.forEach((folder) => rmSync(folder, { recursive: true, force: true })));

/** A database of its own on the test's server, dropped afterwards. */
async function emptyServerDatabase(serverUrl: string) {
  const name = `attar_restore_${randomBytes(6).toString('hex')}`;
  const admin = async (text: string) => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    await client.query(text).finally(() => client.end());
  };
  await admin(`CREATE DATABASE ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}

describe('backup and restore', () => {
  let restored: Database;
  let dropRestored = async () => {};
  let manifest: Awaited<ReturnType<typeof writeBackup>>;

  beforeAll(async () => {
    for (const units of [1, 2]) {
      const shopper = await fixtures.shopperWithAddress();
      await shopper.post('/api/cart-products/', { product: await fixtures.productWithStock(5), quantity: units });
      expect((await fixtures.order(shopper, { address: shopper.addressId, payment_method: 'cod' })).statusCode).toBe(201);
    }
    const folder = path.join(scratch(), 'backup');
    manifest = await writeBackup({ database: t.db.database, url: t.db.url, out: folder, mediaDir: t.config.mediaDir });
    const serverUrl = process.env.TEST_DATABASE_URL;
    if (serverUrl) {
      const target = await emptyServerDatabase(serverUrl);
      await restorePostgres(folder, target.url);
      restored = await openDatabase({ url: target.url, poolSize: 2 });
      dropRestored = target.drop;
    } else {
      restored = await openDatabase({ loadDataDir: await pgliteTarball(folder) });
    }
  }, 120_000);
  afterAll(async () => {
    await restored?.close();
    await dropRestored();
  });

  it('gives back every table with as many rows, and the orders field for field', async () => {
    expect(manifest.tables['public.orders']).toBeGreaterThanOrEqual(2);
    expect(await tableCounts(restored.executeSql)).toEqual(await tableCounts(t.db.database.executeSql));
    expect(await ordersChecksum(restored.executeSql)).toBe(await ordersChecksum(t.db.database.executeSql));
    expect(await compareWithManifest(restored, manifest)).toEqual([]);
  });

  it('names what differs when a restored database is not the backup', async () => {
    await restored.rows(sql`UPDATE orders SET notes = 'changed after the backup' WHERE id = (SELECT min(id) FROM orders)`);
    await restored.rows(sql`DELETE FROM search_terms WHERE term = (SELECT min(term) FROM search_terms)`);
    const problems = await compareWithManifest(restored, manifest);
    expect(problems).toHaveLength(2);
    expect(problems.join('\n')).toMatch(/public\.search_terms: \d+ in the backup, \d+ restored/);
    expect(problems.join('\n')).toMatch(/orders checksum/);
  });

  it('refuses a folder that already exists, so no backup is ever overwritten', async () => {
    await expect(writeBackup({ database: t.db.database, url: t.db.url, out: scratch() })).rejects.toThrow(/already exists/);
  });
});

describe('the embedded database directory', () => {
  it('opens in one process at a time, and again once closed', async () => {
    const dir = path.join(scratch(), 'pglite');
    const first = await openDatabase({ pgliteDir: dir });
    // The same process counts as its holder; another's pid in the lock file is what refuses.
    const lockFile = `${dir}.lock`;
    writeFileSync(lockFile, String(process.ppid));
    await expect(openDatabase({ pgliteDir: dir })).rejects.toThrow(/open in process/);
    writeFileSync(lockFile, String(process.pid));
    await first.close();
    const again = await openDatabase({ pgliteDir: dir });
    await again.close();
  });
});
