import { describe, expect, it } from 'vitest';
import { formatDate, formatNumber } from './locales';

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

describe('formatNumber', () => {
  it('groups thousands and keeps at most two decimals, per language', () => {
    expect(formatNumber(1249.456, 'en')).toBe('1,249.46');
    expect(formatNumber(1250, 'ar')).toBe('١٬٢٥٠');
    expect(formatNumber(1250.5, 'ar')).toBe('١٬٢٥٠٫٥');
  });

  // The hand-written formatting must write exactly what Intl.NumberFormat writes (see formatNumber).
  const intl = {
    en: new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 }),
    ar: new Intl.NumberFormat('ar-EG', { maximumFractionDigits: 2 }),
  };
  const edges = [0, -0, 1, 9, 10, 99, 100, 999, 1000, 1001, 12345, 999999, 1000000, 1.005, 2.675, 0.125, 0.005, 0.0049,
    0.994, 0.995, 9.995, 99.995, 999.995, 999999.999, 0.000001, 1e-7, 123456789.125, 98765432109876.54, 1e20, 1e21, 2 ** 53,
    -1, -0.001, -0.005, -1250.5, -999.995, Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY];
  // A fixed pseudo-random spread (no Math.random: a failure must reproduce).
  const spread = Array.from({ length: 2000 }, (_, i) => {
    const x = Math.sin(i + 1) * 10 ** ((i % 9) - 2);
    return i % 3 === 0 ? Math.round(x * 1000) / 1000 : x;
  });
  it.each(['en', 'ar'] as const)('writes what Intl.NumberFormat writes (%s)', (locale) => {
    for (const value of [...edges, ...spread]) expect(formatNumber(value, locale), String(value)).toBe(intl[locale].format(value));
  });
});
