// The storefront half: `next build` + `next start` against the API, then Lighthouse (mobile defaults) on the
// home page, the product list and a product page in both languages, and the first-load JavaScript of every route.
import { execFileSync } from 'node:child_process';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { ensureChromium, ROOT, run } from '../lib.mjs';
import { query } from './database.mjs';
import { bodyBytes } from './load.mjs';
import { startApi } from './api-bench.mjs';
import { measureFreshness } from './catalogue-bench.mjs';
import { freePort, settledLoadAverage, startServer } from './processes.mjs';

export const WEB_GOALS = { score: 95, firstLoadJsKb: 150 };

/** Lighthouse runs per page; the run with the median performance score is reported (scores vary from run to run). */
const LIGHTHOUSE_RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 5);

const CHROME_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/**
 * Chromium flags added for a comparison run, space-separated (e.g. `--disable-features=PaintHolding`, see
 * docs/decisions/0007-lighthouse-on-this-machine.md). The report names them, so such a run is never taken for the standard one.
 */
const EXTRA_CHROME_FLAGS = (process.env.BENCH_CHROME_FLAGS ?? '').split(/\s+/).filter(Boolean);

/** The browser's full version ("156.0.8078.79"); its user agent gives only the major one. */
function chromiumVersion(chromePath) {
  try {
    return execFileSync(chromePath, ['--version'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).match(/\d+(?:\.\d+){3}/)?.[0];
  } catch {
    return undefined;
  }
}

/** One Lighthouse run in a fresh Chromium: category scores (0–100) and the gzipped JavaScript transferred. */
async function audit(chromePath, url) {
  const chrome = await chromeLauncher.launch({ chromePath, chromeFlags: [...CHROME_FLAGS, ...EXTRA_CHROME_FLAGS] });
  try {
    const { lhr } = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility'],
    });
    if (lhr.runtimeError) throw new Error(`${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
    const requests = lhr.audits['network-requests'].details?.items ?? [];
    const scripts = requests.filter((r) => r.resourceType === 'Script');
    const score = (category) => (lhr.categories[category].score === null ? NaN : Math.round(lhr.categories[category].score * 100));
    const observed = lhr.audits.metrics.details?.items?.[0] ?? {};
    return {
      performance: score('performance'),
      accessibility: score('accessibility'),
      // Everything the page fetched while audited, including chunks loaded after the first load and HTTP headers.
      auditJsKb: scripts.reduce((sum, r) => sum + (r.transferSize ?? 0), 0) / 1024,
      largestScripts: [...scripts]
        .sort((a, b) => b.transferSize - a.transferSize)
        .slice(0, 5)
        .map((r) => `${new URL(r.url).pathname.split('/').pop()} ${(r.transferSize / 1024).toFixed(1)} kB`),
      fcpMs: lhr.audits['first-contentful-paint'].numericValue,
      lcpMs: lhr.audits['largest-contentful-paint'].numericValue,
      tbtMs: lhr.audits['total-blocking-time'].numericValue,
      cls: lhr.audits['cumulative-layout-shift'].numericValue,
      // What the unthrottled browser really did. A server-rendered page paints before its load event; a first paint
      // after it was held by the browser (docs/decisions/0007), and Lighthouse then counts every script that ran
      // before that paint into its simulated paints.
      firstPaintHeld: observed.observedFirstContentfulPaint > observed.observedLoad,
      // Lighthouse's own measure of the machine's speed (higher is faster); its CPU throttling assumes a fixed factor.
      benchmarkIndex: lhr.environment.benchmarkIndex,
      // What Lighthouse says would save the most time, for whoever has to act on a low score.
      opportunities: Object.values(lhr.audits)
        .filter((a) => a.details?.type === 'opportunity' && a.score !== null && a.score < 1 && (a.details.overallSavingsMs ?? 0) >= 100)
        .sort((a, b) => b.details.overallSavingsMs - a.details.overallSavingsMs)
        .slice(0, 3)
        .map((a) => `${a.title} (~${Math.round(a.details.overallSavingsMs)} ms)`),
      failedAccessibility: Object.values(lhr.categories.accessibility.auditRefs)
        .map((ref) => lhr.audits[ref.id])
        .filter((a) => a.score !== null && a.score < 1 && a.scoreDisplayMode === 'binary')
        .map((a) => a.id),
      warnings: lhr.runWarnings,
      lighthouseVersion: lhr.lighthouseVersion,
    };
  } finally {
    chrome.kill();
  }
}

/** The median run by performance score, with every run's score. */
async function medianAudit(chromePath, url) {
  const runs = [];
  for (let run = 0; run < LIGHTHOUSE_RUNS; run++) runs.push(await audit(chromePath, url));
  runs.sort((a, b) => a.performance - b.performance);
  return {
    ...runs[Math.floor(runs.length / 2)],
    runScores: runs.map((r) => r.performance),
    heldRuns: runs.filter((r) => r.firstPaintHeld).length,
    benchmarkIndexes: runs.map((r) => r.benchmarkIndex),
  };
}

/**
 * First-load JavaScript of a route: every script its HTML makes every browser fetch before the page is interactive,
 * gzipped as `next start` serves them. That is the `<script src>` tags and the chunks the page's React Server
 * Components payload (inlined in the same HTML) names for its client components; a page's first, uncached render
 * names some chunks only there. `noModule` scripts are for browsers without modules, which no current browser
 * fetches. Chunks a page imports later (on idle, on first use) are not first load; the audit column shows everything
 * fetched while audited.
 */
async function firstLoadJs(origin, path) {
  const html = await expectPage(`${origin}${path}`);
  const noModule = new Set(
    [...html.matchAll(/<script\b([^>]*)>/g)]
      .map(([, attributes]) => attributes)
      .filter((attributes) => /\bnoModule\b/i.test(attributes))
      .map((attributes) => /\bsrc="([^"]+)"/.exec(attributes)?.[1]),
  );
  const sources = new Set(
    [...html.matchAll(/\/_next\/static\/chunks\/[\w.-]+\.js/g)].map(([source]) => source).filter((source) => !noModule.has(source)),
  );
  let bytes = 0;
  for (const source of sources) bytes += await bodyBytes(new URL(source, origin).toString(), 'gzip');
  return { path, jsKb: bytes / 1024, scripts: sources.size };
}

/** Fetches a page as a browser would (cookies kept across redirects); throws unless it ends in a 200. */
async function expectPage(url) {
  const cookies = new Map();
  let current = url;
  for (let hop = 0; hop <= 10; hop++) {
    const cookie = [...cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    const response = await fetch(current, { redirect: 'manual', headers: cookie ? { cookie } : {} });
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const eq = pair.indexOf('=');
      cookies.set(pair.slice(0, eq).trim(), pair.slice(eq + 1).trim());
    }
    const location = response.headers.get('location');
    if (response.status >= 300 && response.status < 400 && location) {
      current = new URL(location, current).toString();
      continue;
    }
    if (response.status !== 200) throw new Error(`answers ${response.status}`);
    return response.text();
  }
  throw new Error(`redirects more than 10 times (last to ${current})`);
}

/** Builds and serves the storefront, audits its pages; `{ notMeasured }` when it cannot be built. */
export async function benchWeb(databaseUrl) {
  const chromePath = ensureChromium();
  const api = await startApi(databaseUrl, await freePort(8210));
  // A build folder of its own: the bench's build points at its own API and must not replace the developer's `.next`.
  const webEnv = { API_INTERNAL_URL: api.origin, NEXT_TELEMETRY_DISABLED: '1', NODE_ENV: 'production', NEXT_DIST_DIR: '.next-bench' };
  try {
    run('npm', ['run', 'build', '-w', '@attar/web'], { env: webEnv });
  } catch (error) {
    await api.stop();
    return { notMeasured: `the storefront does not build (${error.message})`, loadAverage: await settledLoadAverage(0) };
  }
  const webPort = await freePort(3200);
  const origin = `http://127.0.0.1:${webPort}`;
  // The storefront's own server, as `npm start` runs it (apps/web/src/server/index.ts).
  const web = await startServer('web', `${ROOT}node_modules/.bin/tsx`, ['src/server/index.ts'], {
    // Quiet, as the API runs here: a line per request would be written while the audits measure.
    env: { ...webEnv, PORT: String(webPort), PUBLIC_URL: origin, LOG_LEVEL: 'warn' },
    cwd: `${ROOT}apps/web`,
    // A static file: the server is up whatever state the pages are in.
    readyUrl: `${origin}/robots.txt`,
    timeoutMs: 120_000,
  });
  const [{ slug }] = await query(databaseUrl, 'SELECT slug FROM products WHERE is_published AND stock > 0 ORDER BY id LIMIT 1');
  const [{ slug: offerSlug }] = await query(databaseUrl, 'SELECT slug FROM offers ORDER BY id LIMIT 1');
  const paths = ['/', '/fragrances', `/fragrances/${slug}`].flatMap((path) => [path, `/ar${path === '/' ? '' : path}`]);
  // The build has just used both cores; Lighthouse's simulated throttling scales whatever the CPU was busy with.
  const loadAverage = await settledLoadAverage();
  const pages = [];
  for (const path of paths) {
    console.log(`Lighthouse (mobile, ${LIGHTHOUSE_RUNS} runs): ${path}`);
    try {
      // A first visit renders and caches the page on the server, as any visited page would be in production.
      await expectPage(`${origin}${path}`);
      const page = { path, ...(await medianAudit(chromePath, `${origin}${path}`)) };
      console.log(
        `  performance ${page.performance} (runs ${page.runScores.join('/')}), accessibility ${page.accessibility}, ` +
          `first paint held in ${page.heldRuns} of ${LIGHTHOUSE_RUNS} runs, fetched while audited: ${page.largestScripts.join(', ')}`,
      );
      pages.push(page);
    } catch (error) {
      console.error(`${path}: ${error.message}`);
      pages.push({ path, error: error.message });
    }
  }
  // Every route the shop has (the JavaScript is the same in both languages).
  const routePaths = [
    '/',
    '/fragrances',
    `/fragrances/${slug}`,
    '/bullet',
    '/new',
    '/offers',
    `/offers/${offerSlug}`,
    '/about',
    '/bag',
    '/favourite',
    '/login',
    '/profile',
    '/checkout',
  ];
  const routes = [];
  for (const path of routePaths) {
    try {
      routes.push(await firstLoadJs(origin, path));
    } catch (error) {
      routes.push({ path, error: error.message });
    }
  }
  const freshness = await measureFreshness(databaseUrl, api, origin).catch((error) => ({ error: error.message }));
  await web.stop();
  await api.stop();
  const audited = pages.filter((p) => !p.error);
  return {
    loadAverage,
    pages,
    routes,
    freshness,
    lighthouseRuns: LIGHTHOUSE_RUNS,
    lighthouseVersion: audited[0]?.lighthouseVersion,
    browser: chromiumVersion(chromePath),
    extraChromeFlags: EXTRA_CHROME_FLAGS,
    benchmarkIndexes: audited.flatMap((p) => p.benchmarkIndexes),
  };
}
