import { readFileSync } from 'node:fs';
import { createTranslator } from 'use-intl/core';
import { describe, expect, it } from 'vitest';
import { formatNumber } from '@/i18n/locales';

const catalogue = (lang: 'en' | 'ar') =>
  JSON.parse(readFileSync(new URL(`../../messages/${lang}.json`, import.meta.url), 'utf8')) as Record<string, unknown>;

/** A counted text of the product's area as the page writes it: the count chooses the words, the digits are the language's. */
function said(lang: 'en' | 'ar', key: 'ratingSummary' | 'earnPoints', count: number, average = 4.5) {
  const t = createTranslator({ locale: lang, messages: catalogue(lang), namespace: 'common.product' as never });
  return t(
    key as never,
    { count, shown: formatNumber(count, lang), average: formatNumber(average, lang), max: formatNumber(5, lang) } as never,
  );
}

describe('a rating said in words (the stars’ text alternative)', () => {
  it('in English', () => {
    expect(said('en', 'ratingSummary', 12)).toBe('4.5 out of 5, 12 reviews');
    expect(said('en', 'ratingSummary', 1, 5)).toBe('5 out of 5, 1 review');
  });

  it('in Arabic, with Arabic digits and the count’s own form', () => {
    expect(said('ar', 'ratingSummary', 12)).toBe('٤٫٥ من ٥، ١٢ تقييمًا');
    expect(said('ar', 'ratingSummary', 1)).toBe('٤٫٥ من ٥، تقييم واحد');
    expect(said('ar', 'ratingSummary', 2)).toBe('٤٫٥ من ٥، تقييمان');
    expect(said('ar', 'ratingSummary', 7)).toBe('٤٫٥ من ٥، ٧ تقييمات');
    expect(said('ar', 'ratingSummary', 100)).toBe('٤٫٥ من ٥، ١٠٠ تقييم');
  });
});

describe('"Earn N points"', () => {
  it('agrees with its number in both languages', () => {
    expect(said('en', 'earnPoints', 1)).toBe('Earn 1 point with this size');
    expect(said('en', 'earnPoints', 125)).toBe('Earn 125 points with this size');
    expect(said('ar', 'earnPoints', 1)).toBe('اكسب نقطة واحدة بهذا الحجم');
    expect(said('ar', 'earnPoints', 2)).toBe('اكسب نقطتين بهذا الحجم');
    expect(said('ar', 'earnPoints', 5)).toBe('اكسب ٥ نقاط بهذا الحجم');
    expect(said('ar', 'earnPoints', 125)).toBe('اكسب ١٢٥ نقطة بهذا الحجم');
  });
});
