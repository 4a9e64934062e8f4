import { describe, expect, it } from 'vitest';
import { addDays, presetRange, previousRange, rangeDays, shopDay } from './report-range';

describe('report ranges', () => {
  it('reads today on Cairo’s calendar, wherever the code runs', () => {
    // 22:30 UTC on 28 November is 00:30 on the 29th in Cairo (UTC+2).
    const lateEvening = new Date('2026-11-28T22:30:00Z');
    expect(shopDay(0, lateEvening)).toBe('2026-11-29');
    expect(shopDay(29, lateEvening)).toBe('2026-10-31');
    expect(presetRange('7d', lateEvening)).toEqual({ from: '2026-11-23', to: '2026-11-29' });
    expect(presetRange('today', lateEvening)).toEqual({ from: '2026-11-29', to: '2026-11-29' });
  });

  it('counts both ends, across months and leap days', () => {
    expect(rangeDays({ from: '2026-11-29', to: '2026-11-29' })).toBe(1);
    expect(rangeDays({ from: '2028-02-01', to: '2028-03-01' })).toBe(30);
    expect(rangeDays({ from: '2026-11-30', to: '2026-11-29' })).toBe(0);
    expect(addDays('2028-03-01', -1)).toBe('2028-02-29');
  });

  it('puts the previous period just before, the same number of days long', () => {
    expect(previousRange({ from: '2026-10-31', to: '2026-11-29' })).toEqual({ from: '2026-10-01', to: '2026-10-30' });
    expect(previousRange({ from: '2026-11-29', to: '2026-11-29' })).toEqual({ from: '2026-11-28', to: '2026-11-28' });
    expect(previousRange({ from: '2026-03-01', to: '2026-03-31' })).toEqual({ from: '2026-01-29', to: '2026-02-28' });
  });
});
