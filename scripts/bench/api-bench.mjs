// The API half: list, detail and search against the API on PostgreSQL, then the list again from the
// node:http + pg baseline, one server at a time.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { ROOT } from '../lib.mjs';
import { query } from './database.mjs';
import { startDeliverySinks } from './delivery-sinks.mjs';
import { LOAD, measure } from './load.mjs';
import { measurePacedOrders, ORDER_PATH, ORDER_RATE, prepareOrders } from './order-bench.mjs';
import { freePort, onCleanup, startServer } from './processes.mjs';

export const LIST_PATH = '/api/products/?category_slug=eau-de-parfum&page_size=24';
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 32);
const SEARCH_CONNECTIONS = Number(process.env.BENCH_SEARCH_CONNECTIONS ?? CONNECTIONS);
const TSX = `${ROOT}node_modules/.bin/tsx`;

export const GOALS = {
  rps: 2000,
  p99: 25,
  searchP95: 30,
  suggestionsP95: 30,
  baselineRatio: 0.6,
  orderP99: 50,
};

/** One secret for the run's API processes (production refuses to start without one; docs/decisions/0008). */
const SECRET_KEY = randomBytes(32).toString('hex');
let deliverySinks;

/**
 * The API's environment for a database and port: production mode with every setting it requires (a secret made up
 * for the run, cash on delivery only, mail and SMS to the run's sinks), quiet log, loopback only.
 */
export async function apiEnv(databaseUrl, port) {
  deliverySinks ??= startDeliverySinks();
  const origin = `http://127.0.0.1:${port}`;
  return {
    origin,
    env: {
      DATABASE_URL: databaseUrl,
      API_PORT: String(port),
      API_HOST: '127.0.0.1',
      PUBLIC_API_URL: origin,
      PUBLIC_URL: origin,
      SECRET_KEY,
      CARD_PAYMENTS: 'off',
      ...(await deliverySinks),
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
    },
  };
}

/**
 * Starts the API as `npm start -w @attar/api` does in production (the built dist/server.js; bench.mjs builds it first),
 * without npm and sh in between, so a stop signal reaches it once; resolves once it answers its health check.
 */
export async function startApi(databaseUrl, port, extraEnv = {}) {
  const { origin, env } = await apiEnv(databaseUrl, port);
  const server = await startServer('api', process.execPath, ['scripts/start.mjs'], {
    env: { ...env, ...extraEnv },
    cwd: `${ROOT}apps/api`,
    readyUrl: `${origin}/api/health/`,
  });
  return { ...server, origin, env };
}

async function getText(url) {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`GET ${url} answered ${response.status}`);
  return response.text();
}

const getJson = async (url) => JSON.parse(await getText(url));

/** A typo a shopper makes: the middle letter of a word replaced by another (Latin or Arabic, like the word). */
function withTypo(word) {
  const i = Math.floor(word.length / 2);
  const [usual, other] = /[\u0600-\u06FF]/.test(word) ? ['ت', 'ن'] : ['e', 'a'];
  return word.slice(0, i) + (word[i].toLowerCase() === usual ? other : usual) + word.slice(i + 1);
}

const longestWord = (text) => text.split(/\s+/).sort((a, b) => b.length - a.length)[0];

/**
 * What the benchmark asks for, taken from the seeded data: slugs for the detail pages, and searches in English and
 * Arabic as shoppers type them: names, notes, a word's start, words with a typo, names written with another form of
 * alef or taa marbuta.
 */
