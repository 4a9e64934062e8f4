/** Catalogue reads. Every answer is built as JSON text by PostgreSQL; no HTTP here. */
import { sql, type SQL } from 'drizzle-orm';
import { ProductListQuery, type Locale, type SearchIntent } from '@attar/contract';
import type { Database } from '../db/client';
import { notFound } from '../http/errors';
import { favouriteIds, offerDocument, productDocument } from './documents';
import { readIntents, textWithout, withIntents } from './intents';
import { nearestSpelling, planSearch, type SearchPlan, type SearchWord } from './search';
import type { ListingMemo } from './listing-memo';
import type { Versioned } from './versioned';
import { pageItemsSql, parsePageItems, type DocumentCache } from './document-cache';
import { text } from '../i18n/catalogue';
import { ratingSummaryJson } from '../reviews/service';
import { bestsellerIds } from './bestsellers';
import type { TokenCheck } from '../accounts/auth';
import type { TokenState } from '../accounts/tokens';
import { oneRow, rowOrNotFound } from '../db/one-row';

/** `userId` is the caller (null for a guest): it decides `isFavourite`; pictures are named at `mediaBase`. */
export type CatalogContext = { database: Database; mediaBase: string; userId: number | null };
/**
 * Lists also use what the instance keeps: counts and search terms (listing-memo.ts) and documents (document-cache.ts);
 * a signed-in caller's token is checked in the page's own statement when the route asks (`tokenCheck`, decision 0030).
 */
export type ListingContext = CatalogContext & { memo: ListingMemo; documents: DocumentCache; tokenCheck: TokenCheck | null };
export type PageJson = { count: number; resultsJson: string };

const EMPTY_PAGE: PageJson = { count: 0, resultsJson: '[]' };

/** A filter value given as an id or as a slug. */
const byIdOrSlug = (column: SQL, value: string) =>
  /^\d+$/.test(value) ? sql`${column}.id = ${Number(value)}` : sql`${column}.slug = ${value.toLowerCase()}`;

/**
 * A filter whose value the shop does not offer (an old link's note, a misspelt family) is left out rather than
 * emptying the list, as the storefront leaves it out of its chips (decision 0043): `known` finds the value.
 */
const unlessUnknown = (known: SQL, filter: SQL) => sql`(NOT EXISTS (${known}) OR ${filter})`;

/**
 * The words a search scores: those that match something. Null when none does (only emoji or punctuation, or only
 * words we do not know): such text matches nothing.
 */
const matchable = (words: SearchWord[] | null): SearchWord[] | null => {
  const found = words?.filter((word) => word.terms.length > 0 || word.genders.length > 0) ?? [];
  return found.length > 0 ? found : null;
};

/**
 * Runs `search` with the text's plan (its dictionary terms and words), remembered per instance: when its statement
 * finds the catalogue's version moved since the plan was read, it is read again and `search` runs once more
 * (listing-memo.ts). `search` answers null when the text finds nothing to look for.
 */
async function withSearchPlan<T extends { version: string }>(
  ctx: ListingContext,
  text: string,
  search: (plan: SearchPlan) => Promise<T | null>,
): Promise<T | null> {
  const plan = async (): Promise<Versioned<SearchPlan>> => {
    const fresh = await planSearch(ctx.database, text);
    ctx.memo.plans.set(text, fresh);
    return fresh;
  };
  const remembered = ctx.memo.plans.get(text);
  const answer = await search((remembered ?? (await plan())).value);
  if (!remembered) return answer;
  const version = answer?.version ?? (await catalogueVersion(ctx.database));
  if (version === remembered.version) return answer;
  return search((await plan()).value);
}

/**
 * How a search is read: with the filters its words ask for (intents.ts), every product in them listed and those its
 * other words match first, when the filters hold any; else by its words alone, as if no word had been read as a filter
 * (no dead end).
 */
