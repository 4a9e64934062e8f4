import { sql } from 'drizzle-orm';
import { check, integer, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { staffMembers } from './staff';

/**
 * Every picture staff uploaded in the back office: checked by content, stored through the storage interface
 * (media/storage.ts) under `key` with its renditions beside it, and used by products, offers and sliders.
 */
export const mediaUploads = pgTable(
  'media_uploads',
  {
    id: serial('id').primaryKey(),
    /** The stored name's stem: renditions are `<key>-<width>.webp` below the media root. */
    key: text('key').notNull().unique(),
    contentType: text('content_type').notNull(),
    bytes: integer('bytes').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    staffId: integer('staff_id').references(() => staffMembers.id),
    createdAt: createdAt(),
  },
  (t) => [check('media_uploads_dimensions', sql`${t.bytes} > 0 AND ${t.width} > 0 AND ${t.height} > 0`)],
);