export async function sampleWorkload(databaseUrl) {
  const slugs = (await query(databaseUrl, 'SELECT slug FROM products WHERE is_published ORDER BY random() LIMIT 50')).map((r) => r.slug);
  // The hand-written seed catalogue comes first; its names are the ones shoppers type.
  const products = await query(databaseUrl, 'SELECT name_en, name_ar FROM products WHERE is_published ORDER BY id LIMIT 60');
  const notes = await query(databaseUrl, 'SELECT name_en, name_ar FROM notes WHERE length(name_en) >= 6 ORDER BY id LIMIT 3');
  const englishWord = products.flatMap((p) => p.name_en.split(/\s+/)).find((w) => /^[A-Za-z]{6,}$/.test(w));
  const variantSource = products.find((p) => /[أإآ]/.test(p.name_ar)) ?? products.find((p) => /ة/.test(p.name_ar));
  const searches = [
    { label: 'English name', text: products[0].name_en, lang: 'en' },
    { label: 'English note', text: notes[0].name_en, lang: 'en' },
    { label: 'English note', text: notes[1].name_en, lang: 'en' },
    { label: 'English word start', text: englishWord.slice(0, 4).toLowerCase(), lang: 'en' },
    { label: 'English typo', text: withTypo(englishWord), lang: 'en' },
    { label: 'English typo', text: withTypo(notes[2].name_en.toLowerCase()), lang: 'en' },
    { label: 'Arabic name', text: products[1].name_ar, lang: 'ar' },
    { label: 'Arabic note', text: notes[1].name_ar, lang: 'ar' },
    { label: 'Arabic note', text: notes[2].name_ar, lang: 'ar' },
    { label: 'Arabic typo', text: withTypo(longestWord(notes[0].name_ar)), lang: 'ar' },
    { label: 'Arabic letter variant', text: variantSource.name_ar.replace(/[أإآ]/g, 'ا').replace(/ة/g, 'ه'), lang: 'ar' },
  ];
  for (const search of searches) {
    search.path = `/api/products/?search=${encodeURIComponent(search.text)}&page_size=24${search.lang === 'ar' ? '&lang=ar' : ''}`;
  }
  // The search box asks as each letter is typed: every prefix of two letters or more of the searches above.
  const suggestionPaths = searches.flatMap((search) =>
    Array.from({ length: Math.max(0, Math.min(search.text.length, 8) - 1) }, (_, index) => search.text.slice(0, index + 2))
      .filter((prefix) => prefix.trim().length >= 2)
      .map((prefix) => `/api/products/suggestions/?search=${encodeURIComponent(prefix)}${search.lang === 'ar' ? '&lang=ar' : ''}`),
  );
  return { slugs, searches, suggestionPaths };
}

/** Checks every URL the load will hit answers 200, and records how many products each search finds. */
async function checkWorkload(origin, workload) {
  const list = await getJson(`${origin}${LIST_PATH}`);
  if (list.results.length !== 24) throw new Error(`the list answered ${list.results.length} products, expected 24`);
  for (const slug of workload.slugs) await getText(`${origin}/api/products/${slug}/`);
  for (const search of workload.searches) search.count = (await getJson(`${origin}${search.path}`)).count;
  for (const suggestionPath of workload.suggestionPaths) await getJson(`${origin}${suggestionPath}`);
  return { listCount: list.count };
}

/** The SQL text and parameters the API runs for LIST_PATH, written to a file for the baseline. */
function captureListSql(env, directory) {
  const result = spawnSync(TSX, [`${ROOT}scripts/bench/capture-list-sql.mts`, LIST_PATH], {
    cwd: `${ROOT}apps/api`,
    env: { ...process.env, ...env },
    encoding: 'utf8',
  });
  if (result.status !== 0) throw new Error(`capturing the list SQL failed:\n${result.stderr}`);
  const file = path.join(directory, 'list-sql.json');
  writeFileSync(file, result.stdout);
  return file;
}

/**
 * The API twice: as deployed (guests' catalogue answers micro-cached, the figures the goals are about), then with
 * the micro-cache off (`CATALOGUE_CACHE_MS=0`), so every request runs its SQL, like the baseline does.
 */
const API_MODES = [
  { suffix: '', env: {}, title: 'as deployed' },
  { suffix: 'Uncached', env: { CATALOGUE_CACHE_MS: '0' }, title: 'micro-cache off, every request queries PostgreSQL' },
];