async function searchScope<T extends { version: string; found: boolean }>(
  query: ProductListQuery,
  plan: SearchPlan,
  search: (narrowed: ProductListQuery, words: SearchWord[] | null, intended: boolean) => Promise<T>,
): Promise<(T & { understood?: SearchIntent[] }) | null> {
  const intents = readIntents(plan.typed, query);
  if (intents.length > 0) {
    const said = new Set(intents.flatMap((intent) => intent.positions.flatMap((at) => plan.typed[at] ?? [])));
    const rest = matchable(plan.words?.filter((word) => !said.has(word.word)) ?? null);
    const answer = await search(withIntents(query, intents), rest, true);
    const understood = intents.map(({ kind, value, positions }) => ({ kind, value, search: textWithout(plan.typed, positions) }));
    if (answer.found) return { ...answer, understood };
  }
  const words = matchable(plan.words);
  return words ? search(query, words, false) : null;
}

async function catalogueVersion(database: Database): Promise<string> {
  const row = oneRow(await database.preparedRows<{ version: string }>(sql`SELECT version::text AS version FROM catalogue_version`));
  return row.version;
}

/** A query word matches a product `p` (its name, notes, family, category… or the gender it names). */
const wordMatches = (word: SearchWord) =>
  sql`(p.search_words && ${sql.param(word.terms)}::text[] OR p.gender = ANY(${sql.param(word.genders)}::text[]))`;

/** Some query word matches a product `p`: words are scored, not required (docs/search.md). */
const wordsMatch = (words: SearchWord[]) =>
  sql`(p.search_words && ${sql.param(words.flatMap((word) => word.terms))}::text[]
    OR p.gender = ANY(${sql.param(words.flatMap((word) => word.genders))}::text[]))`;

/**
 * Each word matched counts four, so more words matched always rank first; then each found in the name two more,
 * each matched without a typo one more.
 */
const searchRank = (words: SearchWord[]) =>
  sql.join(
    words.map(
      (word) => sql`${wordMatches(word)}::int * 4
        + (p.name_words && ${sql.param(word.terms)}::text[])::int * 2
        + (p.search_words && ${sql.param(word.exactTerms)}::text[])::int`,
    ),
    sql` + `,
  );

/** What a list's filters (not its search) ask of a product `p`. */
function listWhere(query: ProductListQuery): SQL[] {
  const where: SQL[] = [sql`p.is_published`];
  if (query.ids) where.push(sql`p.id = ANY(${sql.param(query.ids)}::int[])`);
  if (query.category_slug) {
    where.push(sql`p.category_id = (SELECT id FROM categories WHERE slug = ${query.category_slug.toLowerCase()})`);
  }
  if (query.type) where.push(sql`p.type = ${query.type}`);
  if (query.is_new !== undefined) where.push(sql`p.is_new = ${query.is_new}`);
  if (query.family) {
    const family = byIdOrSlug(sql`ff`, query.family);
    where.push(
      unlessUnknown(sql`SELECT 1 FROM families ff WHERE ${family}`, sql`p.family_id = (SELECT ff.id FROM families ff WHERE ${family})`),
    );
  }
  if (query.occasion) {
    const occasion = byIdOrSlug(sql`oo`, query.occasion);
    where.push(
      unlessUnknown(
        sql`SELECT 1 FROM occasions oo WHERE ${occasion}`,
        sql`EXISTS (SELECT 1 FROM product_occasions po JOIN occasions oo ON oo.id = po.occasion_id
          WHERE po.product_id = p.id AND ${occasion})`,
      ),
    );
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
    // Any of the notes: one no published product has matches nothing, so it only counts when none is known.
    const notes = sql.param(query.notes);
    where.push(
      unlessUnknown(
        sql`SELECT 1 FROM product_notes kn JOIN notes nn ON nn.id = kn.note_id JOIN products kp ON kp.id = kn.product_id
          WHERE kp.is_published AND nn.slug = ANY(${notes}::text[])`,
        sql`EXISTS (SELECT 1 FROM product_notes pn JOIN notes nn ON nn.id = pn.note_id
          WHERE pn.product_id = p.id AND nn.slug = ANY(${notes}::text[]))`,
      ),
    );
  }
  if (query.concentration) {
    const concentration = query.concentration.toLowerCase();
    where.push(
      unlessUnknown(
        sql`SELECT 1 FROM products kp WHERE kp.is_published AND lower(kp.concentration_en) = ${concentration}`,
        sql`lower(p.concentration_en) = ${concentration}`,
      ),
    );
  }
  if (query.size !== undefined) {
    where.push(
      unlessUnknown(
        sql`SELECT 1 FROM sizes ks WHERE ks.ml = ${query.size}`,
        sql`EXISTS (SELECT 1 FROM product_variants sv JOIN sizes ss ON ss.id = sv.size_id
          WHERE sv.product_id = p.id AND ss.ml = ${query.size})`,
      ),
    );
  }

  return where;
}

