// The API half: list, detail and search against the API on PostgreSQL (as deployed, then with the micro-cache off:
// guests, signed-in shoppers, and two instances at once), then the list again from the node:http + pg baseline, one
// server at a time.
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
import { createShoppers, signedIn } from './shoppers.mjs';

export const LIST_PATH = '/api/products/?category_slug=eau-de-parfum&page_size=24';
export const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 32);
export const SEARCH_CONNECTIONS = Number(process.env.BENCH_SEARCH_CONNECTIONS ?? CONNECTIONS);
const TSX = `${ROOT}node_modules/.bin/tsx`;

export const GOALS = {
  rps: 2000,
  p99: 25,
  searchP95: 30,
  suggestionsP95: 30,
  baselineRatio: 0.6,
  orderP99: 50,
  // The database path, every request querying (micro-cache off, as for a signed-in shopper or a cache miss).
  uncachedListRps: 3000,
  uncachedSearchRps: 2500,
  uncachedP99: 25,
  uncachedBaselineRatio: 0.8,
  /** A signed-in shopper's list (favourites marked) at most this many times slower than a guest's, both uncached. */
  signedInFactor: 1.2,
  /** List and search p99 on the largest catalogue of the growth part at most this many times the smallest's. */
  growthFactor: 1.5,
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
      ALTCHA_HMAC_KEY: randomBytes(32).toString('hex'),
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

async function getText(url, headers = {}) {
  const response = await fetch(url, { headers });
  if (!response.ok) throw new Error(`GET ${url} answered ${response.status}`);
  return response.text();
}

const getJson = async (url, headers) => JSON.parse(await getText(url, headers));

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
export async function checkWorkload(origin, workload) {
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
 * The signed-in list: CONNECTIONS shoppers (shoppers.mjs), each with 3 to 5 favourites among the products of the
 * list's first page as `origin` answers it, every one checked to be marked in its shopper's answer. Returns the
 * scenario (the connections cycle through the shoppers' requests) and how many shoppers and favourites it has.
 */
async function prepareSignedInList(databaseUrl, origin) {
  const productIds = (await getJson(`${origin}${LIST_PATH}`)).results.map((product) => product.id);
  const shoppers = await createShoppers(databaseUrl, CONNECTIONS);
  const favourites = await query(
    databaseUrl,
    `INSERT INTO wish_list_entries (user_id, product_id)
     SELECT s.user_id, ($2::int[])[1 + (s.g::int * 5 + k) % cardinality($2::int[])]
     FROM unnest($1::int[]) WITH ORDINALITY s(user_id, g) CROSS JOIN generate_series(0, 4) k
     WHERE k < 3 + s.g % 3
     RETURNING user_id`,
    [shoppers.map((shopper) => shopper.userId), productIds],
  );
  for (const shopper of shoppers) {
    const expected = favourites.filter((favourite) => favourite.user_id === shopper.userId).length;
    const marked = (await getJson(`${origin}${LIST_PATH}`, signedIn(shopper))).results.filter((product) => product.isFavourite).length;
    if (marked !== expected) throw new Error(`a signed-in shopper's list marked ${marked} favourites, expected ${expected}`);
  }
  return {
    scenario: {
      requests: shoppers.map((shopper) => ({ method: 'GET', path: LIST_PATH, headers: signedIn(shopper) })),
      connections: CONNECTIONS,
    },
    shoppers: shoppers.length,
    favourites: favourites.length,
  };
}

/**
 * A second instance started beside `api` on the same database and settings; the scenarios of `runs` measured over
 * both at once, each given half the connections (as a balancer would spread them), into `scenarios` as
 * `<key>TwoInstances`.
 */
async function measureTwoInstances(databaseUrl, api, env, workload, runs, scenarios) {
  // One public address for both, as a fleet behind a balancer has: the baseline compares bodies, links included.
  const publicAddress = { PUBLIC_API_URL: api.env.PUBLIC_API_URL, PUBLIC_URL: api.env.PUBLIC_URL };
  const second = await startApi(databaseUrl, await freePort(8200), { ...env, ...publicAddress });
  await checkWorkload(second.origin, workload);
  for (const [key, scenario] of runs) {
    console.log(`  ${key}TwoInstances…`);
    scenarios[`${key}TwoInstances`] = await measure({ origins: [api.origin, second.origin], ...scenario });
  }
  await second.stop();
}

/**
 * The API twice: as deployed (guests' catalogue answers micro-cached), then with the micro-cache off
 * (`CATALOGUE_CACHE_MS=0`), so every request runs its SQL, like the baseline does; signed-in shoppers' lists (never
 * micro-cached) and two instances at once are measured in that mode.
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
  let signedInList;
  for (const mode of API_MODES) {
    const api = await startApi(databaseUrl, port, mode.env);
    ({ listCount } = await checkWorkload(api.origin, workload));
    apiListBody = await getText(`${api.origin}${LIST_PATH}`);
    console.log(
      `API ${mode.title}: list ${LIST_PATH} (${listCount} matching products); detail over ${detailPaths.length} slugs; searches ${workload.searches.map((s) => `"${s.text}" (${s.count})`).join(', ')}`,
    );
    const uncached = Boolean(mode.suffix);
    if (uncached) {
      signedInList = await prepareSignedInList(databaseUrl, api.origin);
      console.log(`Signed in: ${signedInList.shoppers} shoppers with ${signedInList.favourites} favourites on the list's first page.`);
    }
    const list = ['list', { paths: [LIST_PATH], connections: CONNECTIONS }];
    const search = ['search', { paths: searchPaths, connections: SEARCH_CONNECTIONS }];
    const runs = [
      list,
      ...(uncached ? [['listSignedIn', signedInList.scenario]] : []),
      ['detail', { paths: detailPaths, connections: CONNECTIONS }],
      search,
      ['suggestions', { paths: workload.suggestionPaths, connections: SEARCH_CONNECTIONS }],
      // One request at a time: a search's own latency, without queueing behind others (cached, it says nothing).
      ...(uncached
        ? [
            ['searchAlone', { paths: searchPaths, connections: 1 }],
            ['suggestionsAlone', { paths: workload.suggestionPaths, connections: 1 }],
          ]
        : []),
    ];
    for (const [key, scenario] of runs) {
      console.log(`  ${key}${mode.suffix}…`);
      scenarios[key + mode.suffix] = await measure({ origin: api.origin, ...scenario });
    }
    if (uncached) {
      const twoInstances = [list, search].map(([key, scenario]) => [key + mode.suffix, scenario]);
      await measureTwoInstances(databaseUrl, api, mode.env, workload, twoInstances, scenarios);
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
    signedIn: { shoppers: signedInList.shoppers, favourites: signedInList.favourites },
    orderedProducts: orders.productCount,
  };
}
