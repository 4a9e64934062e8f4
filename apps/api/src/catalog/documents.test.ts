import { describe, expect, it, vi } from 'vitest';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { Offer, Product, ProductListQuery, ProductPage } from '@attar/contract';
import { useTestApp } from '../test/app';
import { client } from '../test/client';
import { signedInShopper } from '../test/shoppers';
import { refreshSearchIndex } from './search';
import { picturesAt } from './documents';
import { DocumentCache } from './document-cache';
import { ListingMemo } from './listing-memo';
import { listProducts } from './service';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app';

const t = useTestApp();
const run = (query: ReturnType<typeof sql>) => t.db.database.rows(query);
const one = async <T>(query: ReturnType<typeof sql>) => (await t.db.database.rows<T>(query))[0]!;

/** Stored documents that differ from what their rows build now, and products or offers without both languages. */
const drift = () =>
  one<{ products: number; offers: number; missing: number }>(sql`SELECT
    (SELECT count(*)::int FROM product_documents d JOIN product_document_sources s USING (product_id, locale) WHERE d.body <> s.body) AS products,
    (SELECT count(*)::int FROM offer_documents d JOIN offer_document_sources s USING (offer_id, locale) WHERE d.body <> s.body) AS offers,
    (SELECT count(*)::int FROM products) * 2 + (SELECT count(*)::int FROM offers) * 2
      - (SELECT count(*)::int FROM product_documents) - (SELECT count(*)::int FROM offer_documents) AS missing`);

const version = async () => Number((await one<{ version: string }>(sql`SELECT version::text AS version FROM catalogue_version`)).version);

/** A published product that an offer holds, with two sizes. */
const offered = () =>
  one<{ product: number; slug: string; offer: string; sizes: number[] }>(sql`
    SELECT p.id AS product, p.slug, o.slug AS offer, ARRAY(SELECT id FROM product_variants WHERE product_id = p.id ORDER BY id) AS sizes
    FROM offer_items oi JOIN products p ON p.id = oi.product_id JOIN offers o ON o.id = oi.offer_id
    WHERE p.is_published AND o.is_published AND (SELECT count(*) FROM product_variants WHERE product_id = p.id) >= 2
    ORDER BY p.id LIMIT 1`);

