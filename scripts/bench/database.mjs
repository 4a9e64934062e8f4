// The benchmark's own PostgreSQL database: created fresh, filled by the API's seed command, dropped at the end.
import { randomBytes } from 'node:crypto';
import { run } from '../lib.mjs';
import { pg } from './pg.mjs';
import { onCleanup } from './processes.mjs';

export const SERVER_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

/** The server refused a connection for now: all its connection slots are taken (other tests share the server). */
const SLOTS_FULL = '53300';

/** Connects to `url`, trying again for up to 10 s while the server has no connection slot free. */
async function connect(url) {
  for (let attempt = 1; ; attempt++) {
    const client = new pg.Client({ connectionString: url });
    try {
      await client.connect();
      return client;
    } catch (error) {
      if (error.code !== SLOTS_FULL || attempt === 20) throw error;
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  }
}

/** Runs one statement on a short-lived connection and returns its rows. */
export async function query(url, text, values = []) {
  const client = await connect(url);
  try {
    return (await client.query(text, values)).rows;
  } finally {
    await client.end();
  }
}

/** Creates `attar_bench_<random>` on the server; it is dropped at clean-up (or by the returned `drop`). */
export async function createBenchDatabase() {
  const name = `attar_bench_${randomBytes(5).toString('hex')}`;
  await query(SERVER_URL, `CREATE DATABASE ${name}`);
  const url = new URL(SERVER_URL);
  url.pathname = `/${name}`;
  const drop = onCleanup(`drop database ${name}`, async () => {
    await query(SERVER_URL, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    console.log(`Dropped database ${name}.`);
  });
  console.log(`Created database ${name}.`);
  return { name, url: url.toString(), drop };
}

/** Migrations, the seed catalogue and synthetic products up to `products`, by the API's own seed command. */
export async function seedBenchDatabase(url, products) {
  const started = Date.now();
  run('npm', ['run', 'seed', '-w', '@attar/api', '--', '--products', String(products)], { env: { DATABASE_URL: url } });
  // Fresh bulk data: gather the planner statistics now, as autovacuum would shortly after such a load.
  await query(url, 'VACUUM ANALYZE');
  const [{ n }] = await query(url, 'SELECT count(*)::int AS n FROM products WHERE is_published');
  if (n < products) throw new Error(`the seed left ${n} published products, expected ${products}`);
  console.log(`Seeded ${n} published products in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
  return n;
}

export async function serverVersion() {
  const [{ server_version: version }] = await query(SERVER_URL, 'SHOW server_version');
  return `PostgreSQL ${version}`;
}
