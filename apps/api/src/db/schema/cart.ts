import { sql } from 'drizzle-orm';
import { GIFT_MESSAGE_MAX, ORDER_NOTES_MAX } from '@attar/contract/rules';
import { boolean, check, foreignKey, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { users } from './accounts';
import { products, productVariants, offers } from './catalog';
import { promotions } from './promotions';

/** One line per size and shopper: posting the same size again sets its quantity (the unique key keeps one line). */
export const cartProductLines = pgTable(
  'cart_product_lines',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    variantId: integer('variant_id').notNull(),
    quantity: integer('quantity').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('cart_product_lines_user_variant').on(t.userId, t.variantId),
    foreignKey({ columns: [t.variantId, t.productId], foreignColumns: [productVariants.id, productVariants.productId] }).onDelete(
      'cascade',
    ),
    check('cart_product_lines_quantity_positive', sql`${t.quantity} > 0`),
  ],
);

export const cartOfferLines = pgTable(
  'cart_offer_lines',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    offerId: integer('offer_id')
      .notNull()
      .references(() => offers.id, { onDelete: 'cascade' }),
    quantity: integer('quantity').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('cart_offer_lines_user_offer').on(t.userId, t.offerId),
    check('cart_offer_lines_quantity_positive', sql`${t.quantity} > 0`),
  ],
);

/** The promotion a signed-in shopper applied to their cart (GET /api/promotions/{code}). */
export const cartPromotions = pgTable('cart_promotions', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  promotionId: integer('promotion_id')
    .notNull()
    .references(() => promotions.id),
  createdAt: createdAt(),
});

/**
 * The signed-in shopper's gift wrap, gift message and order notes, kept with the cart until an order takes them
 * (decision 0042); the limits are the order's.
 */
export const cartExtras = pgTable(
  'cart_extras',
  {
    userId: integer('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    giftWrap: boolean('gift_wrap').notNull().default(false),
    giftMessage: text('gift_message').notNull().default(''),
    notes: text('notes').notNull().default(''),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('cart_extras_gift_message_length', sql`char_length(${t.giftMessage}) <= ${sql.raw(String(GIFT_MESSAGE_MAX))}`),
    check('cart_extras_notes_length', sql`char_length(${t.notes}) <= ${sql.raw(String(ORDER_NOTES_MAX))}`),
  ],
);
