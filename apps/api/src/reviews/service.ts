/**
 * Reviews: the rules and the SQL. A shopper with a delivered order of a product (any size, or in an offer) reviews it
 * once; a second review edits the first. Hidden reviews leave the product page, its average and its count. A visible
 * change tells every API instance to drop its micro-cached catalogue (the product's rating summary is in it).
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Locale, ReviewHelpful, ReviewListQuery, ReviewWrite, StaffReviewQuery, StaffReviewRow } from '@attar/contract';
import type { Database } from '../db/client';
import { oneRow } from '../db/one-row';
import type * as tables from '../db/schema';
import type { TableRow } from '../db/table-row';
import { ApiError, notFound } from '../http/errors';
import { CATALOGUE_CHANNEL } from '../http/catalogue-changes';
import { text } from '../i18n/catalogue';
import { recordAudit } from '../audit/service';
import { escapeLike } from '../orders/staff-service';
import { rowsOf, type Rows } from '../db/transaction';
import { pageOfRows } from '../http/pagination';

/** The visible reviews' `{average, count}` of product `p` (null without any), for the product's JSON. */
export const ratingSummaryJson = sql`(SELECT CASE WHEN count(*) = 0 THEN NULL
    ELSE json_build_object('average', round(avg(rv.rating), 1)::float8, 'count', count(*)::int) END
  FROM reviews rv WHERE rv.product_id = p.id AND rv.hidden_at IS NULL)`;

/**
 * The author of review `r` (user `u` joined) as a shop shows it: first name and initial, or a neutral label for an
 * account without a name (social sign-in may give none). A deleted account's reviews are deleted with it (decision 0026).
 */
const authorLabel = (locale: Locale) => sql`CASE
    WHEN btrim(u.name) = '' THEN ${text(locale, 'reviewAuthorUnnamed')}
    WHEN btrim(u.name) !~ '\\s' THEN btrim(u.name)
    ELSE (regexp_match(btrim(u.name), '^\\S+'))[1] || ' ' || left((regexp_match(btrim(u.name), '(\\S+)$'))[1], 1) || '.'
  END`;

/** The contract's Review for row `r` (user `u` joined), as `userId` (null: a guest) sees it. */
const reviewJson = (locale: Locale, userId: number | null) => sql`json_build_object(
  'id', r.id, 'rating', r.rating, 'text', r.body, 'language', r.locale,
  'created_at', r.created_at, 'updated_at', r.updated_at,
  'author', ${authorLabel(locale)}, 'verified_buyer', true, 'helpful_count', r.helpful_count,
  'reply', CASE WHEN r.reply IS NULL THEN NULL ELSE json_build_object('text', r.reply, 'at', r.replied_at) END,
  'is_mine', ${userId === null ? sql`false` : sql`r.user_id = ${userId}`},
  'found_helpful', ${
    userId === null ? sql`false` : sql`EXISTS (SELECT 1 FROM review_votes hv WHERE hv.review_id = r.id AND hv.user_id = ${userId})`
  })`;

const ORDERINGS: Record<ReviewListQuery['ordering'], SQL> = {
  newest: sql`r.created_at DESC, r.id DESC`,
  helpful: sql`r.helpful_count DESC, r.created_at DESC, r.id DESC`,
};

/** Shopper `userId` has a delivered order with product `productId` in it, in any size or in an offer. */
const receivedProduct = (userId: number, productId: SQL | number) => sql`EXISTS (
  SELECT 1 FROM orders o JOIN order_items oi ON oi.order_id = o.id
  WHERE o.user_id = ${userId} AND o.status = 'delivered'
    AND (oi.product_id = ${productId}
      OR oi.offer_id IN (SELECT ofi.offer_id FROM offer_items ofi WHERE ofi.product_id = ${productId})))`;

export type ReviewPageJson = { count: number; average: number | null; resultsJson: string; mineJson: string; canReview: boolean };