export async function benchApi(databaseUrl) {
  const workload = await sampleWorkload(databaseUrl);
  const port = await freePort(8200);
  console.log(`Load: ${LOAD.warmupSeconds} s warm-up + ${LOAD.durationSeconds} s measured per scenario, ${CONNECTIONS} connections.`);
  const detailPaths = workload.slugs.map((slug) => `/api/products/${slug}/`);
  const searchPaths = workload.searches.map((s) => s.path);

  const scenarios = {};
  let apiListBody;
  let listCount;
  for (const mode of API_MODES) {
    const api = await startApi(databaseUrl, port, mode.env);
    ({ listCount } = await checkWorkload(api.origin, workload));
    apiListBody = await getText(`${api.origin}${LIST_PATH}`);
    console.log(
      `API ${mode.title}: list ${LIST_PATH} (${listCount} matching products); detail over ${detailPaths.length} slugs; searches ${workload.searches.map((s) => `"${s.text}" (${s.count})`).join(', ')}`,
    );
    const runs = [
      ['list', [LIST_PATH], CONNECTIONS],
      ['detail', detailPaths, CONNECTIONS],
      ['search', searchPaths, SEARCH_CONNECTIONS],
      ['suggestions', workload.suggestionPaths, SEARCH_CONNECTIONS],
      // One request at a time: a search's own latency, without queueing behind others (cached, it says nothing).
      ...(mode.suffix
        ? [
            ['searchAlone', searchPaths, 1],
            ['suggestionsAlone', workload.suggestionPaths, 1],
          ]
        : []),
    ];
    for (const [key, paths, connections] of runs) {
      console.log(`  ${key}${mode.suffix}…`);
      scenarios[key + mode.suffix] = await measure({ origin: api.origin, paths, connections });
    }
    await api.stop();
  }

  // The baseline runs alone, after the API has stopped.
  const directory = mkdtempSync(path.join(os.tmpdir(), 'attar-bench-'));
  onCleanup('remove captured SQL', () => rmSync(directory, { recursive: true, force: true }));
  const { origin: apiOrigin, env } = await apiEnv(databaseUrl, port);
  const sqlFile = captureListSql(env, directory);
  const baselinePort = await freePort(8300);
  const baselineOrigin = `http://127.0.0.1:${baselinePort}`;
  const baseline = await startServer('baseline', process.execPath, [`${ROOT}scripts/bench/baseline-server.mjs`, sqlFile], {
    env: { DATABASE_URL: databaseUrl, BASELINE_PORT: String(baselinePort), PUBLIC_API_URL: apiOrigin },
    readyUrl: `${baselineOrigin}${LIST_PATH}`,
  });
  const baselineBody = await getText(`${baselineOrigin}${LIST_PATH}`);
  if (baselineBody !== apiListBody) throw new Error('the baseline answers a different body than the API for the list');
  console.log('Baseline (node:http + pg, same SQL, identical body): list…');
  scenarios.baseline = await measure({ origin: baselineOrigin, paths: [LIST_PATH], connections: CONNECTIONS });
  await baseline.stop();

  // Orders last, on the API as deployed: they change stock (the baseline compares bodies with the API's), and the
  // order messages they queue are sent by the API's worker, which must not weigh on the catalogue runs.
  const paced = await prepareOrders(databaseUrl, ORDER_RATE);
  const orders = await prepareOrders(databaseUrl);
  const api = await startApi(databaseUrl, port);
  console.log(
    `Orders: ${paced.connections} signed-in shoppers POST ${ORDER_PATH} at ${ORDER_RATE} orders/s (cash on delivery, carts over ${paced.productCount} products)…`,
  );
  scenarios.ordersPaced = await measurePacedOrders(api.origin, paced, ORDER_RATE);
  console.log(`Orders: ${orders.connections} signed-in shoppers at once, each sending the next order as soon as one is placed…`);
  scenarios.orders = await measure({ origin: api.origin, ...orders });
  await api.stop();

  return {
    scenarios,
    workload,
    listCount,
    connections: CONNECTIONS,
    searchConnections: SEARCH_CONNECTIONS,
    orderedProducts: orders.productCount,
  };
}