export async function listProducts(ctx: ListingContext, locale: Locale, query: ProductListQuery): Promise<PageJson & SearchHelp> {
  const search = query.search?.trim() ? query.search : undefined;
  if (search === undefined) return listingPage(ctx, locale, query, listWhere(query));
  let words: SearchWord[] | null = null;
  const page = await withSearchPlan(ctx, search, (plan) => {
    words = plan.words;
    return searchScope(query, plan, async (narrowed, matched, intended) => {
      const found = matched
        ? await searchPage(ctx, locale, narrowed, listWhere(narrowed), matched, !intended)
        : await listingPage(ctx, locale, narrowed, listWhere(narrowed));
      return { ...found, found: found.count > 0 };
    });
  });
  if (!page) return EMPTY_PAGE;
  // Found by some of its words only: a spelling of the others that finds more is offered beside the results (a search
  // that found nothing asks for it with the popular products, noResultsJson).
  const corrected = page.count > 0 ? await betterSpelling(ctx, search, words) : null;
  return {
    count: page.count,
    resultsJson: page.resultsJson,
    understood: page.understood,
    ...(corrected === null ? {} : { did_you_mean: corrected }),
  };
}

/** What a search's page adds to its products: the filters its words were read as, and a better spelling of it. */
type SearchHelp = { understood?: SearchIntent[]; did_you_mean?: string };

/** The orderings a page can ask for; a search's rank comes before them. */
function pageOrder(locale: Locale, query: ProductListQuery): SQL {
  const l = sql.raw(locale);
  const ordering: Record<NonNullable<ProductListQuery['ordering']>, SQL> = {
    price: sql`p.price_piastres ASC`,
    '-price': sql`p.price_piastres DESC`,
    '-created_at': sql`p.created_at DESC`,
    name: sql`p.name_${l} ASC`,
  };
  return sql.join([sql`search_rank DESC`, query.ordering ? ordering[query.ordering] : sql`p.created_at DESC`, sql`p.id DESC`], sql`, `);
}

/** What a page reads of each product before its documents are joined in: the id and every column `pageOrder` names. */
const sortKeys = (locale: Locale) => sql`p.id, p.created_at, p.price_piastres, p.name_${sql.raw(locale)}`;

/**
 * The page's products in its order, each with its document's revision, whether the caller holds it as a favourite,
 * its rating summary and its bestseller mark (decision 0039).
 */
const pageItems = (ctx: CatalogContext, locale: Locale, orderBy: SQL, page = sql`page p`) => {
  const favourite = ctx.userId === null ? sql`false` : sql`p.id = ANY (${favouriteIds(ctx.userId)})`;
  return sql`(SELECT json_agg(${pageItemsSql(favourite, ratingSummaryJson, sql`p.id = ANY (${bestsellerIds}::int[])`)} ORDER BY ${orderBy})::text
    FROM ${page} JOIN product_documents d ON d.product_id = p.id AND d.locale = ${locale})`;
};

/** The caller's token state, when this statement checks it (decision 0030); `settleToken` then acts on it. */
const tokenState = (ctx: ListingContext) => sql`${ctx.tokenCheck?.stateSql ?? sql`NULL`} AS token_state`;
const settleToken = (ctx: ListingContext, row: { token_state: TokenState }) => ctx.tokenCheck?.settle(row.token_state);

const pageWindow = (query: ProductListQuery, orderBy: SQL) =>
  sql`ORDER BY ${orderBy} LIMIT ${query.page_size} OFFSET ${(query.page - 1) * query.page_size}`;

/**
 * A listing reads its page (in order) from the published-category index and joins the page's documents. Its count is
 * the instance's, counted again (index-only) only when the catalogue's version moved since (listing-memo.ts).
 */
