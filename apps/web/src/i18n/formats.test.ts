import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatDeliveryDay, formatYear } from './formats';

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

describe('formatDateTime', () => {
  it('gives the day and the time of day in Cairo', () => {
    // 23:30 UTC on 4 March is 01:30 on 5 March in Cairo (UTC+2).
    expect(formatDateTime('2025-03-04T23:30:00Z', 'en')).toMatch(/^Mar 5, 2025, 1:30\sAM$/);
    expect(formatDateTime('2025-03-04T23:30:00Z', 'ar')).toContain('١:٣٠');
  });
});

describe('formatYear', () => {
  it('turns the year at midnight in Cairo, in each language’s digits', () => {
    // 22:30 UTC on 31 December 2026 is already 00:30 on 1 January 2027 in Cairo.
    expect(formatYear(new Date('2026-12-31T22:30:00Z'), 'en')).toBe('2027');
    expect(formatYear(new Date('2026-12-31T21:30:00Z'), 'ar')).toBe('٢٠٢٦');
  });
});

describe('formatDeliveryDay', () => {
  it('writes a Cairo calendar day as the promise says it, whatever the zone', () => {
    expect(formatDeliveryDay('2026-11-29', 'en')).toBe('Sun 29 Nov');
    expect(formatDeliveryDay('2026-12-01', 'ar')).toBe('الثلاثاء ١ ديسمبر');
    expect(formatDeliveryDay('2027-01-01', 'en')).toBe('Fri 1 Jan');
  });
});
