// The reports' half: the back office's dashboard (`GET /api/staff/reports/dashboard/`) over 100,000 orders of its own
// on PostgreSQL, as a signed-in manager asks for it.
import { startApi } from './api-bench.mjs';
import { LOAD, measure, medianRun } from './load.mjs';
import { pg } from './pg.mjs';
import { freePort } from './processes.mjs';
import { signInStaff } from './staff.mjs';

export const REPORT_ORDERS = 100_000;
export const REPORTS_GOALS = { p99: 200 };
/** Managers asking at once, each again the moment an answer arrives (the dashboard is read, not polled). */
export const REPORTS_CONNECTIONS = Number(process.env.BENCH_REPORTS_CONNECTIONS ?? 2);
/** Measured runs per scenario: the median run's figures are checked, the spread shown. */
export const REPORTS_RUNS = Number(process.env.BENCH_REPORTS_RUNS ?? 5);
const DASHBOARD = '/api/staff/reports/dashboard/';
const DAYS = 180;

/**
 * Adds REPORT_ORDERS orders in SQL, spread over 180 days (a sixth of them in the last 30), oldest first: two lines
 * each over the catalogue's sizes (a few sizes selling most, as they do), a third paid online with their payments (one
 * in a hundred for another amount, one in two hundred never paid, cancelled ones refunded through the gateway, some of
 * those refunds failed), a promotion on one in ten, statuses as their age makes them, refunds of delivered orders
 * (whole orders and single units), and 20,000 accounts holding points.
 */
async function seedReportOrders(databaseUrl) {
  const started = Date.now();
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query('SELECT setseed(0.23)');
    await client.query(`
      CREATE TEMP TABLE report_sizes AS
        SELECT row_number() OVER (ORDER BY v.id) AS n, v.id, v.product_id, v.price_piastres, s.ml
        FROM product_variants v JOIN products p ON p.id = v.product_id JOIN sizes s ON s.id = v.size_id WHERE p.is_published;
      INSERT INTO promotions (code, discount_kind, percent_discount) SELECT 'REPORT' || g, 'percent', 5 * g FROM generate_series(1, 6) g;
      CREATE TEMP TABLE report_promotions AS
        SELECT row_number() OVER (ORDER BY id) AS n, id, code, percent_discount FROM promotions WHERE code LIKE 'REPORT%';
      INSERT INTO users (name, email, points)
        SELECT 'Report shopper ' || g, 'report-' || g || '@attar.example', CASE WHEN random() < 0.6 THEN floor(random() * 3000)::int ELSE 0 END
        FROM generate_series(1, 20000) g;
      INSERT INTO staff_members (email, name, role) VALUES ('report-refunds@attar.example', 'Report refunds', 'manager');`);
    await client.query(
      `CREATE TEMP TABLE report_plan AS
       SELECT x.*, x.subtotal + 5000 - x.discount AS total FROM (
         SELECT p.*, s1.id AS v1, s1.product_id AS p1, s1.price_piastres AS price1, s1.ml AS ml1,
           s2.id AS v2, s2.product_id AS p2, s2.price_piastres AS price2, s2.ml AS ml2,
           p.q1 * s1.price_piastres + s2.price_piastres AS subtotal,
           CASE WHEN pr.id IS NULL THEN 0 ELSE (p.q1 * s1.price_piastres + s2.price_piastres) * pr.percent_discount / 100 END AS discount,
           pr.id AS promotion_id, pr.code AS promo_code,
           CASE WHEN p.days < 1 THEN CASE WHEN p.method = 'card' AND p.r_status < 0.1 THEN 'pending_payment' ELSE 'placed' END
                WHEN p.days < 2 THEN CASE WHEN p.r_status < 0.5 THEN 'confirmed' ELSE 'packed' END
                WHEN p.days < 5 THEN 'shipped'
                WHEN p.r_status < 0.85 THEN 'delivered' WHEN p.r_status < 0.95 THEN 'cancelled' ELSE 'refunded' END AS status
         FROM (
           SELECT g, ($1::int - g) * ${DAYS}.0 / $1::int AS days, now() - ($1::int - g) * interval '${DAYS} days' / $1::int AS created_at,
             random() AS r_status, random() AS r_payment, random() AS r_refund, 1 + floor(random() * 2)::int AS q1,
             CASE WHEN random() < 0.35 THEN 'card' ELSE 'cod' END AS method,
             -- A few sizes sell most: the cube of a uniform number leans towards the first sizes.
             1 + floor(power(random(), 3) * (SELECT count(*) FROM report_sizes))::int AS size1,
             1 + floor(random() * (SELECT count(*) FROM report_sizes))::int AS size2,
             CASE WHEN random() < 0.1 THEN 1 + floor(random() * 6)::int END AS promotion_n
           FROM generate_series(1, $1::int) g
         ) p
         JOIN report_sizes s1 ON s1.n = p.size1 JOIN report_sizes s2 ON s2.n = p.size2
         LEFT JOIN report_promotions pr ON pr.n = p.promotion_n
       ) x`,
      [REPORT_ORDERS],
    );
    await client.query(`
      INSERT INTO orders (order_number, guest_name, guest_phone, status, address, region_id, payment_method, subtotal_piastres,
        delivery_fee_piastres, discount_piastres, total_piastres, promotion_id, promo_code, cash_collected_piastres, refunded_piastres,
        delivered_at, created_at, updated_at)
      SELECT 'RB' || p.g, 'Report guest', '+2015' || lpad(p.g::text, 8, '0'), p.status,
        jsonb_build_object('name', 'Report guest', 'street', (7 + p.g % 90) || ' Tahrir Street'),
        (SELECT min(id) FROM regions) + p.g % 27, p.method, p.subtotal, 5000, p.discount, p.total, p.promotion_id, p.promo_code,
        CASE WHEN p.method = 'cod' AND p.status IN ('delivered', 'refunded') THEN p.total END,
        CASE WHEN p.status = 'refunded' THEN p.total WHEN p.status = 'delivered' AND p.r_refund < 0.03 THEN least(p.price1, p.total) ELSE 0 END,
        CASE WHEN p.status IN ('delivered', 'refunded') THEN p.created_at + interval '3 days' END,
        p.created_at, p.created_at
      FROM report_plan p ORDER BY p.g;
      CREATE TEMP TABLE report_orders AS SELECT p.*, o.id AS order_id FROM report_plan p JOIN orders o ON o.order_number = 'RB' || p.g;
      INSERT INTO order_items (order_id, product_id, variant_id, size_ml, quantity, price_piastres, refunded_quantity)
      SELECT order_id, p1, v1, ml1, q1, price1, CASE WHEN status = 'refunded' THEN q1 WHEN status = 'delivered' AND r_refund < 0.03 THEN 1 ELSE 0 END
      FROM report_orders
      UNION ALL
      SELECT order_id, p2, v2, ml2, 1, price2, CASE WHEN status = 'refunded' THEN 1 ELSE 0 END FROM report_orders;
      INSERT INTO order_refunds (order_id, staff_id, amount_piastres, reason, cash_method, created_at)
      SELECT order_id, (SELECT id FROM staff_members WHERE email = 'report-refunds@attar.example'),
        CASE WHEN status = 'refunded' THEN total ELSE least(price1, total) END, 'returned',
        CASE WHEN method = 'cod' THEN 'counter' END, created_at + interval '5 days'
      FROM report_orders WHERE status = 'refunded' OR (status = 'delivered' AND r_refund < 0.03);
      INSERT INTO payments (order_id, provider, method, reference, amount_piastres, status, refunded_piastres, transaction_id)
      SELECT order_id, 'paymob', 'card', md5('report' || g || random()),
        CASE WHEN r_payment < 0.01 THEN total - 100 ELSE total END,
        CASE WHEN status = 'pending_payment' THEN 'pending' WHEN status = 'cancelled' AND r_payment > 0.97 THEN 'paid'
             WHEN status IN ('cancelled', 'refunded') THEN 'refunded' ELSE 'paid' END,
        CASE WHEN status IN ('cancelled', 'refunded') AND r_payment <= 0.97 THEN CASE WHEN r_payment < 0.01 THEN total - 100 ELSE total END ELSE 0 END,
        CASE WHEN status <> 'pending_payment' THEN 'report-' || g END
      FROM report_orders WHERE method = 'card' AND NOT (r_payment BETWEEN 0.5 AND 0.505 AND status <> 'cancelled');
      INSERT INTO refunds (payment_id, amount_piastres, status, reason, created_at, settled_at)
      SELECT pay.id, pay.amount_piastres, CASE WHEN pay.status = 'paid' THEN 'failed' ELSE 'confirmed' END, 'order_cancelled',
        o.created_at + interval '5 days', o.created_at + interval '5 days'
      FROM report_orders o JOIN payments pay ON pay.order_id = o.order_id WHERE o.status IN ('cancelled', 'refunded')`);
    // One statement each: VACUUM cannot run in the implicit transaction of a multi-statement query.
    for (const table of ['orders', 'order_items', 'order_refunds', 'payments', 'refunds', 'users', 'promotions']) {
      await client.query(`VACUUM ANALYZE ${table}`);
    }
    const [{ n }] = (await client.query('SELECT count(*)::int AS n FROM orders')).rows;
    console.log(
      `Reports: ${n.toLocaleString('en-US')} orders (${REPORT_ORDERS.toLocaleString('en-US')} added) in ${((Date.now() - started) / 1000).toFixed(1)} s.`,
    );
    return n;
  } finally {
    await client.end();
  }
}

