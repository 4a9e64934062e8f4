import { jsonb, index, integer, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { staffMembers } from './staff';

/** Every staff write: who, when, what, and the values before and after. Append-only (a trigger refuses changes). */
export const auditLog = pgTable(
  'audit_log',
  {
    id: serial('id').primaryKey(),
    staffId: integer('staff_id').references(() => staffMembers.id),
    action: text('action').notNull(),
    entity: text('entity').notNull(),
    entityId: text('entity_id').notNull(),
    before: jsonb('before'),
    after: jsonb('after'),
    createdAt: createdAt(),
  },
  (t) => [
    index('audit_log_entity_idx').on(t.entity, t.entityId, t.id),
    index('audit_log_staff_idx').on(t.staffId, t.id),
    index('audit_log_created_idx').on(t.createdAt),
  ],
);
