/**
 * Once per test run, before any test file: one database migrated and seeded, which each file's own database then
 * starts from (src/test/database.ts). Building it afresh took most of a small file's time: PGlite's first start
 * (initdb inside WebAssembly), 40 migrations and the seed. On PostgreSQL it is a template database each file's
 * database is copied from; in PGlite, a tarball of its data directory each file's PGlite loads.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../db/client';
import { migrate } from '../db/migrate';
import { seedIfEmpty } from '../db/seed/run';
import { adminQuery, TEMPLATE_PREFIX } from './database';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The seeded database to start from: a PGlite tarball's path, or a PostgreSQL template database's name. */
    seededDatabase: { pgliteTarball: string } | { template: string };
  }
}

export default async function setup(project: TestProject) {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (serverUrl) {
    const template = `${TEMPLATE_PREFIX}${process.pid}`;
    await adminQuery(serverUrl, `DROP DATABASE IF EXISTS ${template}`);
    await adminQuery(serverUrl, `CREATE DATABASE ${template}`);
    const url = new URL(serverUrl);
    url.pathname = `/${template}`;
    const database = await openDatabase({ url: url.toString() });
    await migrate(database);
    await seedIfEmpty(database, {});
    // Copying needs the template without sessions.
    await database.close();
    project.provide('seededDatabase', { template });
    return () => adminQuery(serverUrl, `DROP DATABASE IF EXISTS ${template} WITH (FORCE)`);
  }
  const database = await openDatabase({});
  await migrate(database);
  await seedIfEmpty(database, {});
  const dir = mkdtempSync(path.join(os.tmpdir(), 'attar-test-seeded-'));
  const pgliteTarball = path.join(dir, 'seeded.tar.gz');
  writeFileSync(pgliteTarball, Buffer.from(await (await database.copyDataDir!()).arrayBuffer()));
  await database.close();
  project.provide('seededDatabase', { pgliteTarball });
  return () => rmSync(dir, { recursive: true, force: true });
}
