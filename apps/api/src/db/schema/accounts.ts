import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { staffMembers } from './staff';

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    /** Stored lower-case: e-mail addresses are compared without regard to case. */
    email: text('email').notNull(),
    /** E.164 (+201xxxxxxxxx); null for an account made by social sign-in until the shopper adds one. */
    phone: text('phone'),
    /** argon2id (or a legacy Django pbkdf2_sha256 hash until its first successful log-in); null for social-only accounts. */
    passwordHash: text('password_hash'),
    emailVerified: boolean('email_verified').notNull().default(false),
    phoneVerified: boolean('phone_verified').notNull().default(false),
    /** The loyalty balance, kept equal to the sum of the user's points ledger in the same transactions. */
    points: integer('points').notNull().default(0),
    isActive: boolean('is_active').notNull().default(true),
    dateJoined: timestamp('date_joined', { withTimezone: true }).notNull().defaultNow(),
    /** Set when the shopper deletes their account: the row stays (their orders point at it) with its personal data erased. */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    /** The shopper's language: set at sign-up from the page, changed on the profile; account messages go out in it. */
    locale: text('locale', { enum: ['en', 'ar'] })
      .notNull()
      .default('en'),
    /** The shopper asked for no WhatsApp messages: their order messages go by SMS (and e-mail) only. */
    whatsappOptOut: boolean('whatsapp_opt_out').notNull().default(false),
  },
  (t) => [
    uniqueIndex('users_email_unique').on(t.email),
    uniqueIndex('users_phone_unique').on(t.phone),
    check('users_email_lower', sql`${t.email} = lower(${t.email})`),
    check('users_points_nonnegative', sql`${t.points} >= 0`),
    check('users_deleted_inactive', sql`${t.deletedAt} IS NULL OR NOT ${t.isActive}`),
    check('users_locale_known', sql`${t.locale} IN ('en', 'ar')`),
  ],
);

export const authTokens = pgTable(
  'auth_tokens',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** SHA-256 of the token: a database leak reveals no usable token. */
    tokenHash: text('token_hash').notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('auth_tokens_hash_unique').on(t.tokenHash), index('auth_tokens_user_idx').on(t.userId)],
);

export const socialAccounts = pgTable(
  'social_accounts',
  {
    id: serial('id').primaryKey(),
    provider: text('provider', { enum: ['google', 'facebook'] }).notNull(),
    /** The provider's stable id for the person (Google `sub`, Facebook user id). */
    subject: text('subject').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('social_accounts_provider_subject').on(t.provider, t.subject)],
);

/** Append-only: every change of a user's loyalty balance, with its reason. */
export const pointsLedger = pgTable(
  'points_ledger',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    change: integer('change').notNull(),
    reason: text('reason').notNull(),
    orderNumber: text('order_number'),
    /** A manual adjustment's staff member and their written reason. */
    staffId: integer('staff_id').references(() => staffMembers.id),
    note: text('note'),
    createdAt: createdAt(),
  },
  (t) => [index('points_ledger_user_idx').on(t.userId, t.createdAt), check('points_ledger_change_nonzero', sql`${t.change} <> 0`)],
);
