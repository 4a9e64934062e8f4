import { sql } from 'drizzle-orm';
import { STOCK_REASONS } from '@attar/contract';
import { check, index, integer, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { staffMembers } from './staff';

/**
 * The stock ledger: every change of a size's stock, appended by a trigger on `product_variants` (so no code path can
 * change stock without a row), with the reason, order and staff member the changing transaction declared
 * (`attar.stock_*` settings, stock/ledger.ts), and never edited. The sizes' stock is the sum of its rows.
 */
export const stockMovements = pgTable(
  'stock_movements',
  {
    id: serial('id').primaryKey(),
    /** Not a foreign key: the history outlives a size that is removed. */
    variantId: integer('variant_id').notNull(),
    productId: integer('product_id').notNull(),
    change: integer('change').notNull(),
    stockAfter: integer('stock_after').notNull(),
    reason: text('reason', { enum: STOCK_REASONS }).notNull(),
    orderNumber: text('order_number'),
    staffId: integer('staff_id').references(() => staffMembers.id),
    note: text('note'),
    createdAt: createdAt(),
  },
  (t) => [
    index('stock_movements_variant_idx').on(t.variantId, t.id),
    index('stock_movements_product_idx').on(t.productId, t.id),
    check('stock_movements_change_nonzero', sql`${t.change} <> 0`),
    check('stock_movements_stock_after_nonnegative', sql`${t.stockAfter} >= 0`),
    check(
      'stock_movements_reason_known',
      sql`${t.reason} IN ('received', 'damaged', 'correction', 'order', 'cancellation', 'return', 'order_edit')`,
    ),
  ],
);