describe('the catalogue documents (decision 0029)', () => {
  it('stay what their rows build through every kind of change, in both languages', async () => {
    expect(await drift()).toEqual({ products: 0, offers: 0, missing: 0 });
    const { product, sizes } = await offered();
    const changes = [
      sql`UPDATE products SET name_en = 'Renamed', description_ar = 'وصف', is_new = NOT is_new WHERE id = ${product}`,
      sql`UPDATE product_variants SET stock = stock + 3 WHERE id = ${sizes[1]!}`,
      sql`UPDATE product_variants SET price_piastres = price_piastres + 100, stock = 0 WHERE id = ${sizes[0]!}`,
      sql`INSERT INTO product_images (product_id, image, position, alt_en, alt_ar) VALUES (${product}, 'products/extra.webp', 9, 'Extra', 'إضافية')`,
      sql`DELETE FROM product_notes WHERE product_id = ${product} AND layer = 'top'`,
      sql`DELETE FROM product_occasions WHERE product_id = ${product}`,
      sql`UPDATE categories SET name_ar = name_ar || ' ' WHERE id = (SELECT category_id FROM products WHERE id = ${product})`,
      sql`UPDATE families SET name_en = 'Renamed family' WHERE id = (SELECT family_id FROM products WHERE id = ${product})`,
      sql`UPDATE notes SET name_en = 'Renamed note' WHERE id = (SELECT note_id FROM product_notes WHERE product_id = ${product} LIMIT 1)`,
      sql`UPDATE offers SET stock = stock + 1, name_ar = 'عرض' WHERE id IN (SELECT offer_id FROM offer_items WHERE product_id = ${product})`,
      sql`UPDATE products SET is_published = false WHERE id = ${product}`,
    ];
    for (const change of changes) {
      await run(change);
      expect(await drift(), String(change.queryChunks[0])).toEqual({ products: 0, offers: 0, missing: 0 });
    }
    await run(sql`UPDATE products SET is_published = true WHERE id = ${product}`);
    const [copy] = await run(sql`
      INSERT INTO products (slug, type, category_id, name_en, name_ar, description_en, description_ar, gender, price_piastres,
        image, image_desktop, image_mobile)
      SELECT slug || '-copy', type, category_id, name_en, name_ar, description_en, description_ar, gender, price_piastres,
        image, image_desktop, image_mobile FROM products WHERE id = ${product} RETURNING id`);
    await run(sql`INSERT INTO product_variants (product_id, size_id, sku, price_piastres, stock, is_default)
      SELECT ${(copy as { id: number }).id}, size_id, sku || '-copy', price_piastres, stock, is_default FROM product_variants WHERE product_id = ${product}`);
    expect(await drift()).toEqual({ products: 0, offers: 0, missing: 0 });
  });

  it('mark the caller’s favourites, in a product and in an offer’s products, for them alone', async () => {
    const { product, slug, offer } = await offered();
    const [a, b] = [await signedInShopper(t.app), await signedInShopper(t.app)];
    expect((await a.post('/api/user_wish_lists/', { product_write: product })).statusCode).toBe(200);

    const favourite = (bundle: Offer) => bundle.products.map((item) => [item.product.id, item.product.isFavourite]);
    const asA = Offer.parse((await a.get(`/api/offers/${offer}/`)).json());
    expect(favourite(asA)).toContainEqual([product, true]);
    expect(
      favourite(asA)
        .filter(([id]) => id !== product)
        .every(([, marked]) => marked === false),
    ).toBe(true);
    expect(favourite(Offer.parse((await b.get(`/api/offers/${offer}/`)).json())).every(([, marked]) => marked === false)).toBe(true);
    expect(favourite(Offer.parse((await client(t.app).get(`/api/offers/${offer}/`)).json())).every(([, marked]) => !marked)).toBe(true);

    expect(Product.parse((await a.get(`/api/products/${slug}/`)).json()).isFavourite).toBe(true);
    expect(Product.parse((await b.get(`/api/products/${slug}/`)).json()).isFavourite).toBe(false);
    const page = ProductPage.parse((await a.get(`/api/products/?ids=${product}`)).json());
    expect(page.results.map((p) => p.isFavourite)).toEqual([true]);
  });

  it('move the catalogue version when what lists hold changes, never when only stock moves', async () => {
    const { product, sizes } = await offered();
    const before = await version();
    await run(sql`UPDATE product_variants SET stock = stock + 1 WHERE id = ${sizes[0]!}`);
    await run(sql`UPDATE products SET updated_at = now(), version = version + 1 WHERE id = ${product}`);
    expect(await version()).toBe(before);
    await run(sql`UPDATE product_variants SET price_piastres = price_piastres + 1 WHERE id = ${sizes[0]!}`);
    expect(await version()).toBe(before + 1);
    await run(sql`UPDATE products SET gender = CASE gender WHEN 'men' THEN 'women' ELSE 'men' END WHERE id = ${product}`);
    expect(await version()).toBe(before + 2);
  });

  it('count and search exactly right after a change, though counts and search terms are reused between changes', async () => {
    const guest = client(t.app);
    const list = async (url: string) => ProductPage.parse((await guest.get(url)).json());
    const { product } = await offered();
    const all = (await list('/api/products/')).count;
    expect((await list('/api/products/')).count).toBe(all);
    await run(sql`UPDATE products SET is_published = false WHERE id = ${product}`);
    expect((await list('/api/products/')).count).toBe(all - 1);
    await run(sql`UPDATE products SET is_published = true WHERE id = ${product}`);
    expect((await list('/api/products/')).count).toBe(all);

    // A search's order is reused until the catalogue moves: its first product unpublished leaves the next answer.
    const rose = await list('/api/products/?search=rose&page_size=3');
    expect((await list('/api/products/?search=rose&page_size=3')).results.map((p) => p.id)).toEqual(rose.results.map((p) => p.id));
    await run(sql`UPDATE products SET is_published = false WHERE id = ${rose.results[0]!.id}`);
    const without = await list('/api/products/?search=rose&page_size=3');
    expect([without.count, without.results[0]!.id]).toEqual([rose.count - 1, rose.results[1]!.id]);
    await run(sql`UPDATE products SET is_published = true WHERE id = ${rose.results[0]!.id}`);

    // The search box's suggestions read the same remembered order, and leave it as the catalogue moves.
    const suggest = async (text: string) =>
      ((await guest.get(`/api/products/suggestions/?search=${text}`)).json() as { products: { id: number }[] }).products.map((p) => p.id);
    const firstFive = (await list('/api/products/?search=rose&page_size=5')).results.map((p) => p.id);
    expect(await suggest('rose')).toEqual(firstFive);
    await run(sql`UPDATE products SET is_published = false WHERE id = ${firstFive[0]!}`);
    expect(await suggest('rose')).toEqual((await list('/api/products/?search=rose&page_size=5')).results.map((p) => p.id));
    expect(await suggest('rose')).not.toContain(firstFive[0]);
    await run(sql`UPDATE products SET is_published = true WHERE id = ${firstFive[0]!}`);
    expect(await suggest('rose')).toEqual(firstFive);

    // A word no product has, then a product renamed to carry it: the remembered (empty) plan is not reused.
    expect((await list('/api/products/?search=zanzibarine')).count).toBe(0);
    expect((await list('/api/products/?search=zanzibarine')).count).toBe(0);
    await run(sql`UPDATE products SET name_en = 'Zanzibarine' WHERE id = ${product}`);
    await refreshSearchIndex((query) => t.db.database.rows(query), [product]);
    expect((await list('/api/products/?search=zanzibarine')).results.map((p) => p.id)).toEqual([product]);
    const suggested = (await guest.get('/api/products/suggestions/?search=zanzibar')).json() as { products: { id: number }[] };
    expect(suggested.products.map((p) => p.id)).toEqual([product]);
  });

  it('keep only the start of a long search order, and rank a page beyond it afresh', async () => {
    // An instance keeping two ids of an order: the third product and beyond are read by ranking the search again.
    const memo = new ListingMemo(2);
    const context = {
      database: t.db.database,
      mediaBase: 'http://api.test/media/',
      userId: null,
      memo,
      documents: new DocumentCache(''),
      tokenCheck: null,
    };
    const pageIds = async (page: number) =>
      (
        JSON.parse((await listProducts(context, 'en', ProductListQuery.parse({ search: 'rose', page_size: 2, page }))).resultsJson) as {
          id: number;
        }[]
      ).map((product) => product.id);
    const whole = ProductPage.parse((await client(t.app).get('/api/products/?search=rose&page_size=6')).json());
    expect(whole.count).toBeGreaterThan(4);
    const remembered = vi.spyOn(memo.rankings, 'set');
    const listed: number[] = [];
    for (const page of [1, 2, 3, 1]) listed.push(...(await pageIds(page)));
    expect(listed).toEqual([...whole.results.map((product) => product.id), ...whole.results.slice(0, 2).map((product) => product.id)]);
    // Ranked once for the first page, again for each page beyond the kept two; each time only two ids kept.
    expect(remembered.mock.calls.map(([, ranking]) => [ranking.value.ids.length, ranking.value.count])).toEqual([
      [2, whole.count],
      [2, whole.count],
      [2, whole.count],
    ]);
  });

  it('name pictures at each instance’s own address, in pages, details and offers alike', async () => {
    const { slug, offer, product } = await offered();
    const other = await buildApp(
      { config: { ...t.config, publicUrl: 'https://shop.example' }, database: t.db.database },
      { logger: false },
    );
    try {
      const pictures = async (app: FastifyInstance) => {
        const guest = client(app);
        const detail = Product.parse((await guest.get(`/api/products/${slug}/`)).json());
        const page = ProductPage.parse((await guest.get(`/api/products/?ids=${product}`)).json());
        const bundle = Offer.parse((await guest.get(`/api/offers/${offer}/`)).json());
        return [
          detail.image,
          detail.productimages[0]?.image ?? detail.image,
          page.results[0]!.image_mobile,
          bundle.image,
          bundle.products[0]!.product.image_desktop,
        ];
      };
      for (const url of await pictures(t.app)) expect(url).toMatch(/^http:\/\/api\.test\/media\/[^:]+$/);
      for (const url of await pictures(other)) expect(url).toMatch(/^https:\/\/shop\.example\/media\/[^:]+$/);
    } finally {
      await other.close();
    }
  });
});

