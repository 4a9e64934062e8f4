import { sql } from 'drizzle-orm';
import { TAG_MAX_LENGTH, TAGS_PER_THING_MAX } from '@attar/contract';
import { check, index, integer, pgTable, serial, smallint, text, uniqueIndex, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { users } from './accounts';
import { orders } from './orders';
import { staffMembers } from './staff';

/**
 * Staff's free tags on one kind of thing (decision 0058), in table `name` whose column `owner` names the thing: each
 * tag at most once per thing whatever its case, its length and its trimmed ends CHECKed, and one of the thing's
 * TAGS_PER_THING_MAX slots, unique per thing and CHECKed within them, so the database itself refuses one tag too many
 * however two additions race. The board's filter and the suggestions read tags by their lower-cased text.
 */
const tagTable = (name: string, owner: string, thing: () => AnyPgColumn) =>
  pgTable(
    name,
    {
      id: serial('id').primaryKey(),
      thingId: integer(owner).notNull().references(thing, { onDelete: 'cascade' }),
      slot: smallint('slot').notNull(),
      tag: text('tag').notNull(),
      createdBy: integer('created_by')
        .notNull()
        .references(() => staffMembers.id),
      createdAt: createdAt(),
    },
    (t) => [
      uniqueIndex(`${name}_unique`).on(t.thingId, sql`lower(${t.tag})`),
      uniqueIndex(`${name}_slot_unique`).on(t.thingId, t.slot),
      index(`${name}_tag_idx`).on(sql`lower(${t.tag})`, t.thingId),
      check(
        `${name}_tag_length`,
        sql`char_length(${t.tag}) BETWEEN 1 AND ${sql.raw(String(TAG_MAX_LENGTH))} AND ${t.tag} = btrim(${t.tag})`,
      ),
      check(`${name}_slot_range`, sql`${t.slot} BETWEEN 1 AND ${sql.raw(String(TAGS_PER_THING_MAX))}`),
    ],
  );

export const orderTags = tagTable('order_tags', 'order_id', () => orders.id);
export const customerTags = tagTable('customer_tags', 'user_id', () => users.id);