/** The dashboard over the last 30 days (the heaviest: every table over a sixth of the orders) and over today. */
export async function benchReports(databaseUrl) {
  const orderCount = await seedReportOrders(databaseUrl);
  const api = await startApi(databaseUrl, await freePort(8240));
  try {
    // Reports are owners' and managers' (production makes a manager use an authenticator).
    const { cookie } = await signInStaff(databaseUrl, api.origin, 'manager');
    const scenarios = [];
    for (const scenario of [
      { key: 'month', label: 'Dashboard, tables over 30 days', path: `${DASHBOARD}?period=30d` },
      { key: 'today', label: 'Dashboard, tables over today', path: `${DASHBOARD}?period=today` },
    ]) {
      const answer = await fetch(`${api.origin}${scenario.path}`, { headers: { cookie } });
      if (!answer.ok) throw new Error(`${scenario.path} answered ${answer.status}: ${await answer.text()}`);
      const body = await answer.json();
      scenario.sales = body.sales.orders;
      console.log(`  reports: ${scenario.label} (${scenario.sales.toLocaleString('en-US')} sales in its range)…`);
      const requests = [{ method: 'GET', path: scenario.path, headers: { cookie } }];
      const { runs } = await measure({ origin: api.origin, requests, connections: REPORTS_CONNECTIONS }, REPORTS_RUNS);
      scenarios.push({ ...scenario, ...medianRun(runs) });
    }
    return { orderCount, scenarios, connections: REPORTS_CONNECTIONS, runs: REPORTS_RUNS, durationSeconds: LOAD.durationSeconds };
  } finally {
    await api.stop();
  }
}
