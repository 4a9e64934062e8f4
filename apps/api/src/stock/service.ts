/**
 * Stock by hand: staff receive units, write off damaged ones and correct counts, one size at a time;
 * every change, theirs or an order's, is a row of the stock ledger (ledger.ts, migration 0021). The low-stock list
 * and its daily e-mail name the sizes at or below their product's threshold.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Locale, LowStockRow, StaffStockAdjustment, StaffStockQuery, StaffStockRow, StockMovement } from '@attar/contract';
import { recordAudit } from '../audit/service';
import { containing, stateSql } from '../catalog/staff-service';
import type { Database } from '../db/client';
import { fieldError, notFound } from '../http/errors';
import { count, text } from '../i18n/catalogue';
import { rowsOf } from '../db/transaction';
import { declareStockChange } from './ledger';
import type * as tables from '../db/schema';
import type { TableRow } from '../db/table-row';
import { oneRow, rowOrNotFound } from '../db/one-row';

/**
 * One size's stock changed by `change` units (a conditional update: never below zero, whatever runs at the same
 * time), with its reason and note in the ledger and the audit log. Answers the stock now.
 */
export async function adjustStock(
  database: Database,
  staffId: number,
  locale: Locale,
  productId: number,
  variantId: number,
  input: StaffStockAdjustment,
): Promise<{ stock: number }> {
  return database.db.transaction(async (tx) => {
    const rows = rowsOf(tx);
    await declareStockChange(rows, { reason: input.reason, staffId, note: input.note || null });
    const [moved] = await rows<Pick<TableRow<typeof tables.productVariants>, 'stock' | 'sku'>>(sql`
      UPDATE product_variants SET stock = stock + ${input.change}
      WHERE id = ${variantId} AND product_id = ${productId} AND stock + ${input.change} >= 0
      RETURNING stock, sku`);
    if (!moved) {
      const size = rowOrNotFound(
        await rows<Pick<TableRow<typeof tables.productVariants>, 'stock'>>(
          sql`SELECT stock FROM product_variants WHERE id = ${variantId} AND product_id = ${productId}`,
        ),
        text(locale, 'notFound'),
      );
      throw fieldError('change', text(locale, 'stockBelowZero', { stock: count(locale, size.stock) }));
    }
    await recordAudit(rows, {
      staffId,
      action: 'stock.adjust',
      entity: 'product',
      entityId: productId,
      after: { size: variantId, sku: moved.sku, change: input.change, reason: input.reason, note: input.note ?? null, stock: moved.stock },
    });
    return { stock: moved.stock };
  });
}

/** A product's stock ledger, newest first. */
export async function stockLedger(database: Database, locale: Locale, productId: number, page: number, pageSize: number) {
  const row = oneRow(
    await database.rows<{ found: boolean; count: number; results: StockMovement[] }>(sql`
    SELECT EXISTS (SELECT 1 FROM products WHERE id = ${productId}) AS found,
      (SELECT count(*)::int FROM stock_movements WHERE product_id = ${productId}) AS count,
      coalesce((SELECT json_agg(json_build_object('id', m.id, 'at', m.created_at, 'size', m.variant_id, 'ml', s.ml,
          'change', m.change, 'stock_after', m.stock_after, 'reason', m.reason, 'order_number', m.order_number,
          'staff', CASE WHEN sm.id IS NULL THEN NULL ELSE json_build_object('id', sm.id, 'name', sm.name) END, 'note', m.note)
        ORDER BY m.id DESC)
      FROM (SELECT * FROM stock_movements WHERE product_id = ${productId} ORDER BY id DESC LIMIT ${pageSize} OFFSET ${(page - 1) * pageSize}) m
      LEFT JOIN product_variants v ON v.id = m.variant_id LEFT JOIN sizes s ON s.id = v.size_id
      LEFT JOIN staff_members sm ON sm.id = m.staff_id), '[]') AS results`),
  );
  if (!row.found) throw notFound(text(locale, 'productNotFound'));
  return { count: row.count, results: row.results };
}

/** Sizes of published products at or below their product's threshold, the emptiest first. */
export async function lowStock(database: Database): Promise<LowStockRow[]> {
  const row = oneRow(
    await database.rows<{ rows: LowStockRow[] }>(sql`
    SELECT coalesce(json_agg(json_build_object('product', p.id, 'slug', p.slug, 'name_en', p.name_en, 'name_ar', p.name_ar,
        'size', v.id, 'ml', s.ml, 'sku', v.sku, 'stock', v.stock, 'threshold', p.low_stock_threshold)
      ORDER BY v.stock, p.name_en, s.ml), '[]') AS rows
    FROM product_variants v JOIN products p ON p.id = v.product_id JOIN sizes s ON s.id = v.size_id
    WHERE p.is_published AND v.stock <= p.low_stock_threshold`),
  );
  return row.rows;
}

/**
 * Every product's sizes with their stock, drafts' too, by the product's name in the caller's language: a product's
 * name (either language) or slug finds all its sizes, a SKU the size it is printed on.
 */
export async function stockPage(database: Database, locale: Locale, query: StaffStockQuery) {
  const conditions: SQL[] = [sql`true`];
  if (query.search) {
    const like = containing(query.search);
    conditions.push(sql`(p.name_en ILIKE ${like} OR p.name_ar ILIKE ${like} OR p.slug ILIKE ${like} OR v.sku ILIKE ${like})`);
  }
  if (query.product !== undefined) conditions.push(sql`p.id = ${query.product}`);
  const where = sql.join(conditions, sql` AND `);
  const order = locale === 'ar' ? sql`p.name_ar, p.id, s.ml` : sql`p.name_en, p.id, s.ml`;
  const sizes = sql`product_variants v JOIN products p ON p.id = v.product_id JOIN sizes s ON s.id = v.size_id`;
  const row = oneRow(
    await database.rows<{ count: number; results: StaffStockRow[] }>(sql`
    SELECT (SELECT count(*)::int FROM ${sizes} WHERE ${where}) AS count,
      coalesce((SELECT json_agg(json_build_object('product', p.id, 'slug', p.slug, 'name_en', p.name_en, 'name_ar', p.name_ar,
          'state', p.state, 'size', p.size, 'ml', p.ml, 'sku', p.sku, 'stock', p.stock, 'threshold', p.low_stock_threshold,
          'low', p.stock <= p.low_stock_threshold) ORDER BY p.ord)
        FROM (SELECT p.id, p.slug, p.name_en, p.name_ar, ${stateSql} AS state, v.id AS size, s.ml, v.sku, v.stock, p.low_stock_threshold,
                row_number() OVER (ORDER BY ${order}) AS ord
              FROM ${sizes} WHERE ${where} ORDER BY ${order}
              LIMIT ${query.page_size} OFFSET ${(query.page - 1) * query.page_size}) p), '[]') AS results`),
  );
  return row;
}