// Two transactions changing two sizes of one product at once: each rebuilds the document after the other's commit.
describe.runIf(process.env.TEST_DATABASE_URL)('the catalogue documents under concurrent changes (PostgreSQL)', () => {
  it('hold both of two concurrent stock changes to one product', async () => {
    const { product, sizes } = await offered();
    const [first, second] = [new pg.Client({ connectionString: t.db.url }), new pg.Client({ connectionString: t.db.url })];
    await Promise.all([first.connect(), second.connect()]);
    try {
      await first.query('BEGIN');
      await first.query('UPDATE product_variants SET stock = 41 WHERE id = $1', [sizes[0]]);
      await second.query('BEGIN');
      const waiting = second.query('UPDATE product_variants SET stock = 42 WHERE id = $1', [sizes[1]]).then(() => second.query('COMMIT'));
      // The second waits for the first's lock on the document, then builds it from what the first committed.
      await new Promise((resolve) => setTimeout(resolve, 200));
      await first.query('COMMIT');
      await waiting;
    } finally {
      await Promise.all([first.end(), second.end()]);
    }
    const stored = await one<{ body: string }>(sql`SELECT body FROM product_documents WHERE product_id = ${product} AND locale = 'en'`);
    const document = Product.parse(JSON.parse(picturesAt(stored.body, 'http://api.test/media/')));
    const stock = Object.fromEntries(document.variants.map((variant) => [variant.id, variant.stock]));
    expect([stock[sizes[0]!], stock[sizes[1]!]]).toEqual([41, 42]);
    expect(await drift()).toEqual({ products: 0, offers: 0, missing: 0 });
  });
});