async function listingPage(
  ctx: ListingContext,
  locale: Locale,
  query: ProductListQuery,
  where: SQL[],
): Promise<PageJson & { version: string }> {
  const orderBy = pageOrder(locale, query);
  const filter = sql.join(where, sql` AND `);
  const { page: _page, page_size: _size, ordering: _ordering, ...filters } = query;
  const countKey = JSON.stringify(filters);
  const known = ctx.memo.counts.get(countKey);
  const row = oneRow(
    await ctx.database.preparedRows<{
      version: string;
      count: number | null;
      items: string | null;
      token_state: TokenState;
    }>(sql`
    WITH page AS (SELECT ${sortKeys(locale)}, 0 AS search_rank FROM products p WHERE ${filter} ${pageWindow(query, orderBy)})
    SELECT v.version::text AS version, ${tokenState(ctx)},
      CASE WHEN v.version = ${known?.version ?? '-1'}::bigint THEN NULL ELSE (SELECT count(*)::int FROM products p WHERE ${filter}) END AS count,
      ${pageItems(ctx, locale, orderBy)} AS items
    FROM catalogue_version v`),
  );
  await settleToken(ctx, row);
  const resultsJson = await ctx.documents.pageJson(ctx.database, locale, parsePageItems(row.items));
  if (row.count === null) {
    // The count is left out only for the version the memo holds.
    if (!known) throw new Error('The catalogue count was left out without one remembered.');
    return { version: row.version, count: known.value, resultsJson };
  }
  ctx.memo.counts.set(countKey, { version: row.version, value: row.count });
  return { version: row.version, count: row.count, resultsJson };
}

/** The first ids of a search's `matches` (named `alias` in `orderBy`) the memo keeps, in order; null when none match. */
const keptRanking = (memo: ListingMemo, alias: 'p' | 'm', orderBy: SQL) => {
  const a = sql.raw(alias);
  return sql`(SELECT array_agg(${a}.id ORDER BY ${orderBy}) FROM (SELECT * FROM matches ${a} ORDER BY ${orderBy} LIMIT ${memo.keptRanking}) ${a})`;
};

/**
 * What a search's ranking is remembered by: the language, the words as planned, the filters and whether the words
 * are required (not the page, its size or the text as typed). The page and the suggestions share it.
 */
function rankingKey(locale: Locale, query: ProductListQuery, words: SearchWord[], wordsRequired: boolean): string {
  const { page: _page, page_size: _size, search: _search, lang: _lang, ...filters } = query;
  return JSON.stringify([locale, words, filters, wordsRequired]);
}

/**
 * A search's matches are scattered over the table: it reads them once (their ids and sort keys), ranks and counts them,
 * and names the page's products. Their order is kept per instance while the catalogue's version stands
 * (listing-memo.ts): the same search again, or its next page, only reads the page's documents' revisions.
 */
async function searchPage(
  ctx: ListingContext,
  locale: Locale,
  query: ProductListQuery,
  where: SQL[],
  words: SearchWord[],
  /** False within filters a search's words asked for: every product in them is listed, those its words match first. */
  wordsRequired = true,
): Promise<PageJson & { version: string }> {
  const orderBy = pageOrder(locale, query);
  const key = rankingKey(locale, query, words, wordsRequired);
  const start = (query.page - 1) * query.page_size;
  const known = ctx.memo.rankings.get(key);
  const { ids: keptIds, count: keptCount } = known?.value ?? { ids: [], count: 0 };
  if (known && (start + query.page_size <= keptIds.length || keptIds.length === keptCount)) {
    const ids = keptIds.slice(start, start + query.page_size);
    const row = oneRow(
      await ctx.database.preparedRows<{ version: string; items: string | null; token_state: TokenState }>(sql`
      SELECT v.version::text AS version, ${tokenState(ctx)},
        ${pageItems(ctx, locale, sql`p.ord`, sql`unnest(${sql.param(ids)}::int[]) WITH ORDINALITY AS p(id, ord)`)} AS items
      FROM catalogue_version v`),
    );
    await settleToken(ctx, row);
    if (row.version === known.version) {
      const resultsJson = await ctx.documents.pageJson(ctx.database, locale, parsePageItems(row.items));
      return { version: row.version, count: keptCount, resultsJson };
    }
  }
  const filter = sql.join(wordsRequired ? [...where, wordsMatch(words)] : where, sql` AND `);
  const row = oneRow(
    await ctx.database.preparedRows<{
      version: string;
      count: number;
      items: string | null;
      ranked: number[] | null;
      token_state: TokenState;
    }>(sql`
    WITH matches AS MATERIALIZED (SELECT ${sortKeys(locale)}, ${searchRank(words)} AS search_rank FROM products p WHERE ${filter}),
    page AS (SELECT * FROM matches p ${pageWindow(query, orderBy)})
    SELECT v.version::text AS version, ${tokenState(ctx)}, (SELECT count(*)::int FROM matches) AS count, ${pageItems(ctx, locale, orderBy)} AS items,
      ${keptRanking(ctx.memo, 'p', orderBy)} AS ranked
    FROM catalogue_version v`),
  );
  await settleToken(ctx, row);
  ctx.memo.rankings.set(key, { version: row.version, value: { ids: row.ranked ?? [], count: row.count } });
  const resultsJson = await ctx.documents.pageJson(ctx.database, locale, parsePageItems(row.items));
  return { version: row.version, count: row.count, resultsJson };
}

