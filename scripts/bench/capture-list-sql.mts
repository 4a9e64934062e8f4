/**
 * Prints, as JSON, the SQL text and parameters the API's catalogue service sends to PostgreSQL for one product
 * list URL (argv[2], e.g. `/api/products/?category_slug=eau-de-parfum&page_size=24`), so the baseline server can
 * replay exactly that query. Run with tsx, DATABASE_URL and PUBLIC_API_URL set as for the API under test.
 */
import { createRequire } from 'node:module';
import { ProductListQuery } from '@attar/contract';
import { listProducts } from '../../apps/api/src/catalog/service';
import { loadConfig } from '../../apps/api/src/config';
import { openDatabase } from '../../apps/api/src/db/client';

/** `name` is set when the API runs the statement as a named prepared statement; the baseline then does too. */
type Captured = { text: string; values: unknown[]; name?: string };

// The `pg` the API's database client loads; its Pool.query is where drizzle hands over text and values.
const pg = createRequire(new URL('../../apps/api/src/db/client.ts', import.meta.url))('pg') as typeof import('pg');
const captured: Captured[] = [];
const originalQuery = pg.Pool.prototype.query;
pg.Pool.prototype.query = function (this: unknown, config: unknown, values?: unknown) {
  const { text, name } = typeof config === 'string' ? { text: config, name: undefined } : (config as { text: string; name?: string });
  captured.push({ text, name, values: (values as unknown[]) ?? (config as { values?: unknown[] }).values ?? [] });
  return (originalQuery as (...args: unknown[]) => unknown).call(this, config, values);
} as typeof pg.Pool.prototype.query;

const target = process.argv[2];
if (!target) throw new Error('usage: capture-list-sql.mts <product list path with query>');
const config = loadConfig();
if (!config.databaseUrl) throw new Error('DATABASE_URL must name the PostgreSQL database the API uses');

const params = Object.fromEntries(new URL(target, config.publicUrl).searchParams);
const query = ProductListQuery.parse(params);
const locale = params.lang === 'ar' ? 'ar' : 'en';
const database = await openDatabase({ url: config.databaseUrl });
try {
  const page = await listProducts({ database, mediaBase: `${config.publicUrl}/media/` }, locale, query);
  if (captured.length !== 1) throw new Error(`expected the list to run one query, it ran ${captured.length}`);
  process.stdout.write(`${JSON.stringify({ ...captured[0], pageSize: query.page_size, page: query.page, count: page.count })}\n`);
} finally {
  await database.close();
}
