// The storefront half: `next build` + `next start` against the API, then Lighthouse (mobile defaults) on the
// home page, the product list and a product page in both languages.
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { ensureChromium, ROOT, run } from '../lib.mjs';
import { query } from './database.mjs';
import { startApi } from './api-bench.mjs';
import { freePort, startServer } from './processes.mjs';

export const WEB_GOALS = { score: 95, firstLoadJsKb: 150 };

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

/** One Lighthouse run in a fresh Chromium: category scores (0–100) and the gzipped JavaScript transferred. */
async function audit(chromePath, url) {
  const chrome = await chromeLauncher.launch({ chromePath, chromeFlags: CHROME_FLAGS });
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
    return {
      performance: score('performance'),
      accessibility: score('accessibility'),
      jsKb: scripts.reduce((sum, r) => sum + (r.transferSize ?? 0), 0) / 1024,
      scripts: scripts.length,
      lcpMs: lhr.audits['largest-contentful-paint']?.numericValue,
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

/** Builds and serves the storefront, audits its pages; `{ notMeasured }` when it cannot be built. */
export async function benchWeb(databaseUrl) {
  const chromePath = ensureChromium();
  const api = await startApi(databaseUrl, await freePort(8210));
  const webEnv = { API_INTERNAL_URL: api.origin, NEXT_TELEMETRY_DISABLED: '1', NODE_ENV: 'production' };
  try {
    run('npm', ['run', 'build', '-w', '@attar/web'], { env: webEnv });
  } catch (error) {
    await api.stop();
    return { notMeasured: `the storefront does not build (${error.message})` };
  }
  const webPort = await freePort(3200);
  const origin = `http://127.0.0.1:${webPort}`;
  const web = await startServer('web', 'npx', ['next', 'start', '-p', String(webPort), '-H', '127.0.0.1'], {
    env: webEnv,
    cwd: `${ROOT}apps/web`,
    readyUrl: `${origin}/`,
    timeoutMs: 120_000,
  });
  const [{ slug }] = await query(databaseUrl, 'SELECT slug FROM products WHERE is_published AND stock > 0 ORDER BY id LIMIT 1');
  const paths = ['/', '/fragrances', `/fragrances/${slug}`].flatMap((path) => [path, `/ar${path === '/' ? '' : path}`]);
  const pages = [];
  for (const path of paths) {
    // A first visit renders and caches the page on the server, as any visited page would be in production.
    await fetch(`${origin}${path}`);
    console.log(`Lighthouse (mobile): ${path}`);
    pages.push({ path, ...(await audit(chromePath, `${origin}${path}`)) });
  }
  await web.stop();
  await api.stop();
  return { pages, lighthouseVersion: pages[0].lighthouseVersion };
}
