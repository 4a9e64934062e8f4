/**
 * Promotion codes in the back office: list and search, create, save on a version, deactivate, the
 * popup's choice, and each code's usage computed in SQL from the orders that hold a use of it. Codes are stored
 * upper-case and unique; every write and its audit entry share a transaction.
 */
import { sql, type SQL } from 'drizzle-orm';
import {
  windowEndsAfterStart,
  type Locale,
  type StaffPopupChoice,
  type StaffPromotion,
  type StaffPromotionCreate,
  type StaffPromotionQuery,
  type StaffPromotionSave,
} from '@attar/contract';
import { recordAudit } from '../audit/service';
import { ChangedMeanwhile, fieldText, piastres, poundsSql, versionedWrite, violation } from '../catalog/staff-writes';
import type { Database } from '../db/client';
import { oneRow, rowOrNotFound } from '../db/one-row';
import type * as tables from '../db/schema';
import type { TableRow } from '../db/table-row';
import { ApiError, FieldError, notFound } from '../http/errors';
import { text, type TextKey } from '../i18n/catalogue';
import { rowsOf, type Rows } from '../db/transaction';

/** Expired once its window ended (whatever else), inactive when turned off, scheduled before it starts. */
const stateSql = sql`CASE WHEN p.ends_at IS NOT NULL AND p.ends_at <= now() THEN 'expired' WHEN NOT p.is_active THEN 'inactive'
  WHEN p.starts_at > now() THEN 'scheduled' ELSE 'active' END`;

const namedRefs = (link: SQL, table: SQL, key: SQL) => sql`coalesce((SELECT json_agg(json_build_object('id', n.id,
    'name_en', n.name_en, 'name_ar', n.name_ar) ORDER BY n.name_en, n.id)
  FROM ${link} l JOIN ${table} n ON n.id = l.${key} WHERE l.promotion_id = p.id), '[]')`;

/**
 * Usage counts the orders holding a use of the code (a cancelled order gives its use back, so it drops out): how many,
 * the discount they got, and what they came to less what was refunded.
 */
const usageSql = sql`(SELECT json_build_object('orders', count(*)::int,
    'discount_given', ${poundsSql(sql`coalesce(sum(o.discount_piastres), 0)`)},
    'revenue', ${poundsSql(sql`coalesce(sum(o.total_piastres - o.refunded_piastres), 0)`)})
  FROM promotion_uses u JOIN orders o ON o.id = u.order_id WHERE u.promotion_id = p.id)`;

const staffPromotionJson = sql`json_build_object('id', p.id, 'code', p.code, 'discount_kind', p.discount_kind,
  'percent_discount', p.percent_discount, 'amount_off', ${poundsSql(sql`p.amount_piastres`)},
  'min_order', ${poundsSql(sql`p.min_order_piastres`)}, 'starts_at', p.starts_at, 'ends_at', p.ends_at,
  'is_active', p.is_active, 'is_popup', p.is_popup, 'first_order_only', p.first_order_only,
  'max_uses', p.max_uses, 'per_customer_limit', p.per_customer_limit,
  'categories', ${namedRefs(sql`promotion_categories`, sql`categories`, sql`category_id`)},
  'products', ${namedRefs(sql`promotion_products`, sql`products`, sql`product_id`)},
  'state', ${stateSql}, 'usage', ${usageSql}, 'version', p.version, 'created_at', p.created_at)`;

const promotionRows = (rows: Rows, id: number) =>
  rows<{ promotion: StaffPromotion }>(sql`SELECT ${staffPromotionJson} AS promotion FROM promotions p WHERE p.id = ${id}`);

export async function staffPromotion(database: Database, locale: Locale, id: number) {
  return rowOrNotFound(await promotionRows((query) => database.rows(query), id), text(locale, 'promotionNotFound')).promotion;
}

