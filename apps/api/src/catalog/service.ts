/** Catalogue reads. Every answer is built as JSON text by PostgreSQL; no HTTP here. */
import { sql, type SQL } from 'drizzle-orm';
import { ProductListQuery, type Locale } from '@attar/contract';
import type { Database } from '../db/client';
import { notFound } from '../http/errors';
import { productJoins, productJson } from './product-json';
import { nearestSpelling, planSearch, type SearchWord } from './search';
import { text } from '../i18n/catalogue';
import { ratingSummaryJson } from '../reviews/service';

/** `userId` is the caller (null for a guest): it decides `isFavourite`. */
export type CatalogContext = { database: Database; mediaBase: string; userId: number | null };
export type PageJson = { count: number; resultsJson: string };

const EMPTY_PAGE: PageJson = { count: 0, resultsJson: '[]' };

/** A filter value given as an id or as a slug. */
const byIdOrSlug = (column: SQL, value: string) =>
  /^\d+$/.test(value) ? sql`${column}.id = ${Number(value)}` : sql`${column}.slug = ${value.toLowerCase()}`;

/** Text with no searchable word (only emoji or punctuation) matches nothing, like a word we do not know. */
const matchable = (words: SearchWord[] | null): words is SearchWord[] => words !== null && words.every((word) => word.terms.length > 0);

/** Every query word matches a product `p` (its name, notes, family, category…). */
const wordsMatch = (words: SearchWord[]) => words.map((word) => sql`p.search_words && ${sql.param(word.terms)}::text[]`);

/** Each word found in the name counts double; each word matched without a typo counts once. */
const searchRank = (words: SearchWord[]) =>
  sql.join(
    words.map(
      (word) => sql`(p.name_words && ${sql.param(word.terms)}::text[])::int * 2
        + (p.search_words && ${sql.param(word.exactTerms)}::text[])::int`,
    ),
    sql` + `,
  );

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

  const piastres = (pounds: number) => Math.round(pounds * 100);
  if (query.price_min !== undefined || query.price_max !== undefined) {
    const low = piastres(query.price_min ?? 0);
    const high = query.price_max === undefined ? null : piastres(query.price_max);
    where.push(sql`EXISTS (SELECT 1 FROM product_variants pv WHERE pv.product_id = p.id AND pv.price_piastres >= ${low}
      AND (${high}::int IS NULL OR pv.price_piastres <= ${high}::int))`);
  }
  if (query.gender) where.push(sql`p.gender = ${query.gender}`);
  if (query.notes) {
    where.push(sql`EXISTS (SELECT 1 FROM product_notes pn JOIN notes nn ON nn.id = pn.note_id
      WHERE pn.product_id = p.id AND nn.slug = ANY(${sql.param(query.notes)}::text[]))`);
  }
  if (query.concentration) where.push(sql`lower(p.concentration_en) = ${query.concentration.toLowerCase()}`);
  if (query.size !== undefined) {
    where.push(sql`EXISTS (SELECT 1 FROM product_variants sv JOIN sizes ss ON ss.id = sv.size_id
      WHERE sv.product_id = p.id AND ss.ml = ${query.size})`);
  }

  let rank = sql`0`;
  const search = query.search?.trim() ? query.search : undefined;
  const searching = search !== undefined;
  if (searching) {
    const words = await planSearch(ctx.database, search);
    if (!matchable(words)) return EMPTY_PAGE;
    where.push(...wordsMatch(words));
    rank = searchRank(words);
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
  // The detail page alone carries the rating summary: listings stay as cheap as they were.
  const [row] = await ctx.database.preparedRows<{ product: string }>(sql`
    SELECT (${productJson(locale, ctx.mediaBase, ctx.userId)}::jsonb || jsonb_build_object('rating', ${ratingSummaryJson}))::text AS product
    FROM products p ${productJoins}
    WHERE p.slug = ${slug} AND p.is_published`);
  if (!row) throw notFound(text(locale, 'productNotFound'));
  return row.product;
}

