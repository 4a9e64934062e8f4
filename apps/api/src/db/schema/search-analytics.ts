import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { products } from './catalog';

/**
 * Search analytics (decision 0045): one row per storefront search (first page only), with no personal data — the text
 * as typed, its language, how many products it found, and the product a shopper then opened from its results, if any.
 * Deleted after the site's retention period by the hourly housekeeping.
 */
export const searches = pgTable(
  'searches',
  {
    id: serial('id').primaryKey(),
    query: text('query').notNull(),
    locale: text('locale', { enum: ['en', 'ar'] }).notNull(),
    resultCount: integer('result_count').notNull(),
    createdAt: createdAt(),
    /** The first product opened from the results; null after a click when that product is deleted. */
    clickedProductId: integer('clicked_product_id').references(() => products.id, { onDelete: 'set null' }),
    clickedAt: timestamp('clicked_at', { withTimezone: true }),
  },
  (t) => [
    index('searches_created_at_idx').on(t.createdAt),
    check('searches_query_length', sql`char_length(${t.query}) BETWEEN 1 AND 200`),
    check('searches_locale_known', sql`${t.locale} IN ('en', 'ar')`),
    check('searches_result_count_nonnegative', sql`${t.resultCount} >= 0`),
    check('searches_click_when', sql`${t.clickedProductId} IS NULL OR ${t.clickedAt} IS NOT NULL`),
  ],
);
