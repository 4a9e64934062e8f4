/**
 * The audit log: every staff write, with who, when, what, and the values before and after. Rows are appended in the
 * same transaction as the change they describe (so neither exists without the other) and never edited (a trigger).
 */
import { sql, type SQL } from 'drizzle-orm';
import type { AuditAction, AuditEntry, AuditQuery } from '@attar/contract';
import type { Database } from '../db/client';
import { pageOfRows } from '../http/pagination';
import type { Rows } from '../db/transaction';

export type AuditRecord = {
  staffId: number | null;
  /** `<entity>.<verb>`, e.g. `order.confirm`, `staff.create`: one of the contract's AUDIT_ACTIONS. */
  action: AuditAction;
  entity: string;
  entityId: string | number;
  before?: unknown;
  after?: unknown;
};

export async function recordAudit(rows: Rows, entry: AuditRecord) {
  await rows(sql`
    INSERT INTO audit_log (staff_id, action, entity, entity_id, before, after)
    VALUES (${entry.staffId}, ${entry.action}, ${entry.entity}, ${String(entry.entityId)},
      ${entry.before === undefined ? null : JSON.stringify(entry.before)}::jsonb, ${entry.after === undefined ? null : JSON.stringify(entry.after)}::jsonb)`);
}

/** SQL building the contract's AuditEntry for row `a` (with its staff member joined as `sm`). */
export const auditEntryJson = sql`json_build_object('id', a.id, 'at', a.created_at, 'action', a.action, 'entity', a.entity,
  'entity_id', a.entity_id, 'before', a.before, 'after', a.after,
  'staff', CASE WHEN sm.id IS NULL THEN NULL ELSE json_build_object('id', sm.id, 'name', sm.name, 'email', sm.email) END)`;

/** Days are Cairo's: a shop in Egypt means its own midnight. */
export const cairoDay = (date: string) => sql`(${date}::date::timestamp AT TIME ZONE 'Africa/Cairo')`;

/** The owner's filterable log, newest first. */
export async function auditPage(database: Database, query: AuditQuery) {
  const conditions: SQL[] = [sql`true`];
  if (query.staff !== undefined) conditions.push(sql`a.staff_id = ${query.staff}`);
  if (query.entity) conditions.push(sql`a.entity = ${query.entity}`);
  if (query.entity_id) conditions.push(sql`a.entity_id = ${query.entity_id}`);
  if (query.action) conditions.push(sql`a.action = ${query.action}`);
  if (query.from) conditions.push(sql`a.created_at >= ${cairoDay(query.from)}`);
  if (query.to) conditions.push(sql`a.created_at < ${cairoDay(query.to)} + interval '1 day'`);
  return pageOfRows<AuditEntry>(database, {
    table: 'audit_log',
    alias: 'a',
    where: sql.join(conditions, sql` AND `),
    orderBy: sql`a.id DESC`,
    rowJson: auditEntryJson,
    joins: sql`LEFT JOIN staff_members sm ON sm.id = a.staff_id`,
    page: query.page,
    pageSize: query.page_size,
  });
}