/** A page of a published product's visible reviews with their average and count; 404 for an unknown product. */
export async function reviewPage(
  database: Database,
  locale: Locale,
  slug: string,
  query: ReviewListQuery,
  userId: number | null,
): Promise<ReviewPageJson> {
  const product = sql`(SELECT id FROM products WHERE slug = ${slug} AND is_published)`;
  const [row] = await database.rows<{
    found: boolean;
    count: number;
    average: number | null;
    results: string;
    mine: string;
    can_review: boolean;
  }>(sql`
    WITH visible AS (SELECT * FROM reviews WHERE product_id = ${product} AND hidden_at IS NULL)
    SELECT EXISTS ${product} AS found,
      (SELECT count(*)::int FROM visible) AS count,
      (SELECT round(avg(rating), 1)::float8 FROM visible) AS average,
      coalesce((SELECT json_agg(${reviewJson(locale, userId)} ORDER BY ${ORDERINGS[query.ordering]})
        FROM (SELECT * FROM visible r ORDER BY ${ORDERINGS[query.ordering]}
              LIMIT ${query.page_size} OFFSET ${(query.page - 1) * query.page_size}) r JOIN users u ON u.id = r.user_id), '[]')::text AS results,
      ${
        userId === null
          ? sql`'null' AS mine, false AS can_review`
          : sql`coalesce((SELECT ${reviewJson(locale, userId)} FROM reviews r JOIN users u ON u.id = r.user_id
              WHERE r.product_id = ${product} AND r.user_id = ${userId}), 'null')::text AS mine,
            ${receivedProduct(userId, product)} AS can_review`
      }`);
  if (!row?.found) throw notFound(text(locale, 'productNotFound'));
  return { count: row.count, average: row.average, resultsJson: row.results, mineJson: row.mine, canReview: row.can_review };
}

/** The language a review is written in: Arabic when most of its letters are. */
export function reviewLanguage(body: string): Locale {
  const arabic = body.match(/\p{Script=Arabic}/gu)?.length ?? 0;
  const latin = body.match(/\p{Script=Latin}/gu)?.length ?? 0;
  return arabic > latin ? 'ar' : 'en';
}

/** Drops every instance's micro-cached catalogue when this transaction commits (the product's rating changed). */
const catalogueChanged = (rows: Rows) => rows(sql`SELECT pg_notify(${CATALOGUE_CHANNEL}, '')`);

/**
 * Writes shopper `userId`'s review of the product, or edits theirs (the same review, `updated_at` set): 404 for an
 * unknown product, 403 without a delivered order of it. Answers the review and whether it is new.
 */
export async function writeReview(
  database: Database,
  userId: number,
  locale: Locale,
  slug: string,
  input: ReviewWrite,
): Promise<{ reviewJson: string; created: boolean }> {
  return database.db.transaction(async (tx) => {
    const rows = rowsOf(tx);
    const [product] = await rows<Pick<TableRow<typeof tables.products>, 'id'> & { received: boolean }>(sql`
      SELECT p.id, ${receivedProduct(userId, sql`p.id`)} AS received FROM products p WHERE p.slug = ${slug} AND p.is_published`);
    if (!product) throw notFound(text(locale, 'productNotFound'));
    if (!product.received) throw new ApiError(403, 'not_delivered', text(locale, 'reviewNotDelivered'));
    const saved = oneRow(
      await rows<{ review: string; created: boolean; hidden: boolean }>(sql`
        WITH saved AS (
          INSERT INTO reviews (product_id, user_id, rating, body, locale)
          VALUES (${product.id}, ${userId}, ${input.rating}, ${input.text}, ${reviewLanguage(input.text)})
          ON CONFLICT (product_id, user_id) DO UPDATE
            SET rating = EXCLUDED.rating, body = EXCLUDED.body, locale = EXCLUDED.locale, updated_at = now()
          RETURNING *, xmax = 0 AS created)
        SELECT ${reviewJson(locale, userId)}::text AS review, r.created, r.hidden_at IS NOT NULL AS hidden
        FROM saved r JOIN users u ON u.id = r.user_id`),
    );
    if (!saved.hidden) await catalogueChanged(rows);
    return { reviewJson: saved.review, created: saved.created };
  });
}

