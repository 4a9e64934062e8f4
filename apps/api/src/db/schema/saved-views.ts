import { sql } from 'drizzle-orm';
import { check, integer, jsonb, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { staffMembers } from './staff';

/**
 * A back-office list's saved views (decision 0054): a name and the list's filters (the contract's `BoardFilters` for
 * the orders board), a staff member's own, or shared with every member (`staff_member_id` null).
 */
export const savedViews = pgTable(
  'saved_views',
  {
    id: serial('id').primaryKey(),
    staffMemberId: integer('staff_member_id').references(() => staffMembers.id, { onDelete: 'cascade' }),
    list: text('list', { enum: ['orders'] }).notNull(),
    name: text('name').notNull(),
    search: jsonb('search').notNull(),
    createdBy: integer('created_by')
      .notNull()
      .references(() => staffMembers.id),
    createdAt: createdAt(),
  },
  (t) => [
    // One name per member's list, and one among the shared views of a list, whatever the case.
    uniqueIndex('saved_views_name_unique').on(sql`coalesce(${t.staffMemberId}, 0)`, t.list, sql`lower(${t.name})`),
    check('saved_views_list_known', sql`${t.list} IN ('orders')`),
    check('saved_views_name_length', sql`char_length(${t.name}) BETWEEN 1 AND 60 AND ${t.name} = btrim(${t.name})`),
    check('saved_views_search_object', sql`jsonb_typeof(${t.search}) = 'object'`),
  ],
);
