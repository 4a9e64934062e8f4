/**
 * The order page's timeline: each status change (who moved the order from what to what, when) with the values the
 * same step recorded in the audit log (courier, cash collected, reason), and the audit entries that moved no status,
 * oldest first. Notes are left out: they have their own list.
 */
import type { StaffOrder } from '@attar/contract';
import { changedFields, type FieldChange } from '../audit/audit-diff';

type StatusEvent = StaffOrder['timeline'][number];
type AuditEntry = StaffOrder['audit'][number];

export type TimelineItem =
  | ({ kind: 'status'; changes: FieldChange[] } & StatusEvent)
  | { kind: 'audit'; at: string; action: string; staff: AuditEntry['staff']; changes: FieldChange[] };

const NOTE_ACTION = 'order.note';

const statusAfter = (entry: AuditEntry) =>
  typeof entry.after === 'object' && entry.after !== null ? (entry.after as { status?: unknown }).status : undefined;

export function orderTimeline(order: Pick<StaffOrder, 'timeline' | 'audit'>): TimelineItem[] {
  const unmatched = order.audit.filter((entry) => entry.action !== NOTE_ACTION);
  const items: TimelineItem[] = order.timeline.map((event) => {
    const index = unmatched.findIndex(
      (entry) => statusAfter(entry) === event.to && (entry.staff?.id ?? null) === (event.staff?.id ?? null),
    );
    const [entry] = index === -1 ? [] : unmatched.splice(index, 1);
    const changes = entry ? changedFields(entry.before, entry.after).filter((change) => change.field !== 'status') : [];
    return { kind: 'status', ...event, changes };
  });
  for (const entry of unmatched)
    items.push({
      kind: 'audit',
      at: entry.at,
      action: entry.action,
      staff: entry.staff,
      changes: changedFields(entry.before, entry.after),
    });
  return items.sort((a, b) => Date.parse(a.at) - Date.parse(b.at));
}
