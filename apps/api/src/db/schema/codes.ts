import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { users } from './accounts';

/** One row per code sent: phone and e-mail verification, password reset, guest promo codes. */
export const verificationCodes = pgTable(
  'verification_codes',
  {
    id: serial('id').primaryKey(),
    purpose: text('purpose', {
      enum: ['verify_phone', 'verify_email', 'password_reset', 'guest_promo', 'change_email', 'change_phone', 'delete_account'],
    }).notNull(),
    /** Where the code went: an e-mail address or an E.164 phone number (for a change, the new one). */
    identifier: text('identifier').notNull(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    /** HMAC-SHA256 of the code under the server secret; null when nothing was sent (reset for an unknown e-mail). */
    codeHash: text('code_hash'),
    ip: text('ip'),
    attempts: smallint('attempts').notNull().default(0),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
  },
  (t) => [
    index('verification_codes_lookup_idx').on(t.purpose, t.identifier, t.createdAt),
    index('verification_codes_ip_idx').on(t.ip, t.createdAt),
    check('verification_codes_attempts_range', sql`${t.attempts} BETWEEN 0 AND 5`),
  ],
);