/** How many products "you may also like" shows. */
export const SIMILAR_LIMIT = 8;

/**
 * "You may also like" beside a product, for guests too: published products with a size in stock that share its notes
 * or its family, the most notes in common first (the same family counts as two), then the newest.
 */
export async function similarProductsJson(ctx: CatalogContext, locale: Locale, slug: string): Promise<string> {
  const [row] = await ctx.database.preparedRows<{ found: boolean; results: string }>(sql`
    WITH me AS (SELECT id, family_id FROM products WHERE slug = ${slug} AND is_published),
    shared AS (
      SELECT theirs.product_id, count(DISTINCT theirs.note_id)::int AS notes
      FROM product_notes mine JOIN product_notes theirs ON theirs.note_id = mine.note_id
      WHERE mine.product_id = (SELECT id FROM me) AND theirs.product_id <> mine.product_id
      GROUP BY theirs.product_id),
    picked AS (
      SELECT p.*, coalesce(s.notes, 0) + CASE WHEN p.family_id = me.family_id THEN 2 ELSE 0 END AS score
      FROM products p CROSS JOIN me LEFT JOIN shared s ON s.product_id = p.id
      WHERE p.is_published AND p.id <> me.id AND (s.notes IS NOT NULL OR p.family_id = me.family_id)
        AND EXISTS (SELECT 1 FROM product_variants sv WHERE sv.product_id = p.id AND sv.stock > 0)
      ORDER BY score DESC, p.created_at DESC, p.id
      LIMIT ${SIMILAR_LIMIT})
    SELECT EXISTS (SELECT 1 FROM me) AS found,
      coalesce((SELECT json_agg(${productJson(locale, ctx.mediaBase, ctx.userId)} ORDER BY p.score DESC, p.created_at DESC, p.id)
        FROM picked p ${productJoins}), '[]')::text AS results`);
  if (!row?.found) throw notFound(text(locale, 'productNotFound'));
  return row.results;
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
    'image_alt', o.image_alt_${l},
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
  if (!row) throw notFound(text(locale, 'offerNotFound'));
  return row.offer;
}

/** The short reference lists: plain arrays in the request's language. */
export async function referenceListJson(
  ctx: CatalogContext,
  locale: Locale,
  list: 'categories' | 'families' | 'occasions' | 'sizes' | 'notes' | 'concentrations',
): Promise<string> {
  const l = sql.raw(locale);
  const queries: Record<typeof list, SQL> = {
    categories: sql`SELECT json_agg(json_build_object('id', id, 'name', name_${l}, 'slug', slug) ORDER BY position, id) FROM categories`,
    families: sql`SELECT json_agg(json_build_object('id', id, 'name', name_${l}, 'slug', slug) ORDER BY name_${l}) FROM families`,
    occasions: sql`SELECT json_agg(json_build_object('id', id, 'name', name_${l}) ORDER BY id) FROM occasions`,
    sizes: sql`SELECT json_agg(json_build_object('id', id, 'ml', ml, 'name', replace(${text(locale, 'sizeName')}, '{ml}', ml::text)) ORDER BY ml) FROM sizes`,
    // Only what a published product has: a filter never offers an empty choice.
    notes: sql`SELECT json_agg(json_build_object('id', id, 'slug', slug, 'name', name_${l}) ORDER BY name_${l}) FROM notes n
      WHERE EXISTS (SELECT 1 FROM product_notes pn JOIN products p ON p.id = pn.product_id WHERE pn.note_id = n.id AND p.is_published)`,
    concentrations: sql`SELECT json_agg(json_build_object('value', value, 'name', name) ORDER BY name) FROM (
      SELECT DISTINCT concentration_en AS value, concentration_${l} AS name FROM products
      WHERE is_published AND concentration_en IS NOT NULL) c`,
  };
  const [row] = await ctx.database.rows<{ list: string | null }>(sql`SELECT (${queries[list]})::text AS list`);
  return row?.list ?? '[]';
}

/** How many products and notes the search box suggests. */
const SUGGESTED_PRODUCTS = 5;
const SUGGESTED_NOTES = 4;

