import { sql } from 'drizzle-orm';
import { check, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';

export const newsletterSubscriptions = pgTable(
  'newsletter_subscriptions',
  {
    id: serial('id').primaryKey(),
    /** Stored lower-case so the unique key treats Foo@x.com and foo@x.com as one. */
    email: text('email').notNull(),
    locale: text('locale', { enum: ['en', 'ar'] })
      .notNull()
      .default('en'),
    createdAt: createdAt(),
    /** Set when the subscriber leaves (staff or the link in a newsletter); a new sign-up clears it. */
    unsubscribedAt: timestamp('unsubscribed_at', { withTimezone: true }),
    /** Double opt-in: set when the link in the confirmation e-mail is followed; only confirmed subscribers get newsletters. */
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('newsletter_email_unique').on(t.email), check('newsletter_email_lower', sql`${t.email} = lower(${t.email})`)],
);
