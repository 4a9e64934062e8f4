/**
 * Staff's free tags on orders and on customers (decision 0058). A thing's tag writers take turns on its row, so the
 * first free slot of its few is chosen by one at a time; the database refuses a tag twice on a thing whatever its case
 * (a unique index on the lower-cased tag) and a slot beyond the last. Every change is audited in its transaction; a tag
 * tells nobody outside the shop, so nothing is queued.
 */
import { sql, type SQL } from 'drizzle-orm';
import {
  TAG_SUGGESTIONS_MAX,
  TAGS_PER_THING_MAX,
  type AuditAction,
  type Locale,
  type TagKind,
  type TagList,
  type TagSuggestions,
} from '@attar/contract';
import { recordAudit } from '../audit/service';
import { violation } from '../catalog/staff-writes';
import type { Database } from '../db/client';
import { oneRow, rowOrNotFound } from '../db/one-row';
import { inTransaction, type Rows } from '../db/transaction';
import { ApiError } from '../http/errors';
import { count, text, type TextKey } from '../i18n/catalogue';

type TagTable = { table: SQL; owner: SQL; things: SQL; unique: string; missing: TextKey; added: AuditAction; removed: AuditAction };

/** Where each kind of tag is kept, the thing it is on, and how the audit log names its changes. */
const KINDS = {
  order: {
    table: sql.raw('order_tags'),
    owner: sql.raw('order_id'),
    things: sql.raw('orders'),
    unique: 'order_tags_unique',
    missing: 'notFound',
    added: 'order.tag',
    removed: 'order.untag',
  },
  customer: {
    table: sql.raw('customer_tags'),
    owner: sql.raw('user_id'),
    things: sql.raw('users'),
    unique: 'customer_tags_unique',
    missing: 'noSuchCustomer',
    added: 'customer.tag',
    removed: 'customer.untag',
  },
} as const satisfies Record<TagKind, TagTable>;

/** SQL for the tags on the thing whose id is `id`, as a JSON array, oldest first. */
export const tagsJson = (kind: TagKind, id: SQL) => {
  const { table, owner } = KINDS[kind];
  return sql`(SELECT coalesce(json_agg(t.tag ORDER BY t.id), '[]') FROM ${table} t WHERE t.${owner} = ${id})`;
};

/**
 * SQL true when the thing whose id is `id` carries `tag`, in any case (on the tags' index of lower-cased text). An order
 * tag is on few orders, read by id from an array (as a subquery, the planner joined it against every order to count
 * the board's); a customer tag is on customers with several orders each, best found from the subquery through the
 * orders' index of customers.
 */
export const taggedWith = (kind: TagKind, id: SQL, tag: string) => {
  const { table, owner } = KINDS[kind];
  const tagged = sql`SELECT t.${owner} FROM ${table} t WHERE lower(t.tag) = lower(${tag})`;
  return kind === 'order' ? sql`${id} = ANY(ARRAY(${tagged}))` : sql`${id} IN (${tagged})`;
};

/** Takes the thing's row for the change (its tag writers take turns); 404 when there is none. */
async function lockThing(rows: Rows, locale: Locale, kind: TagKind, id: number) {
  const { things, missing } = KINDS[kind];
  rowOrNotFound(await rows(sql`SELECT id FROM ${things} WHERE id = ${id} FOR NO KEY UPDATE`), text(locale, missing));
}

async function tagListOf(rows: Rows, kind: TagKind, id: number): Promise<TagList> {
  return oneRow(await rows<TagList>(sql`SELECT ${tagsJson(kind, sql`${id}`)} AS tags`));
}

/** Adds `tag` in its first free slot: 409 `tag_exists` when the thing has it in any case, `too_many_tags` when full. */
export async function addTag(database: Database, staffId: number, locale: Locale, kind: TagKind, id: number, tag: string) {
  const { table, owner, added, unique } = KINDS[kind];
  return inTransaction(database, async (rows) => {
    await lockThing(rows, locale, kind, id);
    const [inserted] = await rows(sql`
      INSERT INTO ${table} (${owner}, slot, tag, created_by)
      SELECT ${id}, s, ${tag}, ${staffId} FROM generate_series(1, ${TAGS_PER_THING_MAX}) s
      WHERE s NOT IN (SELECT slot FROM ${table} WHERE ${owner} = ${id}) ORDER BY s LIMIT 1
      RETURNING id`);
    if (!inserted) throw new ApiError(409, 'too_many_tags', text(locale, 'tooManyTags', { max: count(locale, TAGS_PER_THING_MAX) }));
    await recordAudit(rows, { staffId, action: added, entity: kind, entityId: id, after: { tag } });
    return tagListOf(rows, kind, id);
  }).catch((error: unknown) => {
    if (violation(error)?.constraint === unique) throw new ApiError(409, 'tag_exists', text(locale, 'tagExists', { tag }));
    throw error;
  });
}

/** Removes `tag` written in any case: 404 `no_such_tag` when the thing does not have it. */
export async function removeTag(database: Database, staffId: number, locale: Locale, kind: TagKind, id: number, tag: string) {
  const { table, owner, removed } = KINDS[kind];
  return inTransaction(database, async (rows) => {
    await lockThing(rows, locale, kind, id);
    const [gone] = await rows<{ tag: string }>(sql`
      DELETE FROM ${table} WHERE ${owner} = ${id} AND lower(tag) = lower(${tag}) RETURNING tag`);
    if (!gone) throw new ApiError(404, 'no_such_tag', text(locale, 'noSuchTag', { tag }));
    await recordAudit(rows, { staffId, action: removed, entity: kind, entityId: id, before: { tag: gone.tag } });
    return tagListOf(rows, kind, id);
  });
}

/**
 * The tags in use on one kind of thing that contain `q` in any case, the most used first, each spelt as it is most
 * often written.
 */
export async function tagSuggestions(database: Database, kind: TagKind, q: string | undefined): Promise<TagSuggestions> {
  const { table } = KINDS[kind];
  const results = await database.rows<TagSuggestions['results'][number]>(sql`
    SELECT mode() WITHIN GROUP (ORDER BY t.tag) AS tag, count(*)::int AS count FROM ${table} t
    ${q ? sql`WHERE strpos(lower(t.tag), lower(${q})) > 0` : sql``}
    GROUP BY lower(t.tag) ORDER BY count(*) DESC, lower(t.tag) LIMIT ${TAG_SUGGESTIONS_MAX}`);
  return { results };
}
