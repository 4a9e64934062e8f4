import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, serial, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { users } from './accounts';
import { products } from './catalog';
import { staffMembers } from './staff';

/** One review per shopper per product (a second one edits the first), only by a shopper who received the product. */
export const reviews = pgTable(
  'reviews',
  {
    id: serial('id').primaryKey(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    rating: smallint('rating').notNull(),
    body: text('body').notNull(),
    /** The language the review was written in (either; shown to everyone). */
    locale: text('locale', { enum: ['en', 'ar'] }).notNull(),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** Kept in step with review_votes in the same transaction: "most helpful first" sorts on it. */
    helpfulCount: integer('helpful_count').notNull().default(0),
    /** Moderation: hidden reviews are left out of the product page, its average and count. */
    hiddenAt: timestamp('hidden_at', { withTimezone: true }),
    hiddenBy: integer('hidden_by').references(() => staffMembers.id),
    /** The shop's public answer. */
    reply: text('reply'),
    repliedAt: timestamp('replied_at', { withTimezone: true }),
    repliedBy: integer('replied_by').references(() => staffMembers.id),
  },
  (t) => [
    uniqueIndex('reviews_one_per_shopper').on(t.productId, t.userId),
    index('reviews_product_idx').on(t.productId, t.createdAt),
    index('reviews_user_idx').on(t.userId),
    check('reviews_rating_range', sql`${t.rating} BETWEEN 1 AND 5`),
    check('reviews_body_length', sql`char_length(${t.body}) BETWEEN 1 AND 2000`),
    check('reviews_reply_length', sql`char_length(${t.reply}) BETWEEN 1 AND 2000`),
    check('reviews_helpful_nonnegative', sql`${t.helpfulCount} >= 0`),
  ],
);

/** A shopper found a review helpful (once). */
export const reviewVotes = pgTable(
  'review_votes',
  {
    reviewId: integer('review_id')
      .notNull()
      .references(() => reviews.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.reviewId, t.userId] })],
);
