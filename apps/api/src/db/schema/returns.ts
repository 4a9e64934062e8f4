import { sql } from 'drizzle-orm';
import { CASH_REFUND_METHODS, RETURN_STATUSES } from '@attar/contract';
import { boolean, check, index, integer, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { orders, orderItems } from './orders';
import { staffMembers } from './staff';

/** A shopper's request to send back a delivered order or some of its units; staff approve or reject, receive, refund. */
export const orderReturns = pgTable(
  'order_returns',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    status: text('status', { enum: RETURN_STATUSES }).notNull().default('requested'),
    reason: text('reason').notNull(),
    /** Why staff rejected it, or what they told the shopper on approval. */
    staffMessage: text('staff_message'),
    createdAt: createdAt(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    receivedAt: timestamp('received_at', { withTimezone: true }),
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
  },
  (t) => [
    // One return under way per order at a time.
    uniqueIndex('order_returns_one_open')
      .on(t.orderId)
      .where(sql`${t.status} IN ('requested', 'approved', 'received')`),
    index('order_returns_status_idx').on(t.status, t.createdAt),
    check('order_returns_status_known', sql`${t.status} IN ('requested', 'approved', 'rejected', 'received', 'refunded')`),
  ],
);

export const orderReturnLines = pgTable(
  'order_return_lines',
  {
    returnId: integer('return_id')
      .notNull()
      .references(() => orderReturns.id, { onDelete: 'cascade' }),
    orderItemId: integer('order_item_id')
      .notNull()
      .references(() => orderItems.id, { onDelete: 'cascade' }),
    quantity: integer('quantity').notNull(),
    /** Decided when the parcel arrives: back on the shelf, or not (opened, damaged). */
    restocked: boolean('restocked'),
  },
  (t) => [primaryKey({ columns: [t.returnId, t.orderItemId] }), check('order_return_lines_quantity', sql`${t.quantity} > 0`)],
);

/**
 * Money, units and points given back on a delivered order by staff: appended, never edited (a trigger refuses changes).
 * A card order's money goes back through its gateway (`refunds`); cash is handed back by the shop, and the row says how
 * (`cash_method`, with where a transfer sent it): every cash refund of money has one (a trigger), no online one has.
 */
export const orderRefunds = pgTable(
  'order_refunds',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    returnId: integer('return_id').references(() => orderReturns.id),
    staffId: integer('staff_id')
      .notNull()
      .references(() => staffMembers.id),
    amountPiastres: integer('amount_piastres').notNull(),
    pointsReversed: integer('points_reversed').notNull().default(0),
    pointsReturned: integer('points_returned').notNull().default(0),
    reason: text('reason').notNull(),
    cashMethod: text('cash_method', { enum: CASH_REFUND_METHODS }),
    cashReference: text('cash_reference'),
    createdAt: createdAt(),
  },
  (t) => [
    index('order_refunds_order_idx').on(t.orderId),
    // A return is refunded once.
    uniqueIndex('order_refunds_return_unique').on(t.returnId),
    check('order_refunds_amounts', sql`${t.amountPiastres} >= 0 AND ${t.pointsReversed} >= 0 AND ${t.pointsReturned} >= 0`),
    // A method only for money given back; a reference exactly when the money was sent somewhere.
    check(
      'order_refunds_cash_method',
      sql`${t.cashMethod} IS NULL OR (${t.amountPiastres} > 0 AND ${t.cashMethod} IN ('counter', 'courier', 'wallet', 'instapay', 'bank'))`,
    ),
    check(
      'order_refunds_cash_reference',
      sql`(${t.cashReference} IS NOT NULL AND length(${t.cashReference}) BETWEEN 1 AND 100) = coalesce(${t.cashMethod} IN ('wallet', 'instapay', 'bank'), false)`,
    ),
  ],
);

export const orderRefundLines = pgTable(
  'order_refund_lines',
  {
    refundId: integer('refund_id')
      .notNull()
      .references(() => orderRefunds.id, { onDelete: 'cascade' }),
    orderItemId: integer('order_item_id')
      .notNull()
      .references(() => orderItems.id, { onDelete: 'cascade' }),
    quantity: integer('quantity').notNull(),
    restocked: boolean('restocked').notNull(),
  },
  (t) => [primaryKey({ columns: [t.refundId, t.orderItemId] }), check('order_refund_lines_quantity', sql`${t.quantity} > 0`)],
);
