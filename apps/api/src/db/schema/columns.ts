/** Columns many tables share, each call a fresh column of the same definition. */
import { text, timestamp } from 'drizzle-orm/pg-core';

export const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

/** A thing's name in both of the shop's languages. */
export const names = () => ({
  nameEn: text('name_en').notNull(),
  nameAr: text('name_ar').notNull(),
});

/** A picture's description for screen readers in both languages, empty until staff write one. */
export const altTexts = () => ({
  altEn: text('alt_en').notNull().default(''),
  altAr: text('alt_ar').notNull().default(''),
});
