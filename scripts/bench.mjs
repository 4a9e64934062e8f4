// `npm run bench`: API throughput and latency on PostgreSQL with 10,000 products (against a minimal node:http + pg
// baseline), and Lighthouse on the storefront; prints the figures and records them in docs/benchmarks.md.
// `npm run bench -- --api-only` / `-- --web-only` runs one half. See docs/benchmarks.md for the method.
// Settings (environment): BENCH_DATABASE_URL (the PostgreSQL server), BENCH_WARMUP and BENCH_DURATION (seconds per
// scenario, 2 and 10), BENCH_REPEAT (measured runs per scenario, the fastest kept; 1), BENCH_CONNECTIONS (32),
// BENCH_SEARCH_CONNECTIONS (as BENCH_CONNECTIONS), BENCH_ORDER_CONNECTIONS (shoppers placing orders at once; 100),
// BENCH_ORDER_SHOPPERS_PER_SECOND (shoppers created per second of order load, more than the API can serve; 1000),
// BENCH_ORDER_RATE (the paced order run's arrival rate, orders per second over all its shoppers; 100),
// BENCH_LIGHTHOUSE_RUNS (audits per page; 5), BENCH_CHROME_FLAGS (Chromium flags added for a comparison audit, named in
// the report; none).
import { benchApi } from './bench/api-bench.mjs';
import { createBenchDatabase, seedBenchDatabase, serverVersion } from './bench/database.mjs';
import { cleanUp, settledLoadAverage } from './bench/processes.mjs';
import { BENCHMARKS_FILE, machineInfo, printApi, printWeb, writeBenchmarks } from './bench/report.mjs';
import { benchWeb } from './bench/web-bench.mjs';

const PRODUCTS = 10_000;
const args = new Set(process.argv.slice(2));
const unknown = [...args].filter((a) => a !== '--api-only' && a !== '--web-only');
if (unknown.length || (args.has('--api-only') && args.has('--web-only'))) {
  console.error('usage: npm run bench [-- --api-only | --web-only]');
  process.exit(2);
}
const runApi = !args.has('--web-only');
const runWeb = !args.has('--api-only');

const runStarted = Date.now();
try {
  const machine = machineInfo(await serverVersion());
  const database = await createBenchDatabase();
  const productCount = await seedBenchDatabase(database.url, PRODUCTS);

  let api;
  if (runApi) {
    // Measured once the seeding's load has passed; the date and load average are those of that moment.
    const half = { loadAverage: await settledLoadAverage(), date: new Date() };
    api = { ...(await benchApi(database.url)), ...half, productCount };
    printApi(api);
  }
  let web;
  if (runWeb) {
    // The storefront's half builds before it audits, and reports the load average when its audits start.
    web = { date: new Date(), ...(await benchWeb(database.url)) };
    printWeb(web);
  }
  await database.drop();
  writeBenchmarks({ api, web, machine });
  console.log(`Recorded in ${BENCHMARKS_FILE} (${((Date.now() - runStarted) / 1000).toFixed(0)} s in all).`);
} catch (error) {
  console.error(`bench failed: ${error.stack ?? error}`);
  process.exitCode = 1;
} finally {
  await cleanUp();
}
