import { jsonb, index, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';

/** Messages kept for developers when no SMTP server or SMS gateway is configured (the development outbox). */
export const outboxMessages = pgTable(
  'outbox_messages',
  {
    id: serial('id').primaryKey(),
    channel: text('channel', { enum: ['email', 'sms', 'whatsapp'] }).notNull(),
    recipient: text('recipient').notNull(),
    subject: text('subject'),
    /** The plain-text part of an e-mail, or the SMS. */
    body: text('body').notNull(),
    /** An e-mail's HTML part. */
    html: text('html'),
    /** An e-mail's extra headers (List-Unsubscribe and List-Unsubscribe-Post on newsletters). */
    headers: jsonb('headers').$type<Record<string, string>>(),
    createdAt: createdAt(),
  },
  (t) => [index('outbox_recipient_idx').on(t.recipient, t.createdAt)],
);
