import { describe, expect, it } from 'vitest';
import { formatNumber } from './locales';

describe('formatNumber', () => {
  it('groups thousands and keeps at most two decimals, per language', () => {
    expect(formatNumber(1249.456, 'en')).toBe('1,249.46');
    expect(formatNumber(1250, 'ar')).toBe('١٬٢٥٠');
  });

  it('writes whole numbers below 1,000 exactly as Intl.NumberFormat does, in both languages', () => {
    for (const [locale, numberLocale] of [
      ['en', 'en-US'],
      ['ar', 'ar-EG'],
    ] as const) {
      const intl = new Intl.NumberFormat(numberLocale, { maximumFractionDigits: 2 });
      for (const amount of [...Array.from({ length: 1001 }, (_, i) => i), -0, -1, 0.5, 999.99, 1e21]) {
        expect(formatNumber(amount, locale)).toBe(intl.format(amount));
      }
    }
    expect(formatNumber(907, 'ar')).toBe('٩٠٧');
  });
});
