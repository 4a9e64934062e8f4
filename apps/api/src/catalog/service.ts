/** Catalogue reads. Every answer is built as JSON text by PostgreSQL; no HTTP here. */
import { sql, type SQL } from 'drizzle-orm';
import type { Locale, ProductListQuery } from '@attar/contract';
import type { Database } from '../db/client';
import { notFound } from '../http/errors';
import { productJoins, productJson } from './product-json';
import { planSearch } from './search';
import { text } from '../i18n/catalogue';

/** `userId` is the caller (null for a guest): it decides `isFavourite`. */
export type CatalogContext = { database: Database; mediaBase: string; userId: number | null };
export type PageJson = { count: number; resultsJson: string };

const EMPTY_PAGE: PageJson = { count: 0, resultsJson: '[]' };

/** A filter value given as an id or as a slug. */
const byIdOrSlug = (column: SQL, value: string) =>
  /^\d+$/.test(value) ? sql`${column}.id = ${Number(value)}` : sql`${column}.slug = ${value.toLowerCase()}`;

export async function listProducts(ctx: CatalogContext, locale: Locale, query: ProductListQuery): Promise<PageJson> {
  const where: SQL[] = [sql`p.is_published`];
  if (query.ids) where.push(sql`p.id = ANY(${sql.param(query.ids)}::int[])`);
  if (query.category_slug) {
    where.push(sql`p.category_id = (SELECT id FROM categories WHERE slug = ${query.category_slug.toLowerCase()})`);
  }
  if (query.type) where.push(sql`p.type = ${query.type}`);
  if (query.is_new !== undefined) where.push(sql`p.is_new = ${query.is_new}`);
  if (query.family) where.push(sql`p.family_id = (SELECT ff.id FROM families ff WHERE ${byIdOrSlug(sql`ff`, query.family)})`);
  if (query.occasion) {
    where.push(sql`EXISTS (SELECT 1 FROM product_occasions po JOIN occasions oo ON oo.id = po.occasion_id
      WHERE po.product_id = p.id AND ${byIdOrSlug(sql`oo`, query.occasion)})`);
  }

  let rank = sql`0`;
  const search = query.search?.trim() ? query.search : undefined;
  const searching = search !== undefined;
  if (searching) {
    const words = await planSearch(ctx.database, search);
    // Text with no searchable word (only emoji or punctuation) matches nothing, like a word we do not know.
    if (!words || words.some((word) => word.terms.length === 0)) return EMPTY_PAGE;
    for (const word of words) where.push(sql`p.search_words && ${sql.param(word.terms)}::text[]`);
    // Each word found in the name counts double; each word matched without a typo counts once.
    rank = sql.join(
      words.map(
        (word) => sql`(p.name_words && ${sql.param(word.terms)}::text[])::int * 2
          + (p.search_words && ${sql.param(word.exactTerms)}::text[])::int`,
      ),
      sql` + `,
    );
  }

  const l = sql.raw(locale);
  const ordering: Record<NonNullable<ProductListQuery['ordering']>, SQL> = {
    price: sql`p.price_piastres ASC`,
    '-price': sql`p.price_piastres DESC`,
    '-created_at': sql`p.created_at DESC`,
    name: sql`p.name_${l} ASC`,
  };
  const orderBy = sql.join(
    [sql`search_rank DESC`, query.ordering ? ordering[query.ordering] : sql`p.created_at DESC`, sql`p.id DESC`],
    sql`, `,
  );
  const filter = sql.join(where, sql` AND `);
  const offset = (query.page - 1) * query.page_size;

  const window = sql`ORDER BY ${orderBy} LIMIT ${query.page_size} OFFSET ${offset}`;
  // A search's matches are scattered over the table: it reads them once (their ids and sort keys: every column
  // `orderBy` names), counts them and fetches only the page's rows. A listing reads its count (index-only) and its
  // page (in order) from the published-category index, neither more.
  const [page, count] = searching
    ? [
        sql`matches AS MATERIALIZED (
            SELECT p.id, p.created_at, p.price_piastres, p.name_${l}, ${rank} AS search_rank FROM products p WHERE ${filter}),
          page AS (SELECT p.*, m.search_rank FROM (SELECT * FROM matches p ${window}) m JOIN products p ON p.id = m.id)`,
        sql`matches`,
      ]
    : [sql`page AS (SELECT p.*, 0 AS search_rank FROM products p WHERE ${filter} ${window})`, sql`products p WHERE ${filter}`];
  const [row] = await ctx.database.preparedRows<{ count: number; results: string }>(sql`
    WITH ${page}
    SELECT
      (SELECT count(*)::int FROM ${count}) AS count,
      coalesce((SELECT json_agg(${productJson(locale, ctx.mediaBase, ctx.userId)} ORDER BY ${orderBy}) FROM page p ${productJoins}), '[]')::text AS results`);
  return row ? { count: row.count, resultsJson: row.results } : EMPTY_PAGE;
}