/**
 * Shopper `userId` finds a visible review helpful, or no longer does (a toggle): the vote and the review's count change
 * together, each only if the other did. Their own review: 403; a hidden or unknown one: 404.
 */
export async function toggleHelpful(database: Database, userId: number, locale: Locale, reviewId: number): Promise<ReviewHelpful> {
  return database.db.transaction(async (tx) => {
    const rows = rowsOf(tx);
    const [review] = await rows<Pick<TableRow<typeof tables.reviews>, 'user_id' | 'helpful_count'>>(sql`
      SELECT r.user_id, r.helpful_count FROM reviews r JOIN products p ON p.id = r.product_id
      WHERE r.id = ${reviewId} AND r.hidden_at IS NULL AND p.is_published`);
    if (!review) throw notFound(text(locale, 'reviewNotFound'));
    if (review.user_id === userId) throw new ApiError(403, 'own_review', text(locale, 'reviewOwnHelpful'));
    const [withdrawn] = await rows<Pick<TableRow<typeof tables.reviews>, 'helpful_count'>>(sql`
      WITH gone AS (DELETE FROM review_votes WHERE review_id = ${reviewId} AND user_id = ${userId} RETURNING review_id)
      UPDATE reviews SET helpful_count = helpful_count - 1
      WHERE id = ${reviewId} AND helpful_count > 0 AND EXISTS (SELECT 1 FROM gone) RETURNING helpful_count`);
    if (withdrawn) return { helpful_count: withdrawn.helpful_count, found_helpful: false };
    const [added] = await rows<Pick<TableRow<typeof tables.reviews>, 'helpful_count'>>(sql`
      WITH cast_vote AS (
        INSERT INTO review_votes (review_id, user_id) VALUES (${reviewId}, ${userId}) ON CONFLICT DO NOTHING RETURNING review_id)
      UPDATE reviews SET helpful_count = helpful_count + 1
      WHERE id = ${reviewId} AND EXISTS (SELECT 1 FROM cast_vote) RETURNING helpful_count`);
    return { helpful_count: added?.helpful_count ?? review.helpful_count, found_helpful: true };
  });
}

// ---------------------------------------------------------------------------------------------------------------------
// Back office

/** The contract's StaffReviewRow for row `r` (user `u`, product `p` joined). */
const staffReviewJson = (locale: Locale) => {
  const l = sql.raw(locale);
  const staffName = (column: string) => sql`(SELECT json_build_object('id', sm.id, 'name', sm.name)
    FROM staff_members sm WHERE sm.id = r.${sql.raw(column)})`;
  return sql`json_build_object(
    'id', r.id, 'product', json_build_object('id', p.id, 'slug', p.slug, 'name', p.name_${l}),
    'rating', r.rating, 'text', r.body, 'language', r.locale,
    'author', json_build_object('id', u.id,
      'name', u.name, 'email', u.email),
    'created_at', r.created_at, 'updated_at', r.updated_at, 'helpful_count', r.helpful_count,
    'hidden_at', r.hidden_at, 'hidden_by', ${staffName('hidden_by')},
    'reply', r.reply, 'replied_at', r.replied_at, 'replied_by', ${staffName('replied_by')})`;
};
const staffJoins = sql`JOIN users u ON u.id = r.user_id JOIN products p ON p.id = r.product_id`;

