import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import { orders } from './orders';
import { staffMembers } from './staff';

/**
 * The question to the shopper of a cash order the shop's rule caught (decision 0048): one per order, answered once
 * (a conditional update on `answer IS NULL`), by the signed link, WhatsApp, the shopper's account, staff (after a
 * call, or cancelling the order), or nobody by `expires_at` (the job cancels it). `sends`: how many times the
 * question went out (staff may send it again).
 */
export const orderConfirmations = pgTable(
  'order_confirmations',
  {
    orderId: integer('order_id')
      .primaryKey()
      .references(() => orders.id, { onDelete: 'cascade' }),
    askedAt: timestamp('asked_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    flaggedAt: timestamp('flagged_at', { withTimezone: true }),
    answer: text('answer', { enum: ['confirmed', 'cancelled'] }),
    answeredVia: text('answered_via', { enum: ['link', 'whatsapp', 'account', 'staff', 'timeout'] }),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
    staffId: integer('staff_id').references(() => staffMembers.id),
    sends: smallint('sends').notNull().default(1),
    lastSentAt: timestamp('last_sent_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('order_confirmations_expiry', sql`${t.expiresAt} > ${t.askedAt}`),
    check('order_confirmations_answer_known', sql`${t.answer} IN ('confirmed', 'cancelled')`),
    check('order_confirmations_via_known', sql`${t.answeredVia} IN ('link', 'whatsapp', 'account', 'staff', 'timeout')`),
    // Answered all at once or not at all; nobody answering only cancels, and only staff answer as a staff member.
    check(
      'order_confirmations_answered',
      sql`(${t.answer} IS NULL) = (${t.answeredVia} IS NULL) AND (${t.answer} IS NULL) = (${t.answeredAt} IS NULL)
      AND (${t.answeredVia} <> 'timeout' OR ${t.answer} = 'cancelled') AND ((${t.answeredVia} = 'staff') = (${t.staffId} IS NOT NULL))`,
    ),
    check('order_confirmations_sends', sql`${t.sends} BETWEEN 1 AND 100`),
    // The job's sweep: open questions by expiry.
    index('order_confirmations_open_idx')
      .on(t.expiresAt)
      .where(sql`${t.answer} IS NULL`),
  ],
);
