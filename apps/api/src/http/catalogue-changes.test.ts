import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Product, StaffProduct } from '@attar/contract';
import { buildApp } from '../app';
import { useTestApp } from '../test/app';
import { orderFixtures } from '../test/orders';
import { repricedProduct, signedInStaff } from '../test/staff';

// A long micro-cache: only the change notice can explain a fresh answer within the test.
const t = useTestApp({ CATALOGUE_CACHE_MS: '600000' });
const f = orderFixtures(t);
let other: FastifyInstance;
beforeAll(async () => {
  other = await buildApp({ config: t.config, database: t.db.database }, { logger: false });
  await other.ready();
});
afterAll(async () => {
  await other?.close();
});

const price = async (app: FastifyInstance, slug: string) => Product.parse((await app.inject(`/api/products/${slug}/`)).json()).price;

/** Asks until `expected` comes back (the notice arrives after the commit, asynchronously), for at most 3 s. */
async function eventually(read: () => Promise<number>, expected: number) {
  const until = Date.now() + 3000;
  let seen = await read();
  while (seen !== expected && Date.now() < until) {
    await new Promise((resolve) => setTimeout(resolve, 25));
    seen = await read();
  }
  return seen;
}

describe('a staff edit', () => {
  it('reaches the guests of every API instance at once, though their answers were cached for minutes', async () => {
    const productId = await f.productWithStock(4, 100_000);
    const [{ slug }] = (await t.db.database.rows<{ slug: string }>(sql`SELECT slug FROM products WHERE id = ${productId}`)) as [
      { slug: string },
    ];
    expect(await price(t.app, slug)).toBe(1000);
    expect(await price(other, slug)).toBe(1000);
    // A change not made by staff (no audit row) is not announced: the cached answer stands.
    await t.db.database.rows(sql`UPDATE product_variants SET price_piastres = 110000 WHERE product_id = ${productId}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await price(other, slug)).toBe(1000);

    const manager = await signedInStaff(t, 'manager');
    const product = StaffProduct.parse((await manager.get(`/api/staff/products/${productId}/`)).json());
    const saved = await manager.put(`/api/staff/products/${productId}/`, repricedProduct(product, 1234.5));
    expect(saved.statusCode, saved.body).toBe(200);
    expect(await eventually(() => price(other, slug), 1234.5)).toBe(1234.5);
    expect(await eventually(() => price(t.app, slug), 1234.5)).toBe(1234.5);
  });
});