/** Reviews for moderation, newest first, by product, rating, state and words (of the review, product or author). */
export async function staffReviewPage(database: Database, locale: Locale, query: StaffReviewQuery) {
  const conditions: SQL[] = [sql`true`];
  if (query.product !== undefined) conditions.push(sql`r.product_id = ${query.product}`);
  if (query.rating !== undefined) conditions.push(sql`r.rating = ${query.rating}`);
  if (query.hidden !== undefined) conditions.push(query.hidden ? sql`r.hidden_at IS NOT NULL` : sql`r.hidden_at IS NULL`);
  if (query.q) {
    const like = `%${escapeLike(query.q)}%`;
    conditions.push(sql`(r.body ILIKE ${like} OR r.reply ILIKE ${like}
      OR EXISTS (SELECT 1 FROM products sp WHERE sp.id = r.product_id AND (sp.name_en ILIKE ${like} OR sp.name_ar ILIKE ${like}))
      OR EXISTS (SELECT 1 FROM users su WHERE su.id = r.user_id AND (su.name ILIKE ${like} OR su.email ILIKE ${like})))`);
  }
  return pageOfRows<StaffReviewRow>(database, {
    table: 'reviews',
    alias: 'r',
    where: sql.join(conditions, sql` AND `),
    orderBy: sql`r.created_at DESC, r.id DESC`,
    rowJson: staffReviewJson(locale),
    joins: staffJoins,
    page: query.page,
    pageSize: query.page_size,
  });
}

async function staffReview(rows: Rows, locale: Locale, id: number): Promise<StaffReviewRow> {
  const [row] = await rows<{ review: StaffReviewRow }>(sql`
    SELECT ${staffReviewJson(locale)} AS review FROM reviews r ${staffJoins} WHERE r.id = ${id}`);
  if (!row) throw notFound(text(locale, 'reviewNotFound'));
  return row.review;
}

/** What a moderation call changes: the columns set, and the audit row's values before and after. */
type Moderation = {
  action: 'review.hide' | 'review.unhide' | 'review.reply' | 'review.remove_reply';
  set: SQL;
  /** Only rows this matches change (nothing to do otherwise: no write, no audit row). */
  when: SQL;
  before: (review: StaffReviewRow) => unknown;
  after: (review: StaffReviewRow) => unknown;
};

/** Applies one moderation to review `id` as staff member `staffId`, audited in the same transaction (which also clears the caches). */
async function moderate(database: Database, staffId: number, locale: Locale, id: number, change: Moderation): Promise<StaffReviewRow> {
  return database.db.transaction(async (tx) => {
    const rows = rowsOf(tx);
    const before = await staffReview(rows, locale, id);
    const changed = await rows(sql`UPDATE reviews r SET ${change.set} WHERE r.id = ${id} AND ${change.when} RETURNING r.id`);
    if (changed.length === 0) return before;
    const after = await staffReview(rows, locale, id);
    await recordAudit(rows, {
      staffId,
      action: change.action,
      entity: 'review',
      entityId: id,
      before: change.before(before),
      after: change.after(after),
    });
    return after;
  });
}

const hiddenState = (review: StaffReviewRow) => ({ hidden: review.hidden_at !== null });
const replyState = (review: StaffReviewRow) => ({ reply: review.reply });

export const hideReview = (database: Database, staffId: number, locale: Locale, id: number, hidden: boolean) =>
  moderate(database, staffId, locale, id, {
    action: hidden ? 'review.hide' : 'review.unhide',
    set: hidden ? sql`hidden_at = now(), hidden_by = ${staffId}` : sql`hidden_at = NULL, hidden_by = NULL`,
    when: hidden ? sql`r.hidden_at IS NULL` : sql`r.hidden_at IS NOT NULL`,
    before: hiddenState,
    after: hiddenState,
  });

/** The shop's answer, new or edited (`reply`), or removed (null). */
export const replyToReview = (database: Database, staffId: number, locale: Locale, id: number, reply: string | null) =>
  moderate(database, staffId, locale, id, {
    action: reply === null ? 'review.remove_reply' : 'review.reply',
    set:
      reply === null
        ? sql`reply = NULL, replied_at = NULL, replied_by = NULL`
        : sql`reply = ${reply}, replied_at = now(), replied_by = ${staffId}`,
    when: reply === null ? sql`r.reply IS NOT NULL` : sql`r.reply IS DISTINCT FROM ${reply}`,
    before: replyState,
    after: replyState,
  });
