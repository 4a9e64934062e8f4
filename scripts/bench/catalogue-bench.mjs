// The back office's catalogue: a 10,000-line price and stock import (sent, checked, applied) on PostgreSQL with the
// bench's 10,000 products, and how soon an edited price is served, by a second API instance and by the storefront.
import { startApi } from './api-bench.mjs';
import { query } from './database.mjs';
import { freePort } from './processes.mjs';
import { signInStaff, staffFetch } from './staff.mjs';

export const CATALOGUE_GOALS = { importSeconds: 30, freshSeconds: 3 };
export const IMPORT_LINES = 10_000;
const IMPORT_RUNS = 3;
const FRESH_RUNS = 5;

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Sends `csv` as an import, follows it to its preview and applies it (decision 0052): the import as it ended. */
async function importFile(session, origin, csv) {
  const started = await staffFetch(session, `${origin}/api/staff/products/imports/?file_name=bench.csv`, {
    method: 'POST',
    headers: { 'content-type': 'text/csv' },
    body: csv,
  });
  if (started.status !== 202) throw new Error(`the import answered ${started.status}: ${await started.text()}`);
  let state = await started.json();
  while (state.status === 'validating' || state.status === 'applying') {
    await sleep(100);
    state = await (await staffFetch(session, `${origin}/api/staff/products/imports/${state.id}/`)).json();
  }
  if (state.status !== 'previewed') return state;
  const applied = await staffFetch(session, `${origin}/api/staff/products/imports/${state.id}/apply/`, { method: 'POST' });
  if (applied.status !== 200) throw new Error(`applying the import answered ${applied.status}: ${await applied.text()}`);
  return applied.json();
}

/** IMPORT_RUNS imports of 10,000 `sku,price,stock` lines (every line a change), timed from sending to applied. */
export async function benchImport(databaseUrl) {
  const api = await startApi(databaseUrl, await freePort(8230));
  try {
    const session = await signInStaff(databaseUrl, api.origin, 'manager');
    const sizes = await query(databaseUrl, `SELECT sku, price_piastres, stock FROM product_variants ORDER BY id LIMIT ${IMPORT_LINES}`);
    if (sizes.length < IMPORT_LINES) throw new Error(`only ${sizes.length} sizes to import`);
    const seconds = [];
    for (let run = 1; run <= IMPORT_RUNS; run++) {
      const lines = sizes.map((size) => `${size.sku},${((size.price_piastres + run * 100) / 100).toFixed(2)},${size.stock + run}`);
      const began = performance.now();
      const state = await importFile(session, api.origin, `sku,price,stock\n${lines.join('\n')}\n`);
      const took = (performance.now() - began) / 1000;
      if (state.status !== 'applied' || state.updated !== IMPORT_LINES)
        throw new Error(`the import ended ${JSON.stringify(state).slice(0, 300)}`);
      console.log(`Import of ${IMPORT_LINES} lines, run ${run}: ${took.toFixed(1)} s`);
      seconds.push(took);
    }
    return { lines: IMPORT_LINES, seconds, median: median(seconds) };
  } finally {
    await api.stop();
  }
}

/**
 * An edited price, FRESH_RUNS times: a manager saves a new price through a second API instance (`editor`), and the
 * time from the save's answer until the first instance's API (`api`) and the storefront (`webOrigin`, served by that
 * instance) show it, each asked every 50 ms and warmed (cached) before the save.
 */
export async function measureFreshness(databaseUrl, api, webOrigin) {
  const editor = await startApi(databaseUrl, await freePort(8240));
  try {
    const session = await signInStaff(databaseUrl, editor.origin, 'manager');
    const [{ id, slug }] = await query(
      databaseUrl,
      'SELECT id, slug FROM products WHERE is_published AND stock > 0 ORDER BY id OFFSET 7 LIMIT 1',
    );
    const runs = [];
    for (let run = 1; run <= FRESH_RUNS; run++) {
      const product = await (await staffFetch(session, `${editor.origin}/api/staff/products/${id}/`)).json();
      const { id: _id, created_at: _c, updated_at: _u, state: _s, publish_at: _p, image_mobile: _i, images: _m, ...fields } = product;
      const size = product.sizes.find((each) => each.is_default);
      const price = Math.floor(size.price) + run;
      const apiUrl = `${api.origin}/api/products/${slug}/`;
      const pageUrl = `${webOrigin}/fragrances/${slug}`;
      // Both cached before the edit, as a visited page is.
      await fetch(apiUrl);
      await fetch(pageUrl);
      const saved = await staffFetch(session, `${editor.origin}/api/staff/products/${id}/`, {
        method: 'PUT',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          ...fields,
          sizes: product.sizes.map(({ ml: _ml, stock: _st, ...each }) => ({ ...each, price: each.id === size.id ? price : each.price })),
        }),
      });
      if (!saved.ok) throw new Error(`the save answered ${saved.status}: ${await saved.text()}`);
      const savedAt = performance.now();
      const until = async (check) => {
        while (performance.now() - savedAt < 15_000) {
          if (await check()) return (performance.now() - savedAt) / 1000;
          await sleep(50);
        }
        return null;
      };
      const [apiSeconds, webSeconds] = await Promise.all([
        until(async () => (await (await fetch(apiUrl)).json()).price === price),
        // The page's structured data names each size's price.
        until(async () => (await (await fetch(pageUrl)).text()).includes(`"sku":"${size.sku}","price":${price}`)),
      ]);
      console.log(
        `Edited price, run ${run}: the other API instance ${apiSeconds?.toFixed(2) ?? '> 15'} s, the storefront ${webSeconds?.toFixed(2) ?? '> 15'} s`,
      );
      runs.push({ api: apiSeconds, web: webSeconds });
    }
    const seen = (key) => runs.map((each) => each[key] ?? Infinity);
    return { runs, apiMedian: median(seen('api')), webMedian: median(seen('web')), webMax: Math.max(...seen('web')) };
  } finally {
    await editor.stop();
  }
}
