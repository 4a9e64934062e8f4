import { describe, expect, it } from 'vitest';
import { changedFields, compactValue } from './audit-diff';

describe('audit changes', () => {
  it('keep only the keys whose value differs, including keys on one side only', () => {
    expect(changedFields({ role: 'support', name: 'Mona' }, { role: 'manager', name: 'Mona', is_active: false })).toEqual([
      { field: 'role', before: 'support', after: 'manager' },
      { field: 'is_active', before: undefined, after: false },
    ]);
  });

  it('treat a missing side as empty', () => {
    expect(changedFields(null, { note: 'Fragile' })).toEqual([{ field: 'note', before: undefined, after: 'Fragile' }]);
    expect(changedFields({ same: [1, 2] }, { same: [1, 2] })).toEqual([]);
  });

  it('show values in one short line', () => {
    expect(compactValue(null)).toBe('—');
    expect(compactValue({ a: 1 })).toBe('{"a":1}');
    expect(compactValue(12)).toBe('12');
  });
});
