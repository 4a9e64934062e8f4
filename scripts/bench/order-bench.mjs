// The order-placement scenario: signed-in shoppers, each with a saved address and a filled cart, POST
// `/api/orders/` (cash on delivery), BENCH_ORDER_CONNECTIONS at once. Every order empties its shopper's cart, so each
// request takes a fresh shopper from a pool created in SQL beforehand (shoppers.mjs); the benched products get stock for all of them.
import http from 'node:http';
import { query } from './database.mjs';
import { LOAD, percentile } from './load.mjs';
import { createShoppers, signedIn } from './shoppers.mjs';

export const ORDER_PATH = '/api/orders/';
export const ORDER_CONNECTIONS = Number(process.env.BENCH_ORDER_CONNECTIONS ?? 100);
/** Products the carts are filled from (two lines each), so concurrent orders sometimes update the same stock rows. */
const ORDERED_PRODUCTS = 200;
export const LINES_PER_CART = 2;
/** Shoppers created per second of load: more than the API can place, so the pool never runs dry within a run. */
const SHOPPERS_PER_SECOND = Number(process.env.BENCH_ORDER_SHOPPERS_PER_SECOND ?? 1000);
/**
 * The paced run's arrival rate: orders from the 100 shoppers arrive evenly at this many a second in all (each of them
 * ordering about once a second, far beyond a fragrance shop's peak), so the latency is what a shopper waits.
 */
export const ORDER_RATE = Number(process.env.BENCH_ORDER_RATE ?? 100);

/**
 * Creates `count` signed-in shoppers (shoppers.mjs), then, one statement each table, a saved address and a cart of
 * `LINES_PER_CART` products (each in its default size) for every one. Returns `{ userId, token, addressId }` per shopper.
 */
async function createOrderingShoppers(databaseUrl, count, productIds) {
  const shoppers = await createShoppers(databaseUrl, count);
  const userIds = shoppers.map((shopper) => shopper.userId);
  const [city] = await query(databaseUrl, 'SELECT id, region_id FROM cities ORDER BY id LIMIT 1');
  const addresses = await query(
    databaseUrl,
    `INSERT INTO addresses (user_id, name, phone, region_id, city_id, street, is_default)
     SELECT user_id, 'Bench shopper', '+201000000000', $2, $3, '1 Benchmark Street', true FROM unnest($1::int[]) user_id
     RETURNING id, user_id`,
    [userIds, city.region_id, city.id],
  );
  await query(
    databaseUrl,
    `INSERT INTO cart_product_lines (user_id, product_id, variant_id, quantity)
     SELECT s.user_id, v.product_id, v.id, 1
     FROM unnest($1::int[]) WITH ORDINALITY s(user_id, g) CROSS JOIN generate_series(0, ${LINES_PER_CART - 1}) line
     JOIN product_variants v ON v.is_default AND v.product_id = ($2::int[])[1 + (s.g::int * ${LINES_PER_CART} + line) % cardinality($2::int[])]`,
    [userIds, productIds],
  );
  const addressOf = new Map(addresses.map((a) => [a.user_id, a.id]));
  return shoppers.map((shopper) => ({ ...shopper, addressId: addressOf.get(shopper.userId) }));
}

/**
 * Prepares the order scenario on the bench database: stock for every order on the benched products, then shoppers
 * for `seconds` of orders (by default the warm-up and every measured run). Returns the `measure` options: one request whose every send takes the next
 * shopper, and how many sends are left.
 */