export async function getProductJson(ctx: CatalogContext, locale: Locale, slug: string): Promise<string> {
  const [row] = await ctx.database.preparedRows<{ product: string }>(sql`
    SELECT ${productJson(locale, ctx.mediaBase, ctx.userId)}::text AS product
    FROM products p ${productJoins}
    WHERE p.slug = ${slug} AND p.is_published`);
  if (!row) throw notFound('No product with that slug.');
  return row.product;
}

/** An offer is available while it and every product in it have stock for one bundle. */
export function offerJson(locale: Locale, mediaBase: string, userId: number | null = null): SQL {
  const l = sql.raw(locale);
  return sql`json_build_object(
    'id', o.id, 'slug', o.slug,
    'name', o.name_${l}, 'name_en', o.name_en, 'name_ar', o.name_ar,
    'description', o.description_${l},
    'price', trim_scale(o.price_piastres::numeric / 100),
    'original_price', trim_scale(o.original_price_piastres::numeric / 100),
    'stock', o.stock,
    'availability', CASE WHEN o.stock > 0 AND NOT EXISTS (
        SELECT 1 FROM offer_items oi JOIN products op ON op.id = oi.product_id JOIN product_variants ov ON ov.id = oi.variant_id
        WHERE oi.offer_id = o.id AND (ov.stock < oi.quantity OR NOT op.is_published))
      THEN 'offer' ELSE 'out_of_stock' END,
    'image', ${mediaBase}::text || o.image,
    'image_desktop', ${mediaBase}::text || o.image_desktop,
    'image_mobile', ${mediaBase}::text || o.image_mobile,
    'products', coalesce((
      SELECT json_agg(json_build_object(
          'product', ${productJson(locale, mediaBase, userId)}, 'variant', oi.variant_id, 'ml', os.ml, 'quantity', oi.quantity)
        ORDER BY p.id, os.ml)
      FROM offer_items oi JOIN products p ON p.id = oi.product_id ${productJoins}
      JOIN product_variants ov ON ov.id = oi.variant_id JOIN sizes os ON os.id = ov.size_id
      WHERE oi.offer_id = o.id), '[]'::json)
  )`;
}

export async function listOffers(ctx: CatalogContext, locale: Locale, page: number, pageSize: number, ids?: number[]): Promise<PageJson> {
  const filter = ids ? sql`is_published AND id = ANY(${sql.param(ids)}::int[])` : sql`is_published`;
  const [row] = await ctx.database.rows<{ count: number; results: string }>(sql`
    SELECT
      (SELECT count(*)::int FROM offers WHERE ${filter}) AS count,
      coalesce((SELECT json_agg(${offerJson(locale, ctx.mediaBase, ctx.userId)} ORDER BY o.created_at DESC, o.id DESC)
        FROM (SELECT * FROM offers WHERE ${filter} ORDER BY created_at DESC, id DESC
              LIMIT ${pageSize} OFFSET ${(page - 1) * pageSize}) o), '[]')::text AS results`);
  return row ? { count: row.count, resultsJson: row.results } : EMPTY_PAGE;
}

export async function getOfferJson(ctx: CatalogContext, locale: Locale, slug: string): Promise<string> {
  const [row] = await ctx.database.rows<{ offer: string }>(sql`
    SELECT ${offerJson(locale, ctx.mediaBase, ctx.userId)}::text AS offer FROM offers o WHERE o.slug = ${slug} AND o.is_published`);
  if (!row) throw notFound('No offer with that slug.');
  return row.offer;
}

/** The short reference lists: plain arrays in the request's language. */
export async function referenceListJson(
  ctx: CatalogContext,
  locale: Locale,
  list: 'categories' | 'families' | 'occasions' | 'sizes',
): Promise<string> {
  const l = sql.raw(locale);
  const queries: Record<typeof list, SQL> = {
    categories: sql`SELECT json_agg(json_build_object('id', id, 'name', name_${l}, 'slug', slug) ORDER BY position, id) FROM categories`,
    families: sql`SELECT json_agg(json_build_object('id', id, 'name', name_${l}, 'slug', slug) ORDER BY name_${l}) FROM families`,
    occasions: sql`SELECT json_agg(json_build_object('id', id, 'name', name_${l}) ORDER BY id) FROM occasions`,
    sizes: sql`SELECT json_agg(json_build_object('id', id, 'ml', ml, 'name', replace(${text(locale, 'sizeName')}, '{ml}', ml::text)) ORDER BY ml) FROM sizes`,
  };
  const [row] = await ctx.database.rows<{ list: string | null }>(sql`SELECT (${queries[list]})::text AS list`);
  return row?.list ?? '[]';
}
