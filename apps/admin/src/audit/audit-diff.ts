/** An audit entry's before and after, reduced to the values that changed: what the audit log and the timeline show. */

export type FieldChange = { field: string; before: unknown; after: unknown };

const asRecord = (value: unknown): Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};

/** Each key whose value differs between before and after (a key only on one side counts), in first-seen order. */
export function changedFields(before: unknown, after: unknown): FieldChange[] {
  const was = asRecord(before);
  const is = asRecord(after);
  const keys = [...new Set([...Object.keys(was), ...Object.keys(is)])];
  return keys
    .filter((key) => JSON.stringify(was[key]) !== JSON.stringify(is[key]))
    .map((key) => ({ field: key, before: was[key], after: is[key] }));
}

/** A value in one short line: '—' for nothing, JSON for objects and lists. */
export function compactValue(value: unknown): string {
  if (value === undefined || value === null || value === '') return '—';
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}
