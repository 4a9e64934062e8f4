import { sql } from 'drizzle-orm';
import { boolean, check, integer, pgTable, primaryKey, serial, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { categories, products } from './catalog';

export const promotions = pgTable(
  'promotions',
  {
    id: serial('id').primaryKey(),
    /** Stored upper-case; codes are matched case-insensitively. */
    code: text('code').notNull().unique(),
    /** Either a percentage of the eligible lines or a fixed amount off them (never more than they cost). */
    discountKind: text('discount_kind', { enum: ['percent', 'amount'] })
      .notNull()
      .default('percent'),
    percentDiscount: smallint('percent_discount'),
    amountPiastres: integer('amount_piastres'),
    /** The cart's subtotal must reach this before the code applies. */
    minOrderPiastres: integer('min_order_piastres').notNull().default(0),
    version: integer('version').notNull().default(1),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull().defaultNow(),
    endsAt: timestamp('ends_at', { withTimezone: true }),
    isActive: boolean('is_active').notNull().default(true),
    /** The promotion the storefront's popup advertises (at most one active at a time is shown). */
    isPopup: boolean('is_popup').notNull().default(false),
    firstOrderOnly: boolean('first_order_only').notNull().default(false),
    /** Null: unlimited. */
    maxUses: integer('max_uses'),
    perCustomerLimit: integer('per_customer_limit'),
    createdAt: createdAt(),
  },
  (t) => [
    check(
      'promotions_discount_shape',
      sql`(${t.discountKind} = 'percent' AND ${t.percentDiscount} BETWEEN 1 AND 100 AND ${t.amountPiastres} IS NULL)
        OR (${t.discountKind} = 'amount' AND ${t.amountPiastres} > 0 AND ${t.percentDiscount} IS NULL)`,
    ),
    check('promotions_min_order_nonnegative', sql`${t.minOrderPiastres} >= 0`),
    check('promotions_window', sql`${t.endsAt} IS NULL OR ${t.endsAt} > ${t.startsAt}`),
    check('promotions_code_upper', sql`${t.code} = upper(${t.code})`),
    check('promotions_limits_positive', sql`coalesce(${t.maxUses}, 1) > 0 AND coalesce(${t.perCustomerLimit}, 1) > 0`),
  ],
);

/** A promotion limited to some categories applies only to their products' lines (none listed: every line). */
export const promotionCategories = pgTable(
  'promotion_categories',
  {
    promotionId: integer('promotion_id')
      .notNull()
      .references(() => promotions.id, { onDelete: 'cascade' }),
    categoryId: integer('category_id')
      .notNull()
      .references(() => categories.id),
  },
  (t) => [primaryKey({ columns: [t.promotionId, t.categoryId] })],
);

/** A promotion limited to some products applies only to their lines (with categories: a line matching either). */
export const promotionProducts = pgTable(
  'promotion_products',
  {
    promotionId: integer('promotion_id')
      .notNull()
      .references(() => promotions.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id),
  },
  (t) => [primaryKey({ columns: [t.promotionId, t.productId] })],
);
