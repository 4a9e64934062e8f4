import { describe, expect, it } from 'vitest';
import { formatAddressParts, formatDate } from './formats';

describe('formatDate', () => {
  it('gives the day it was in Cairo, not in the UTC moment', () => {
    // 23:30 UTC on 4 March is 01:30 on 5 March in Cairo (UTC+2).
    expect(formatDate('2025-03-04T23:30:00Z', 'en')).toBe('Mar 5, 2025');
  });

  it('writes Arabic dates with Arabic-Indic digits', () => {
    const text = formatDate(new Date('2025-03-04T23:30:00Z'), 'ar');
    expect(text).toContain('٢٠٢٥');
    expect(text).toContain('٠٥');
    expect(text).not.toMatch(/[0-9]/);
  });
});

describe('formatAddressParts', () => {
  it('joins an address line with the language’s comma, never with "و"', () => {
    expect(formatAddressParts(['مبنى ٣', 'الدور ٢', 'شقة ٥'], 'ar')).toBe('مبنى ٣، الدور ٢، شقة ٥');
    expect(formatAddressParts(['Building 3', 'Floor 2'], 'en')).toBe('Building 3, Floor 2');
  });
});
