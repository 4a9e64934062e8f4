// Growth: the API's list and search with the micro-cache off on catalogues of different sizes (BENCH_GROWTH_SIZES,
// 1,000 and 100,000 products), each in a database of its own seeded as the API part's, one at a time.
import { checkWorkload, CONNECTIONS, LIST_PATH, sampleWorkload, SEARCH_CONNECTIONS, startApi } from './api-bench.mjs';
import { createBenchDatabase, seedBenchDatabase } from './database.mjs';
import { measure } from './load.mjs';
import { freePort, settledLoadAverage } from './processes.mjs';

/** The sizes the goal names: it compares 100,000 products with 1,000. */
export const DEFAULT_GROWTH_SIZES = [1000, 100_000];
/** The catalogue sizes measured, smallest first; the goal compares the largest with the smallest. */
export const GROWTH_SIZES = process.env.BENCH_GROWTH_SIZES
  ? process.env.BENCH_GROWTH_SIZES.split(',')
      .map(Number)
      .sort((a, b) => a - b)
  : DEFAULT_GROWTH_SIZES;

/** One catalogue size: seeded, then the uncached list and search measured on the API started on it; dropped after. */
async function benchSize(products) {
  const database = await createBenchDatabase();
  const productCount = await seedBenchDatabase(database.url, products);
  const workload = await sampleWorkload(database.url);
  const api = await startApi(database.url, await freePort(8200), { CATALOGUE_CACHE_MS: '0' });
  // Measured once the seeding's load has passed.
  const measuredAt = { loadAverage: await settledLoadAverage(), date: new Date() };
  const { listCount } = await checkWorkload(api.origin, workload);
  console.log(
    `${productCount} products, micro-cache off: list ${LIST_PATH} (${listCount} matching); searches ${workload.searches.map((s) => `"${s.text}" (${s.count})`).join(', ')}`,
  );
  console.log('  list…');
  const list = await measure({ origin: api.origin, paths: [LIST_PATH], connections: CONNECTIONS });
  console.log('  search…');
  const search = await measure({ origin: api.origin, paths: workload.searches.map((s) => s.path), connections: SEARCH_CONNECTIONS });
  await api.stop();
  await database.drop();
  return { productCount, listCount, searches: workload.searches, list, search, ...measuredAt };
}

export async function benchGrowth() {
  if (GROWTH_SIZES.length < 2 || GROWTH_SIZES.some((n) => !Number.isInteger(n) || n <= 0)) {
    throw new Error(`BENCH_GROWTH_SIZES must name two or more catalogue sizes (numbers of products): ${GROWTH_SIZES.join(',')}`);
  }
  const sizes = [];
  for (const products of GROWTH_SIZES) sizes.push(await benchSize(products));
  return {
    sizes,
    connections: CONNECTIONS,
    searchConnections: SEARCH_CONNECTIONS,
    date: sizes[0].date,
    loadAverage: Math.max(...sizes.map((size) => size.loadAverage)),
  };
}
