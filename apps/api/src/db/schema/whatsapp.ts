import { sql } from 'drizzle-orm';
import { WHATSAPP_STATUSES } from '@attar/contract';
import { check, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/**
 * WhatsApp's status reports (its webhook), each applied once: a report repeated, or sent again by WhatsApp, finds its
 * row here and changes nothing.
 */
export const whatsappStatusEvents = pgTable(
  'whatsapp_status_events',
  {
    id: serial('id').primaryKey(),
    /** WhatsApp's message id (`wamid.…`). */
    providerId: text('provider_id').notNull(),
    status: text('status', { enum: WHATSAPP_STATUSES }).notNull(),
    /** WhatsApp's reason, for a failure. */
    error: text('error'),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('whatsapp_status_events_once').on(t.providerId, t.status),
    check('whatsapp_status_events_status_known', sql`${t.status} IN ('sent', 'delivered', 'read', 'failed')`),
  ],
);

/** Shoppers' answers on WhatsApp (a template's quick-reply button, or anything else they wrote), each recorded once. */
export const whatsappReplies = pgTable(
  'whatsapp_replies',
  {
    id: serial('id').primaryKey(),
    /** WhatsApp's id of the inbound message. */
    providerId: text('provider_id').notNull().unique(),
    /** The sender's number as WhatsApp gives it (digits, country code first). */
    fromPhone: text('from_phone').notNull(),
    /** A button's payload, or the text written. */
    body: text('body').notNull(),
    orderNumber: text('order_number'),
    /** The answer the payload names (`confirm`, `cancel`); null for a reply the shop does not know. */
    answer: text('answer'),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('whatsapp_replies_answer_known', sql`${t.answer} IS NULL OR ${t.answer} IN ('confirm', 'cancel')`)],
);
