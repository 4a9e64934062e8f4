import { sql } from 'drizzle-orm';
import { MESSAGE_CHANNELS, QUEUED_MESSAGE_KINDS, QUEUED_MESSAGE_STATES, WHATSAPP_STATUSES } from '@attar/contract';
import { check, jsonb, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { orders } from './orders';

/**
 * The transactional outbox: what a change to an order must tell people (and the back-in-stock alerts a restock makes
 * due), written in the change's own transaction (a committed change always has its messages, a rolled-back one none),
 * one row per channel and recipient so a failure on one never repeats another. A worker (messages/worker.ts) sends each row and records it; `key` makes each message once.
 */
export const queuedMessages = pgTable(
  'queued_messages',
  {
    id: serial('id').primaryKey(),
    /** What the message is, once (`order:12:status:shipped:sms`, `order:12:alert:owner@attar.test`). */
    key: text('key').notNull().unique(),
    channel: text('channel', { enum: MESSAGE_CHANNELS }).notNull(),
    /** The e-mail address or phone, resolved when the change was made. */
    recipient: text('recipient').notNull(),
    /** What to render: a status change, a return or refund event, the new-order alert to staff, or a back-in-stock alert. */
    kind: text('kind', { enum: QUEUED_MESSAGE_KINDS }).notNull(),
    /** The order told of; none for a back-in-stock alert, whose product is in its payload. */
    orderId: integer('order_id').references(() => orders.id, { onDelete: 'cascade' }),
    payload: jsonb('payload').$type<Record<string, string | number>>().notNull(),
    locale: text('locale', { enum: ['en', 'ar'] }).notNull(),
    state: text('state', { enum: QUEUED_MESSAGE_STATES }).notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    /** Until when a worker holds the row: a row held by an instance that died is claimed again after it. */
    leasedUntil: timestamp('leased_until', { withTimezone: true }),
    lastError: text('last_error'),
    /** The mail server's Message-ID, the SMS gateway's id or WhatsApp's message id (`wamid.…`) for the send. */
    providerId: text('provider_id'),
    createdAt: createdAt(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    /** A WhatsApp message's: the key of the SMS held back for it (sent if WhatsApp fails or is not delivered in time). */
    fallbackKey: text('fallback_key'),
    /** A WhatsApp message's last status from WhatsApp's webhook (only ever forward: whatsapp/service.ts). */
    whatsappStatus: text('whatsapp_status', { enum: WHATSAPP_STATUSES }),
    /** When a WhatsApp message's held SMS was let go. */
    fellBackAt: timestamp('fell_back_at', { withTimezone: true }),
  },
  (t) => [
    check('queued_messages_channel_known', sql`${t.channel} IN ('email', 'sms', 'whatsapp')`),
    check('queued_messages_kind_known', sql`${t.kind} IN ('order_status', 'order_event', 'order_alert', 'back_in_stock')`),
    check('queued_messages_order_unless_alert', sql`(${t.kind} = 'back_in_stock') = (${t.orderId} IS NULL)`),
    check('queued_messages_locale_known', sql`${t.locale} IN ('en', 'ar')`),
    check('queued_messages_state_known', sql`${t.state} IN ('pending', 'sent', 'dead', 'held', 'replaced')`),
    check(
      'queued_messages_whatsapp_status_known',
      sql`${t.whatsappStatus} IS NULL OR ${t.whatsappStatus} IN ('sent', 'delivered', 'read', 'failed')`,
    ),
    check('queued_messages_whatsapp_only', sql`${t.channel} = 'whatsapp' OR (${t.fallbackKey} IS NULL AND ${t.whatsappStatus} IS NULL)`),
    index('queued_messages_provider_idx')
      .on(t.providerId)
      .where(sql`${t.channel} = 'whatsapp'`),
    check('queued_messages_attempts_nonnegative', sql`${t.attempts} >= 0`),
    check('queued_messages_sent_when', sql`(${t.state} = 'sent') = (${t.sentAt} IS NOT NULL)`),
    index('queued_messages_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.state} = 'pending'`),
    index('queued_messages_dead_idx')
      .on(t.createdAt)
      .where(sql`${t.state} = 'dead'`),
  ],
);
