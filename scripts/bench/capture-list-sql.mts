/**
 * Prints, as JSON, the SQL text and parameters the API's catalogue service sends to PostgreSQL for one product
 * list URL (argv[2], e.g. `/api/products/?category_slug=eau-de-parfum&page_size=24`) in its steady state, once its
 * instance knows the list's count and holds the page's documents, so the baseline server can replay exactly that
 * query; with what the instance keeps that the statement then does not answer: the count, and the page (its
 * `results`) with the statement's `items` naming its documents at their revisions.
 * Run with tsx, DATABASE_URL and PUBLIC_API_URL set as for the API under test.
 */
import { createRequire } from 'node:module';
import { ProductListQuery } from '@attar/contract';
import { DocumentCache } from '../../apps/api/src/catalog/document-cache';
import { ListingMemo } from '../../apps/api/src/catalog/listing-memo';
import { listProducts } from '../../apps/api/src/catalog/service';
import { loadConfig } from '../../apps/api/src/config';
import { openDatabase } from '../../apps/api/src/db/client';

/**
 * `name` is set when the API runs the statement as a named prepared statement; the baseline then does too. `rows`
 * are its answer, once it came.
 */
type Captured = { text: string; values: unknown[]; name?: string; rows?: Record<string, unknown>[] };

// The `pg` the API's database client loads; its Pool.query is where drizzle hands over text and values.
const pg = createRequire(new URL('../../apps/api/src/db/client.ts', import.meta.url))('pg') as typeof import('pg');
const captured: Captured[] = [];
const originalQuery = pg.Pool.prototype.query;
pg.Pool.prototype.query = function (this: unknown, config: unknown, values?: unknown) {
  const { text, name } = typeof config === 'string' ? { text: config, name: undefined } : (config as { text: string; name?: string });
  const entry: Captured = { text, name, values: (values as unknown[]) ?? (config as { values?: unknown[] }).values ?? [] };
  captured.push(entry);
  const answer = (originalQuery as (...args: unknown[]) => unknown).call(this, config, values);
  // Its own branch: a failure still reaches the caller through `answer`, and is not also left unhandled here.
  if (answer instanceof Promise)
    answer.then(
      (result: { rows: Record<string, unknown>[] }) => (entry.rows = result.rows),
      () => undefined,
    );
  return answer;
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
  // Twice with one memo and document cache, as the API's instance keeps them: the first call counts the list and
  // reads the page's documents, the second is the steady state the baseline replays (its statement answers `count`
  // NULL while the catalogue's version stands).
  const mediaBase = `${config.publicUrl}/media/`;
  const context = { database, mediaBase, userId: null, memo: new ListingMemo(), documents: new DocumentCache(mediaBase), tokenCheck: null };
  const first = await listProducts(context, locale, query);
  const firstStatements = captured.splice(0).length;
  const second = await listProducts(context, locale, query);
  if (captured.length !== 1)
    throw new Error(`expected the list's second call to run one query, it ran ${captured.length} (the first ran ${firstStatements})`);
  if (second.count !== first.count || second.resultsJson !== first.resultsJson) throw new Error('the two calls answered different pages');
  const [statement] = captured;
  const row = statement!.rows?.[0];
  if (!row) throw new Error('the list statement answered no row');
  // When the statement names the page's documents (`items`) rather than answering them, the page is what is held.
  const held = 'items' in row ? { items: row.items, results: second.resultsJson } : {};
  const { rows: _rows, ...replayed } = statement!;
  process.stdout.write(`${JSON.stringify({ ...replayed, pageSize: query.page_size, page: query.page, count: first.count, ...held })}\n`);
} finally {
  await database.close();
}