/**
 * What the search box suggests as the shopper types: the best products for the text (the listing's own search and
 * ranking) and the notes whose names match it, in the page's language. Same for every shopper.
 */
export async function searchSuggestionsJson(ctx: CatalogContext, locale: Locale, text: string): Promise<string> {
  const words = await planSearch(ctx.database, text);
  if (!matchable(words)) return '{"products":[],"notes":[]}';
  const l = sql.raw(locale);
  const noteMatches = sql.join(
    words.map((word) => sql`string_to_array(attar_normalize(n.name_en || ' ' || n.name_ar), ' ') && ${sql.param(word.terms)}::text[]`),
    sql` AND `,
  );
  const [row] = await ctx.database.preparedRows<{ suggestions: string }>(sql`
    SELECT json_build_object(
      'products', coalesce((SELECT json_agg(json_build_object('id', m.id, 'slug', m.slug, 'name', m.name,
          'image_mobile', ${ctx.mediaBase}::text || m.image_mobile, 'price', trim_scale(m.price_piastres::numeric / 100)) ORDER BY m.rank DESC, m.created_at DESC, m.id DESC)
        FROM (SELECT p.id, p.slug, p.name_${l} AS name, p.image_mobile, p.price_piastres, p.created_at, ${searchRank(words)} AS rank
              FROM products p WHERE p.is_published AND ${sql.join(wordsMatch(words), sql` AND `)}
              ORDER BY rank DESC, p.created_at DESC, p.id DESC LIMIT ${SUGGESTED_PRODUCTS}) m), '[]'::json),
      'notes', coalesce((SELECT json_agg(json_build_object('slug', n.slug, 'name', n.name) ORDER BY n.name)
        FROM (SELECT n.slug, n.name_${l} AS name FROM notes n
              WHERE ${noteMatches}
                AND EXISTS (SELECT 1 FROM product_notes pn JOIN products p ON p.id = pn.product_id WHERE pn.note_id = n.id AND p.is_published)
              ORDER BY n.name_${l} LIMIT ${SUGGESTED_NOTES}) n), '[]'::json)
    )::text AS suggestions`);
  return row!.suggestions;
}

/** How many products "popular right now" shows. */
const POPULAR_LIMIT = 8;

/**
 * What a search that found nothing offers instead: a corrected spelling that finds something (or null), and the
 * products most ordered in the last 90 days (in stock, published; the newest make up the number).
 */
export async function noResultsJson(ctx: CatalogContext, locale: Locale, text: string): Promise<string> {
  const corrected = await nearestSpelling(ctx.database, text);
  const finds =
    corrected !== null && (await listProducts(ctx, locale, ProductListQuery.parse({ search: corrected, page_size: '1' }))).count > 0;
  const [row] = await ctx.database.preparedRows<{ popular: string }>(sql`
    WITH sold AS (
      SELECT oi.product_id, sum(oi.quantity)::int AS units FROM order_items oi JOIN orders o ON o.id = oi.order_id
      WHERE oi.product_id IS NOT NULL AND o.status NOT IN ('cancelled', 'pending_payment') AND o.created_at > now() - interval '90 days'
      GROUP BY oi.product_id),
    picked AS (
      SELECT p.*, coalesce(s.units, 0) AS units FROM products p LEFT JOIN sold s ON s.product_id = p.id
      WHERE p.is_published AND EXISTS (SELECT 1 FROM product_variants pv WHERE pv.product_id = p.id AND pv.stock > 0)
      ORDER BY units DESC, p.created_at DESC, p.id DESC
      LIMIT ${POPULAR_LIMIT})
    SELECT coalesce((SELECT json_agg(${productJson(locale, ctx.mediaBase, ctx.userId)} ORDER BY p.units DESC, p.created_at DESC, p.id DESC)
      FROM picked p ${productJoins}), '[]')::text AS popular`);
  return `{"did_you_mean":${JSON.stringify(finds ? corrected : null)},"popular":${row!.popular}}`;
}
