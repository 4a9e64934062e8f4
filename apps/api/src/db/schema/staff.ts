import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';

/** People who run the shop; not shoppers (separate table, separate sessions). */
export const staffMembers = pgTable(
  'staff_members',
  {
    id: serial('id').primaryKey(),
    /** Stored lower-case. */
    email: text('email').notNull(),
    name: text('name').notNull(),
    role: text('role', { enum: ['owner', 'manager', 'fulfilment', 'support'] }).notNull(),
    /** argon2id; null until the member sets one through their one-time link. */
    passwordHash: text('password_hash'),
    /** Base32 secret of the authenticator app; `totp_enabled_at` is set once a code from it has been confirmed. */
    totpSecret: text('totp_secret'),
    totpEnabledAt: timestamp('totp_enabled_at', { withTimezone: true }),
    /** The last time step whose code was accepted: a code is good once. */
    totpLastStep: integer('totp_last_step'),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('staff_members_email_unique').on(t.email),
    check('staff_members_email_lower', sql`${t.email} = lower(${t.email})`),
    check('staff_members_role_known', sql`${t.role} IN ('owner', 'manager', 'fulfilment', 'support')`),
  ],
);

/** A signed-in browser: the cookie holds the token, the table its SHA-256. Idle 30 minutes or 12 hours old: over. */
export const staffSessions = pgTable(
  'staff_sessions',
  {
    id: serial('id').primaryKey(),
    staffId: integer('staff_id')
      .notNull()
      .references(() => staffMembers.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    /** Handed to the page with the session; every write sends it back in X-CSRF-Token. */
    csrfToken: text('csrf_token').notNull(),
    createdAt: createdAt(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('staff_sessions_token_unique').on(t.tokenHash), index('staff_sessions_staff_idx').on(t.staffId)],
);

/** One-time links to set a password (a new member, or a reset by the owner): the hash of the token, used once. */
export const staffPasswordLinks = pgTable(
  'staff_password_links',
  {
    id: serial('id').primaryKey(),
    staffId: integer('staff_id')
      .notNull()
      .references(() => staffMembers.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('staff_password_links_token_unique').on(t.tokenHash)],
);