/** Every code, newest first; search by part of the code, filter by state. */
export async function promotionPage(database: Database, query: StaffPromotionQuery) {
  const conditions: SQL[] = [sql`true`];
  if (query.search) conditions.push(sql`p.code ILIKE ${`%${query.search.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`}`);
  if (query.state) conditions.push(sql`${stateSql} = ${query.state}`);
  const where = sql.join(conditions, sql` AND `);
  return oneRow(
    await database.rows<{ count: number; results: StaffPromotion[] }>(sql`
      SELECT (SELECT count(*)::int FROM promotions p WHERE ${where}) AS count,
        coalesce((SELECT json_agg(${staffPromotionJson} ORDER BY p.created_at DESC, p.id DESC)
          FROM (SELECT * FROM promotions p WHERE ${where} ORDER BY p.created_at DESC, p.id DESC
                LIMIT ${query.page_size} OFFSET ${(query.page - 1) * query.page_size}) p), '[]') AS results`),
  );
}

/** The rules a schema cannot know, each under its field in the caller's language: the window, the names, the code. */
async function checkPromotion(rows: Rows, locale: Locale, input: StaffPromotionCreate, id: number | null) {
  const errors: Record<string, string[]> = {};
  const add = (field: string, key: TextKey) => (errors[field] ??= []).push(text(locale, key));
  if (!windowEndsAfterStart(input.starts_at, input.ends_at)) add('ends_at', 'promotionWindowEnd');
  const found = oneRow(
    await rows<{ categories: number; products: number; taken: boolean }>(sql`
      SELECT (SELECT count(*)::int FROM categories WHERE id = ANY(${sql.param([...new Set(input.categories)])}::int[])) AS categories,
        (SELECT count(*)::int FROM products WHERE id = ANY(${sql.param([...new Set(input.products)])}::int[])) AS products,
        EXISTS (SELECT 1 FROM promotions WHERE code = ${input.code.toUpperCase()} AND id <> ${id ?? 0}) AS taken`),
  );
  if (found.categories !== new Set(input.categories).size) add('categories', 'unknownChoice');
  if (found.products !== new Set(input.products).size) add('products', 'unknownChoice');
  if (found.taken) add('code', 'promotionCodeTaken');
  if (Object.keys(errors).length > 0) throw new FieldError(errors);
}

const fieldsSql = (input: StaffPromotionCreate) => ({
  code: input.code.toUpperCase(),
  percent: input.discount_kind === 'percent' ? input.percent_discount : null,
  amount: input.discount_kind === 'amount' && input.amount_off !== null ? piastres(input.amount_off) : null,
  minOrder: piastres(input.min_order),
});

async function writeRestrictions(rows: Rows, id: number, input: StaffPromotionCreate) {
  await rows(sql`DELETE FROM promotion_categories WHERE promotion_id = ${id}`);
  await rows(sql`DELETE FROM promotion_products WHERE promotion_id = ${id}`);
  const categories = [...new Set(input.categories)];
  const products = [...new Set(input.products)];
  if (categories.length > 0) {
    await rows(sql`INSERT INTO promotion_categories (promotion_id, category_id)
      SELECT ${id}, unnest(${sql.param(categories)}::int[])`);
  }
  if (products.length > 0) {
    await rows(sql`INSERT INTO promotion_products (promotion_id, product_id) SELECT ${id}, unnest(${sql.param(products)}::int[])`);
  }
}

/** A code another save took meanwhile (the unique key decides, whatever the check saw) is the code's field error. */
function promotionConflict(locale: Locale, error: unknown): never {
  if (violation(error)?.constraint === 'promotions_code_unique') throw fieldText(locale, 'code', 'promotionCodeTaken');
  throw error;
}

export async function createPromotion(database: Database, staffId: number, locale: Locale, input: StaffPromotionCreate) {
  const f = fieldsSql(input);
  return database.db
    .transaction(async (tx) => {
      const rows = rowsOf(tx);
      await checkPromotion(rows, locale, input, null);
      const created = oneRow(
        await rows<Pick<TableRow<typeof tables.promotions>, 'id'>>(sql`
          INSERT INTO promotions (code, discount_kind, percent_discount, amount_piastres, min_order_piastres, starts_at, ends_at,
            is_active, first_order_only, max_uses, per_customer_limit)
          VALUES (${f.code}, ${input.discount_kind}, ${f.percent}, ${f.amount}, ${f.minOrder}, ${input.starts_at}::timestamptz,
            ${input.ends_at}::timestamptz, ${input.is_active}, ${input.first_order_only}, ${input.max_uses}, ${input.per_customer_limit})
          RETURNING id`),
      );
      await writeRestrictions(rows, created.id, input);
      const promotion = oneRow(await promotionRows(rows, created.id)).promotion;
      await recordAudit(rows, { staffId, action: 'promotion.create', entity: 'promotion', entityId: created.id, after: promotion });
      return promotion;
    })
    .catch((error: unknown) => promotionConflict(locale, error));
}

/** Claims the next version, or answers why not (gone: 404; saved by someone else first: 409 once rolled back). */
async function claimPromotion(rows: Rows, locale: Locale, id: number, version: number) {
  const before = rowOrNotFound(await promotionRows(rows, id), text(locale, 'promotionNotFound')).promotion;
  const [claimed] = await rows(sql`UPDATE promotions SET version = version + 1 WHERE id = ${id} AND version = ${version} RETURNING id`);
  if (!claimed) throw new ChangedMeanwhile();
  return before;
}

const promotionWrite = <T>(database: Database, locale: Locale, id: number, write: (rows: Rows) => Promise<T>) =>
  versionedWrite(
    database,
    write,
    async () =>
      new ApiError(409, 'promotion_changed', text(locale, 'promotionChanged'), { promotion: await staffPromotion(database, locale, id) }),
    (error) => promotionConflict(locale, error),
  );

/** Saves every field on the version read. Orders already placed keep the discount they were given. */
export async function savePromotion(database: Database, staffId: number, locale: Locale, id: number, input: StaffPromotionSave) {
  const f = fieldsSql(input);
  return promotionWrite(database, locale, id, async (rows) => {
    const before = await claimPromotion(rows, locale, id, input.version);
    await checkPromotion(rows, locale, input, id);
    await rows(sql`
      UPDATE promotions SET code = ${f.code}, discount_kind = ${input.discount_kind}, percent_discount = ${f.percent},
        amount_piastres = ${f.amount}, min_order_piastres = ${f.minOrder}, starts_at = ${input.starts_at}::timestamptz,
        ends_at = ${input.ends_at}::timestamptz, is_active = ${input.is_active}, first_order_only = ${input.first_order_only},
        max_uses = ${input.max_uses}, per_customer_limit = ${input.per_customer_limit},
        is_popup = is_popup AND ${input.is_active}
      WHERE id = ${id}`);
    await writeRestrictions(rows, id, input);
    const after = oneRow(await promotionRows(rows, id)).promotion;
    await recordAudit(rows, { staffId, action: 'promotion.update', entity: 'promotion', entityId: id, before, after });
    return after;
  });
}

/** Turns a code off at once (carts holding it drop it when next read); it leaves the popup too. */
export async function deactivatePromotion(database: Database, staffId: number, locale: Locale, id: number, version: number) {
  return promotionWrite(database, locale, id, async (rows) => {
    const before = await claimPromotion(rows, locale, id, version);
    await rows(sql`UPDATE promotions SET is_active = false, is_popup = false WHERE id = ${id}`);
    const after = oneRow(await promotionRows(rows, id)).promotion;
    await recordAudit(rows, { staffId, action: 'promotion.deactivate', entity: 'promotion', entityId: id, before, after });
    return after;
  });
}

/**
 * The promotion the storefront's popup shows (or none): only one carries the mark. Choices made at once take turns
 * (an advisory lock), so two can never both end up marked.
 */
export async function choosePopup(database: Database, staffId: number, locale: Locale, choice: StaffPopupChoice) {
  return database.db.transaction(async (tx) => {
    const rows = rowsOf(tx);
    await rows(sql`SELECT pg_advisory_xact_lock(hashtext('attar.promotion_popup'))`);
    if (choice.promotion !== null) {
      const [usable] = await rows<{ ok: boolean }>(sql`
        SELECT is_active AND (ends_at IS NULL OR ends_at > now()) AS ok FROM promotions WHERE id = ${choice.promotion}`);
      if (!usable) throw notFound(text(locale, 'promotionNotFound'));
      if (!usable.ok) throw fieldText(locale, 'promotion', 'promotionPopupUnusable');
    }
    const before = await rows<Pick<TableRow<typeof tables.promotions>, 'id'>>(sql`SELECT id FROM promotions WHERE is_popup ORDER BY id`);
    await rows(sql`UPDATE promotions SET is_popup = (id = ${choice.promotion ?? 0}) WHERE is_popup OR id = ${choice.promotion ?? 0}`);
    await recordAudit(rows, {
      staffId,
      action: 'promotion.popup',
      entity: 'promotion',
      entityId: choice.promotion ?? 'none',
      before: { popup: before.map((row) => row.id) },
      after: { popup: choice.promotion === null ? [] : [choice.promotion] },
    });
    return choice;
  });
}
