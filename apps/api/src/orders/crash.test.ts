/**
 * The API process killed with SIGKILL while orders are being placed, then restarted: every order is whole or absent,
 * and stock, points and promotion ledgers agree with the orders. Needs a real PostgreSQL server (TEST_DATABASE_URL).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issueToken } from '../accounts/tokens';
import { createTestDatabase, type TestDatabase } from '../test/database';

const API_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const PORT = 8600 + Math.floor(Math.random() * 300);
const BASE = `http://127.0.0.1:${PORT}`;

async function startApi(url: string): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: API_DIR,
    env: { ...process.env, DATABASE_URL: url, API_PORT: String(PORT), LOG_LEVEL: 'fatal', JOBS: 'off', REDIS_URL: '' },
    stdio: 'ignore',
  });
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the API exited with ${child.exitCode}`);
    if (
      await fetch(`${BASE}/api/health/`).then(
        (r) => r.ok,
        () => false,
      )
    )
      return child;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error('the API did not start');
}

const call = (method: string, url: string, body?: unknown, token?: string) =>
  fetch(`${BASE}${url}`, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Token ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });

describe.runIf(Boolean(process.env.TEST_DATABASE_URL))('SIGKILL during checkout (PostgreSQL)', () => {
  let db: TestDatabase;
  let api: ChildProcess | undefined;
  beforeAll(async () => {
    db = await createTestDatabase();
  }, 120_000);
  afterAll(async () => {
    api?.kill('SIGKILL');
    await db?.drop();
  });

  it('leaves every order whole or absent and every ledger in agreement', async () => {
    api = await startApi(db.url!);
    const [product] = await db.database.rows<{ id: number; stock: number }>(sql`
      UPDATE product_variants SET stock = 1000 WHERE is_default AND product_id = (SELECT min(id) FROM products)
      RETURNING product_id AS id, stock`);
    const [region] = await db.database.rows<{ id: number; city: number }>(sql`
      SELECT r.id, (SELECT min(c.id) FROM cities c WHERE c.region_id = r.id) AS city FROM regions r ORDER BY r.id LIMIT 1`);

    const shoppers = [];
    for (let i = 0; i < 24; i += 1) {
      // Made directly (sign-up's per-address limit would refuse 24 from one address).
      const [user] = await db.database.rows<{ id: number }>(sql`
        INSERT INTO users (name, email, phone, points) VALUES (${`Crash ${i}`}, ${`crash${i}@example.com`}, ${`+20101${2_000_000 + i}`}, 500)
        RETURNING id`);
      await db.database.rows(sql`INSERT INTO points_ledger (user_id, change, reason) VALUES (${user!.id}, 500, 'welcome_gift')`);
      const token = await issueToken(db.database, user!.id, 30);
      const address = await (
        await call(
          'POST',
          '/api/addresses/',
          { name: 'C', phone: '01000000000', region: region!.id, city: region!.city, street: 'S' },
          token,
        )
      ).json();
      await call('POST', '/api/cart-products/', { product: product!.id, quantity: 2 }, token);
      shoppers.push({ token, address: address.id as number });
    }

    // Orders in flight, then the process dies without any chance to clean up.
    const inFlight = shoppers.map((s, i) =>
      call(
        'POST',
        '/api/orders/',
        { address: s.address, payment_method: 'cod', promo_code: 'ATTAR15', use_points: i % 2 ? 100 : undefined },
        s.token,
      ).catch(() => null),
    );
    await new Promise((resolve) => setTimeout(resolve, 60));
    api.kill('SIGKILL');
    await Promise.all(inFlight);
    api = await startApi(db.url!);

    const rows = <T>(query: ReturnType<typeof sql>) => db.database.rows<T>(query);
    // This test's shoppers' orders (demo mode's first start also made the demo reviewers' past orders).
    const ours = sql`(SELECT id FROM users WHERE email LIKE 'crash%@example.com')`;
    const [orders] = await rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM orders WHERE user_id IN ${ours}`);
    const [partial] = await rows<{ n: number }>(sql`
      SELECT count(*)::int AS n FROM orders o WHERE NOT EXISTS (SELECT 1 FROM order_items i WHERE i.order_id = o.id)
        OR NOT EXISTS (SELECT 1 FROM order_status_history h WHERE h.order_id = o.id)`);
    expect(partial!.n).toBe(0);
    const [stock] = await rows<{ stock: number; ordered: number }>(sql`
      SELECT p.stock, coalesce((SELECT sum(i.quantity) FROM order_items i JOIN orders o ON o.id = i.order_id
        WHERE i.product_id = p.id AND o.status <> 'cancelled' AND o.user_id IN ${ours}), 0)::int AS ordered FROM products p WHERE p.id = ${product!.id}`);
    expect(stock!.stock + stock!.ordered).toBe(1000);
    const [uses] = await rows<{ uses: number; orders: number }>(sql`
      SELECT (SELECT count(*) FROM promotion_uses)::int AS uses,
             (SELECT count(*) FROM orders WHERE promotion_id IS NOT NULL AND status <> 'cancelled')::int AS orders`);
    expect(uses!.uses).toBe(uses!.orders);
    const disagreements = await rows(sql`
      SELECT u.id FROM users u WHERE u.points <> coalesce((SELECT sum(change) FROM points_ledger l WHERE l.user_id = u.id), 0)`);
    expect(disagreements).toEqual([]);
    const [carts] = await rows<{ both: number }>(sql`
      SELECT count(*)::int AS both FROM users u WHERE EXISTS (SELECT 1 FROM orders o WHERE o.user_id = u.id)
        AND EXISTS (SELECT 1 FROM cart_product_lines c WHERE c.user_id = u.id)`);
    expect(carts!.both).toBe(0);
    // The restarted API takes the remaining orders normally.
    const remaining = await rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM cart_product_lines`);
    expect(orders!.n + remaining[0]!.n).toBe(24);
  }, 240_000);
});