export async function prepareOrders(
  databaseUrl,
  ordersPerSecond = SHOPPERS_PER_SECOND,
  seconds = LOAD.warmupSeconds + LOAD.durationSeconds * LOAD.repeat,
) {
  const products = await query(databaseUrl, 'SELECT id FROM products WHERE is_published ORDER BY random() LIMIT $1', [ORDERED_PRODUCTS]);
  const productIds = products.map((p) => p.id);
  const count = Math.ceil(Math.min(ordersPerSecond * 1.5, SHOPPERS_PER_SECOND) * seconds) + ORDER_CONNECTIONS;
  // Each shopper orders one of each line; every product appears in at most this many carts.
  await query(databaseUrl, 'UPDATE product_variants SET stock = stock + $2 WHERE is_default AND product_id = ANY($1::int[])', [
    productIds,
    count * LINES_PER_CART,
  ]);
  const started = Date.now();
  const shoppers = await createOrderingShoppers(databaseUrl, count, productIds);
  console.log(
    `Created ${shoppers.length} shoppers with an address and ${LINES_PER_CART} cart lines each (${((Date.now() - started) / 1000).toFixed(1)} s).`,
  );
  let next = 0;
  const request = {
    method: 'POST',
    path: ORDER_PATH,
    headers: { 'content-type': 'application/json' },
    // Called by autocannon before every send on a connection.
    setupRequest: (req) => {
      const shopper = shoppers[Math.min(next++, shoppers.length - 1)];
      return {
        ...req,
        headers: { ...req.headers, ...signedIn(shopper) },
        body: JSON.stringify({ address: shopper.addressId, payment_method: 'cod' }),
      };
    },
  };
  return {
    /** The next shopper's order: headers and body. */
    nextOrder: () => {
      const built = request.setupRequest({ headers: request.headers });
      return { headers: built.headers, body: built.body };
    },
    requests: [request],
    connections: ORDER_CONNECTIONS,
    // autocannon builds one request per connection ahead of the next send: keep that many shoppers spare.
    remaining: () => shoppers.length - next - ORDER_CONNECTIONS,
    productCount: productIds.length,
  };
}

/** One POST of an order on the shared keep-alive agent: its status and how long the shopper waited (ms). */
function sendOrder(origin, agent, { headers, body }) {
  return new Promise((resolve) => {
    const started = performance.now();
    const request = http.request(
      `${origin}${ORDER_PATH}`,
      { method: 'POST', agent, headers: { ...headers, 'content-length': Buffer.byteLength(body) } },
      (response) => {
        let bytes = 0;
        response.on('data', (chunk) => (bytes += chunk.length));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, ms: performance.now() - started, bytes }));
      },
    );
    request.on('error', () => resolve({ status: 0, ms: performance.now() - started, bytes: 0 }));
    request.end(body);
  });
}

/**
 * Orders arriving evenly at `rate` a second from up to ORDER_CONNECTIONS shoppers' connections at once (an open
 * loop: a slow answer does not hold the next order back), for `seconds`. Same figures as `measure` keeps.
 */
export async function pacedRun(origin, orders, rate, seconds) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: ORDER_CONNECTIONS });
  const total = Math.round(rate * seconds);
  const sent = [];
  const started = performance.now();
  for (let i = 0; i < total; i++) {
    const due = started + (i * 1000) / rate;
    const wait = due - performance.now();
    if (wait > 1) await new Promise((resolve) => setTimeout(resolve, wait));
    sent.push(sendOrder(origin, agent, orders.nextOrder()));
  }
  const results = await Promise.all(sent);
  const elapsed = (performance.now() - started) / 1000;
  agent.destroy();
  const ok = results.filter((r) => r.status >= 200 && r.status < 300);
  const sorted = Float64Array.from(ok.map((r) => r.ms)).sort();
  return {
    connections: ORDER_CONNECTIONS,
    requests: results.length,
    rps: results.length / elapsed,
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    p99: percentile(sorted, 99),
    failures: results.length - ok.length,
    bytesPerResponse: ok.length ? ok.reduce((sum, r) => sum + r.bytes, 0) / ok.length : 0,
  };
}

/** Warm-up, then the measured paced run (the orders use up shoppers, so one run). */
export async function measurePacedOrders(origin, orders, rate) {
  await pacedRun(origin, orders, rate, LOAD.warmupSeconds);
  return pacedRun(origin, orders, rate, LOAD.durationSeconds);
}
