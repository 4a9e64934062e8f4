import { sql } from 'drizzle-orm';
import { check, integer, pgTable, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import { orders } from './orders';
import { staffMembers } from './staff';

/**
 * The payment link of an order taken by phone and paid online (decision 0060): one per order, to the number it was
 * sent to, payable until `expires_at` (fixed when first sent, from the shop's `payment_link_hours`). `sends`: how many
 * times it went out (staff may send it again, at most once every few minutes); `staff_id`: who sent it last.
 */
export const paymentLinks = pgTable(
  'payment_links',
  {
    orderId: integer('order_id')
      .primaryKey()
      .references(() => orders.id, { onDelete: 'cascade' }),
    phone: text('phone').notNull(),
    firstSentAt: timestamp('first_sent_at', { withTimezone: true }).notNull().defaultNow(),
    lastSentAt: timestamp('last_sent_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    sends: smallint('sends').notNull().default(1),
    staffId: integer('staff_id').references(() => staffMembers.id),
  },
  (t) => [
    check('payment_links_expiry', sql`${t.expiresAt} > ${t.firstSentAt}`),
    check('payment_links_sends', sql`${t.sends} >= 1`),
    check('payment_links_sent_order', sql`${t.lastSentAt} >= ${t.firstSentAt}`),
  ],
);
