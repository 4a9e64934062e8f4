// `npm run bench`: API throughput and latency on PostgreSQL with 10,000 products (against a minimal node:http + pg
// baseline), the uncached list and search as the catalogue grows (1,000 and 100,000 products), the back office's orders board over 100,000 orders and its first-load JavaScript, the reports dashboard
// over 100,000 orders of its own, Lighthouse on the storefront, and how soon order messages are sent; prints the figures and records them in
// docs/benchmarks.md.
// `npm run bench -- --api-only` / `-- --growth-only` / `-- --admin-only` / `-- --reports-only` / `-- --web-only` /
// `-- --messages-only` runs one part. See docs/benchmarks.md for the method.
// Settings (environment): BENCH_DATABASE_URL (the PostgreSQL server), BENCH_WARMUP and BENCH_DURATION (seconds per
// scenario, 2 and 10), BENCH_REPEAT (measured runs per scenario, the fastest kept; 1), BENCH_CONNECTIONS (32),
// BENCH_SEARCH_CONNECTIONS (as BENCH_CONNECTIONS), BENCH_GROWTH_SIZES (the growth part's catalogue sizes, comma-separated;
// 1000,100000), BENCH_ORDER_CONNECTIONS (shoppers placing orders at once; 100),
// BENCH_ORDER_SHOPPERS_PER_SECOND (shoppers created per second of order load, more than the API can serve; 1000),
// BENCH_ORDER_RATE (the paced order run's arrival rate, orders per second over all its shoppers; 100),
// BENCH_BOARD_CONNECTIONS (staff asking the board at once; 2), BENCH_BOARD_RUNS (measured runs per board scenario; 3),
// BENCH_REPORTS_CONNECTIONS (managers asking the dashboard at once; 2), BENCH_REPORTS_RUNS (measured runs; 5),
// BENCH_LIGHTHOUSE_RUNS (audits per page; 5), BENCH_CHROME_FLAGS (Chromium flags added for a comparison audit, named in
// the report; none), BENCH_MESSAGE_RATE and BENCH_MESSAGE_SECONDS (the messages part's orders a second, and for how long;
// 20 and 60).
import { run } from './lib.mjs';
import { benchApi } from './bench/api-bench.mjs';
import { createBenchDatabase, seedBenchDatabase, serverVersion } from './bench/database.mjs';
import { cleanUp, settledLoadAverage } from './bench/processes.mjs';
import { benchBoard } from './bench/board-bench.mjs';
import { benchReports } from './bench/reports-bench.mjs';
import { benchImport } from './bench/catalogue-bench.mjs';
import { benchGrowth } from './bench/growth-bench.mjs';
import { benchMessages } from './bench/messages-bench.mjs';
import {
  BENCHMARKS_FILE,
  machineInfo,
  printApi,
  printBoard,
  printGrowth,
  printMessages,
  printReports,
  printWeb,
  writeBenchmarks,
} from './bench/report.mjs';
import { benchWeb } from './bench/web-bench.mjs';

const PRODUCTS = 10_000;
const args = process.argv.slice(2);
const only = args.map((a) => /^--(api|growth|admin|reports|web|messages)-only$/.exec(a)?.[1]);
if (only.some((part) => !part) || only.length > 1) {
  console.error('usage: npm run bench [-- --api-only | --growth-only | --admin-only | --reports-only | --web-only | --messages-only]');
  process.exit(2);
}
const runs = (part) => !only.length || only[0] === part;

const runStarted = Date.now();
try {
  const machine = machineInfo(await serverVersion());
  // The API runs as production runs it: built into JavaScript (apps/api/scripts/build.mjs).
  run('npm', ['run', 'build', '-w', '@attar/api']);
  // Every part but growth (which seeds databases of its own) works on the 10,000 products.
  const database = ['api', 'admin', 'reports', 'web', 'messages'].some(runs) ? await createBenchDatabase() : undefined;
  const productCount = database && (await seedBenchDatabase(database.url, PRODUCTS));

  let api;
  if (runs('api')) {
    // Measured once the seeding's load has passed; the date and load average are those of that moment.
    const half = { loadAverage: await settledLoadAverage(), date: new Date() };
    api = { ...(await benchApi(database.url)), ...half, productCount };
    printApi(api);
  }
  let growth;
  if (runs('growth')) {
    growth = await benchGrowth();
    printGrowth(growth);
  }
  let admin;
  if (runs('admin')) {
    // After the API's runs: the board's orders join the ones the order scenario placed, up to 100,000.
    const measuredAt = { loadAverage: await settledLoadAverage(), date: new Date() };
    admin = { ...(await benchBoard(database.url)), catalogueImport: await benchImport(database.url), ...measuredAt };
    printBoard(admin);
  }
  let reports;
  if (runs('reports')) {
    // Its own 100,000 orders (sizes, payments, refunds, promotions, points), added to whatever the board left.
    const measuredAt = { loadAverage: await settledLoadAverage(), date: new Date() };
    reports = { ...(await benchReports(database.url)), ...measuredAt };
    printReports(reports);
  }
  let web;
  if (runs('web')) {
    // The storefront's half builds before it audits, and reports the load average when its audits start.
    web = { date: new Date(), ...(await benchWeb(database.url)) };
    printWeb(web);
  }
  let messages;
  if (runs('messages')) {
    const measuredAt = { loadAverage: await settledLoadAverage(), date: new Date() };
    messages = { ...(await benchMessages(database.url)), ...measuredAt };
    printMessages(messages);
  }
  await database?.drop();
  writeBenchmarks({ api, growth, admin, reports, web, messages, machine });
  console.log(`Recorded in ${BENCHMARKS_FILE} (${((Date.now() - runStarted) / 1000).toFixed(0)} s in all).`);
} catch (error) {
  console.error(`bench failed: ${error.stack ?? error}`);
  process.exitCode = 1;
} finally {
  await cleanUp();
}
