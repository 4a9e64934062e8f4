import { sql } from 'drizzle-orm';
import { check, jsonb, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { users } from './accounts';

export const NOTIFICATION_KINDS = ['order_status', 'order_shipped', 'return', 'back_in_stock', 'points_earned'] as const;

/**
 * The bell's list: what happened to a shopper's orders, returns, alerts and points. Stored as a kind and its parameters
 * (order number, status, product, points), rendered in the language the shopper reads it in.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: NOTIFICATION_KINDS }).notNull(),
    params: jsonb('params').$type<Record<string, string | number>>().notNull().default({}),
    /** What it is about, once per shopper (`order:12:shipped`, `alert:7`): a retried job does not tell them twice. */
    key: text('key').notNull(),
    createdAt: createdAt(),
    readAt: timestamp('read_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('notifications_once').on(t.userId, t.key),
    index('notifications_user_idx').on(t.userId, t.id),
    index('notifications_unread_idx')
      .on(t.userId)
      .where(sql`${t.readAt} IS NULL`),
    check('notifications_kind', sql`${t.kind} IN ('order_status', 'order_shipped', 'return', 'back_in_stock', 'points_earned')`),
  ],
);
