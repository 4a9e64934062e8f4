import { sql, type SQL } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { Product } from '@attar/contract';
import { PRODUCTS } from '../db/seed/catalogue';
import { sizeLadder, sku } from '../db/seed/run';
import { useTestApp } from '../test/app';

const t = useTestApp();
const product = async (slug: string) => Product.parse((await t.app.inject(`/api/products/${slug}/`)).json());
/** Why PostgreSQL refused a statement ('' when it ran). */
const refusal = (statement: SQL) =>
  t.db.database.rows(statement).then(
    () => '',
    (error: Error) => String((error.cause as Error | undefined)?.message ?? error.message),
  );

describe('sizes with their own price, stock and SKU', () => {
  it('lists every size of a product, smallest first, the default being the one price and stock describe', async () => {
    const seeded = PRODUCTS.find((p) => p.sizesMl.length === 3)!;
    const shown = await product(seeded.slug);
    expect(shown.variants.map((v) => v.ml)).toEqual([30, 50, 100]);
    expect(shown.sizes).toEqual([30, 50, 100]);
    const fallback = shown.variants.find((v) => v.is_default)!;
    expect(fallback).toMatchObject({ ml: 100, price: shown.price, stock: shown.stock, sku: sku(shown.id, 100) });
    // A smaller bottle costs less, and more per millilitre.
    const [small, medium, large] = shown.variants;
    expect(small!.price).toBeLessThan(medium!.price);
    expect(medium!.price).toBeLessThan(large!.price);
    expect(small!.price / 30).toBeGreaterThan(large!.price / 100);
    expect(shown.variants.map((v) => v.price)).toEqual(sizeLadder(seeded).map((s) => s.figures.pricePiastres / 100));
  });

  it('keeps the product row equal to its default size, and refuses a direct write of the product’s price or stock', async () => {
    const { id, slug } = (
      await t.db.database.rows<{ id: number; slug: string }>(sql`SELECT id, slug FROM products ORDER BY id LIMIT 1`)
    )[0]!;
    await t.db.database.rows(sql`UPDATE product_variants SET stock = 7, price_piastres = 123450 WHERE product_id = ${id} AND is_default`);
    expect(await product(slug)).toMatchObject({ stock: 7, price: 1234.5, availability: 'available' });
    await t.db.database.rows(sql`UPDATE product_variants SET stock = 0 WHERE product_id = ${id} AND is_default`);
    expect(await product(slug)).toMatchObject({ stock: 0, availability: 'out_of_stock' });

    expect(await refusal(sql`UPDATE products SET stock = 50 WHERE id = ${id}`)).toMatch(/default size/);
    expect(await refusal(sql`UPDATE products SET price_piastres = 1 WHERE id = ${id}`)).toMatch(/default size/);
    // Other columns stay free to change.
    await t.db.database.rows(sql`UPDATE products SET is_new = NOT is_new WHERE id = ${id}`);
    expect((await product(slug)).stock).toBe(0);
  });

  it('allows one default size per product, one row per size, and a SKU once', async () => {
    const [v] = await t.db.database.rows<{ product_id: number; size_id: number; sku: string }>(
      sql`SELECT product_id, size_id, sku FROM product_variants WHERE NOT is_default ORDER BY id LIMIT 1`,
    );
    const other = (
      await t.db.database.rows<{ id: number }>(sql`SELECT id FROM sizes WHERE id <> ${v!.size_id} ORDER BY ml DESC LIMIT 1`)
    )[0]!;
    for (const statement of [
      sql`UPDATE product_variants SET is_default = true WHERE product_id = ${v!.product_id} AND sku = ${v!.sku}`,
      sql`INSERT INTO product_variants (product_id, size_id, sku, price_piastres) VALUES (${v!.product_id}, ${v!.size_id}, 'NEW-SKU', 100)`,
      sql`INSERT INTO product_variants (product_id, size_id, sku, price_piastres) VALUES (${v!.product_id}, ${other.id}, ${v!.sku}, 100)`,
      sql`UPDATE product_variants SET stock = -1 WHERE sku = ${v!.sku}`,
    ]) {
      expect(await refusal(statement)).not.toBe('');
    }
  });
});