export async function getProductJson(ctx: CatalogContext, locale: Locale, slug: string): Promise<string> {
  // The detail page alone carries the rating summary: listings stay as cheap as they were.
  const [row] = await ctx.database.preparedRows<{ product: string }>(sql`
    SELECT left(${productDocument(locale, ctx.mediaBase, ctx.userId)}, -1) || ',"rating":' || coalesce(${ratingSummaryJson}::text, 'null') || '}' AS product
    FROM products p WHERE p.slug = ${slug} AND p.is_published`);
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
      coalesce((SELECT '[' || string_agg(${productDocument(locale, ctx.mediaBase, ctx.userId)}, ',' ORDER BY p.score DESC, p.created_at DESC, p.id) || ']'
        FROM picked p), '[]') AS results`);
  if (!row?.found) throw notFound(text(locale, 'productNotFound'));
  return row.results;
}

/** How many products "you may also like" shows for a guest's cart, as for a signed-in one (cart/service.ts). */
export const LIKE_LIMIT = 12;

/**
 * "You may also like" for a guest's cart, which only the browser knows: published products with a size in stock,
 * not among the given ones, sharing their notes or families; scored as beside one product (a note in common with any
 * of them counts once, a family of theirs two), then the newest. Unknown or unpublished ids add nothing.
 */
export async function likeProductsJson(ctx: CatalogContext, locale: Locale, ids: number[]): Promise<string> {
  const [row] = await ctx.database.rows<{ results: string }>(sql`
    WITH seeds AS (SELECT id, family_id FROM products WHERE id = ANY(${sql.param(ids)}::int[]) AND is_published),
    shared AS (
      SELECT theirs.product_id, count(DISTINCT theirs.note_id)::int AS notes
      FROM product_notes mine JOIN product_notes theirs ON theirs.note_id = mine.note_id
      WHERE mine.product_id IN (SELECT id FROM seeds) GROUP BY theirs.product_id),
    picked AS (
      SELECT p.*, coalesce(s.notes, 0) + CASE WHEN p.family_id IN (SELECT family_id FROM seeds) THEN 2 ELSE 0 END AS score
      FROM products p LEFT JOIN shared s ON s.product_id = p.id
      WHERE p.is_published AND p.id <> ALL(${sql.param(ids)}::int[])
        AND (s.notes IS NOT NULL OR p.family_id IN (SELECT family_id FROM seeds))
        AND EXISTS (SELECT 1 FROM product_variants sv WHERE sv.product_id = p.id AND sv.stock > 0)
      ORDER BY score DESC, p.created_at DESC, p.id
      LIMIT ${LIKE_LIMIT})
    SELECT coalesce((SELECT '[' || string_agg(${productDocument(locale, ctx.mediaBase, ctx.userId)}, ',' ORDER BY p.score DESC, p.created_at DESC, p.id) || ']'
      FROM picked p), '[]') AS results`);
  return row?.results ?? '[]';
}

export async function listOffers(ctx: CatalogContext, locale: Locale, page: number, pageSize: number, ids?: number[]): Promise<PageJson> {
  const filter = ids ? sql`is_published AND id = ANY(${sql.param(ids)}::int[])` : sql`is_published`;
  const [row] = await ctx.database.rows<{ count: number; results: string }>(sql`
    SELECT
      (SELECT count(*)::int FROM offers WHERE ${filter}) AS count,
      coalesce((SELECT '[' || string_agg(${offerDocument(locale, ctx.mediaBase, ctx.userId)}, ',' ORDER BY o.created_at DESC, o.id DESC) || ']'
        FROM (SELECT id, created_at FROM offers WHERE ${filter} ORDER BY created_at DESC, id DESC
              LIMIT ${pageSize} OFFSET ${(page - 1) * pageSize}) o), '[]') AS results`);
  return row ? { count: row.count, resultsJson: row.results } : EMPTY_PAGE;
}

export async function getOfferJson(ctx: CatalogContext, locale: Locale, slug: string): Promise<string> {
  const row = rowOrNotFound(
    await ctx.database.rows<{ offer: string }>(sql`
    SELECT ${offerDocument(locale, ctx.mediaBase, ctx.userId)} AS offer FROM offers o WHERE o.slug = ${slug} AND o.is_published`),
    text(locale, 'offerNotFound'),
  );
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
export async function searchSuggestionsJson(ctx: ListingContext, locale: Locale, text: string): Promise<string> {
  // Read as the results page reads it (the same filters from its words), so what the box proposes is what it finds.
  const found = await withSearchPlan(ctx, text, (plan) =>
    searchScope(ProductListQuery.parse({}), plan, (narrowed, words, intended) => suggestionsFor(ctx, locale, narrowed, words, !intended)),
  );
  return found?.suggestions ?? '{"products":[],"notes":[]}';
}

async function suggestionsFor(
  ctx: ListingContext,
  locale: Locale,
  query: ProductListQuery,
  words: SearchWord[] | null,
  wordsRequired: boolean,
): Promise<{ version: string; found: boolean; suggestions: string }> {
  // The products come in the search page's own order: a ranking the instance remembers for the text (its page's, or
  // an earlier suggestion's) is read, not made again; one made here is remembered for both.
  const key = words ? rankingKey(locale, query, words, wordsRequired) : null;
  const known = key === null ? undefined : ctx.memo.rankings.get(key);
  if (known) {
    const answer = await suggestionsStatement(ctx, locale, query, words, wordsRequired, known.value.ids);
    if (answer.version === known.version) return answer;
  }
  const answer = await suggestionsStatement(ctx, locale, query, words, wordsRequired, null);
  if (key !== null && answer.count !== null) {
    ctx.memo.rankings.set(key, { version: answer.version, value: { ids: answer.ranked ?? [], count: answer.count } });
  }
  return answer;
}

/** The suggestions' statement: the first `SUGGESTED_PRODUCTS` of a known ranking, or of one it makes (and answers). */
async function suggestionsStatement(
  ctx: ListingContext,
  locale: Locale,
  query: ProductListQuery,
  words: SearchWord[] | null,
  wordsRequired: boolean,
  ranked: number[] | null,
) {
  const l = sql.raw(locale);
  const terms = sql.param((words ?? []).flatMap((word) => word.terms));
  const noteMatches = sql`string_to_array(attar_normalize(n.name_en || ' ' || n.name_ar), ' ') && ${terms}::text[]`;
  const filter = sql.join(words && wordsRequired ? [...listWhere(query), wordsMatch(words)] : listWhere(query), sql` AND `);
  const order = sql`m.search_rank DESC, m.created_at DESC, m.id DESC`;
  const best =
    ranked === null
      ? sql`matches AS MATERIALIZED (SELECT p.id, p.created_at, ${words ? searchRank(words) : sql`0`} AS search_rank FROM products p WHERE ${filter}),
        best AS (SELECT m.id, row_number() OVER (ORDER BY ${order}) AS ord FROM matches m ORDER BY ${order} LIMIT ${SUGGESTED_PRODUCTS})`
      : sql`best AS (SELECT b.id, b.ord FROM unnest(${sql.param(ranked.slice(0, SUGGESTED_PRODUCTS))}::int[]) WITH ORDINALITY AS b(id, ord))`;
  const row = oneRow(
    await ctx.database.preparedRows<{
      version: string;
      found: boolean;
      ranked: number[] | null;
      count: number | null;
      suggestions: string;
    }>(sql`
    WITH ${best}
    SELECT (SELECT version::text FROM catalogue_version) AS version,
      ${ranked === null ? sql`EXISTS (SELECT 1 FROM matches)` : sql`${ranked.length > 0}::boolean`} AS found,
      ${ranked === null && words ? sql`${keptRanking(ctx.memo, 'm', order)} AS ranked, (SELECT count(*)::int FROM matches) AS count` : sql`NULL::int[] AS ranked, NULL::int AS count`},
      json_build_object(
      'products', coalesce((SELECT json_agg(json_build_object('id', p.id, 'slug', p.slug, 'name', p.name_${l},
          'image_mobile', ${ctx.mediaBase}::text || p.image_mobile, 'price', trim_scale(p.price_piastres::numeric / 100),
          'rating', ${ratingSummaryJson}) ORDER BY b.ord)
        FROM best b JOIN products p ON p.id = b.id), '[]'::json),
      'notes', coalesce((SELECT json_agg(json_build_object('slug', n.slug, 'name', n.name) ORDER BY n.name)
        FROM (SELECT n.slug, n.name_${l} AS name FROM notes n
              WHERE ${noteMatches}
                AND EXISTS (SELECT 1 FROM product_notes pn JOIN products p ON p.id = pn.product_id WHERE pn.note_id = n.id AND p.is_published)
              ORDER BY n.name_${l} LIMIT ${SUGGESTED_NOTES}) n), '[]'::json)
    )::text AS suggestions`),
  );
  return row;
}

/** How many products "popular right now" shows. */
const POPULAR_LIMIT = 8;

/** The most of a text's planned words one published product matches: 0 when it finds nothing. */
async function bestCoverage(ctx: ListingContext, planned: SearchWord[] | null): Promise<number> {
  const words = matchable(planned);
  if (!words) return 0;
  const row = oneRow(
    await ctx.database.preparedRows<{ best: number }>(sql`
    SELECT coalesce(max(${sql.join(
      words.map((word) => sql`${wordMatches(word)}::int`),
      sql` + `,
    )}), 0)::int AS best
    FROM products p WHERE p.is_published AND ${wordsMatch(words)}`),
  );
  return row.best;
}

/**
 * The text with only its words that matched nothing spelt anew, when that finds a product matching more of its words
 * than the text as typed does; else null. Nothing to correct (every word known) costs no statement.
 */
async function betterSpelling(ctx: ListingContext, text: string, words: SearchWord[] | null): Promise<string | null> {
  const unknown = (words ?? []).filter((word) => word.terms.length === 0 && word.genders.length === 0).map((word) => word.word);
  if (unknown.length === 0) return null;
  const corrected = await nearestSpelling(ctx.database, text, unknown);
  if (corrected === null) return null;
  const correctedWords = (await planSearch(ctx.database, corrected)).value.words;
  return (await bestCoverage(ctx, correctedWords)) > (await bestCoverage(ctx, words)) ? corrected : null;
}

/**
 * What a search that found nothing offers instead: a better spelling (`betterSpelling`, or null) and the products
 * most ordered in the last 90 days (in stock, published; the newest make up the number).
 */
export async function noResultsJson(ctx: ListingContext, locale: Locale, text: string): Promise<string> {
  const corrected = await betterSpelling(ctx, text, (await planSearch(ctx.database, text)).value.words);
  const row = oneRow(
    await ctx.database.preparedRows<{ popular: string }>(sql`
    WITH sold AS (
      SELECT oi.product_id, sum(oi.quantity)::int AS units FROM order_items oi JOIN orders o ON o.id = oi.order_id
      WHERE oi.product_id IS NOT NULL AND o.status NOT IN ('cancelled', 'pending_payment') AND o.created_at > now() - interval '90 days'
      GROUP BY oi.product_id),
    picked AS (
      SELECT p.*, coalesce(s.units, 0) AS units FROM products p LEFT JOIN sold s ON s.product_id = p.id
      WHERE p.is_published AND EXISTS (SELECT 1 FROM product_variants pv WHERE pv.product_id = p.id AND pv.stock > 0)
      ORDER BY units DESC, p.created_at DESC, p.id DESC
      LIMIT ${POPULAR_LIMIT})
    SELECT coalesce((SELECT '[' || string_agg(${productDocument(locale, ctx.mediaBase, ctx.userId)}, ',' ORDER BY p.units DESC, p.created_at DESC, p.id DESC) || ']'
      FROM picked p), '[]') AS popular`),
  );
  return `{"did_you_mean":${JSON.stringify(corrected)},"popular":${row.popular}}`;
}
