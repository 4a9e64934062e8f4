import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text, unique } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { users } from './accounts';
import { products, productVariants } from './catalog';

/**
 * "Tell me when it is back": a signed-in shopper, or a guest's e-mail or phone, for a product (any size) or one size.
 * Deleted as it is told, so each subscriber hears once.
 */
export const stockAlerts = pgTable(
  'stock_alerts',
  {
    id: serial('id').primaryKey(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    /** Null: any of the product's sizes. */
    variantId: integer('variant_id').references(() => productVariants.id, { onDelete: 'cascade' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    /** Lower-case. */
    email: text('email'),
    /** E.164. */
    phone: text('phone'),
    locale: text('locale', { enum: ['en', 'ar'] }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    unique('stock_alerts_once').on(t.productId, t.variantId, t.userId, t.email, t.phone).nullsNotDistinct(),
    index('stock_alerts_product_idx').on(t.productId),
    index('stock_alerts_user_idx').on(t.userId),
    check('stock_alerts_one_subscriber', sql`num_nonnulls(${t.userId}, ${t.email}, ${t.phone}) = 1`),
    check('stock_alerts_email_lower', sql`${t.email} = lower(${t.email})`),
  ],
);
