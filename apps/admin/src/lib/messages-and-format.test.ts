import { describe, expect, it } from 'vitest';
import { ar } from '../messages/ar';
import { en } from '../messages/en';
import { formatMoney, formatNumber } from './format';
import { translator } from './translate';

/** A catalogue entry's texts: one, or one per form of a number of things. */
const texts = (entry: string | Record<string, string>) => (typeof entry === 'string' ? [entry] : Object.values(entry));

describe('messages', () => {
  it('have the same keys in both languages, none empty', () => {
    expect(Object.keys(ar).sort()).toEqual(Object.keys(en).sort());
    for (const [key, value] of [...Object.entries(en), ...Object.entries(ar)]) {
      for (const text of texts(value)) expect(text.trim(), key).not.toBe('');
    }
  });

  it('say “refund” in Arabic with one word, استرداد (مسترد), never رد, which also means a reply', () => {
    // The words of the other root's forms, with or without the letters joined in front (و، ل، ال).
    const giveBack = /^[وفل]?(?:ال|لل)?(?:ردّ?|رُد|يُرد|يرد|مردود|مردودة|ردها|ردّها)$/;
    const refundTexts = (Object.keys(en) as (keyof typeof en)[]).filter(
      (key) => /refund/i.test(key) || texts(en[key]).some((text) => /refund/i.test(text)),
    );
    expect(refundTexts.length).toBeGreaterThan(30);
    for (const key of refundTexts)
      for (const text of texts(ar[key]))
        expect(
          text.split(/[\s.،:؛…]+/).filter((word) => giveBack.test(word)),
          key,
        ).toEqual([]);
  });

  it('use the same placeholders in both languages, in every form of a number of things', () => {
    // A form may say its number in words ("one order", "طلبان"); what other values it names stay the same.
    const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((match) => match[1]).filter((name) => name !== 'count');
    for (const key of Object.keys(en) as (keyof typeof en)[]) {
      const english = new Set(texts(en[key]).flatMap(placeholders));
      for (const text of [...texts(en[key]), ...texts(ar[key])]) expect(new Set(placeholders(text)), key).toEqual(english);
      if (typeof en[key] === 'string') expect(texts(ar[key])[0]!.includes('{count}'), key).toBe(en[key].includes('{count}'));
    }
  });

  it('name a number of things in the form each language uses for it', () => {
    const [english, arabic] = [translator('en'), translator('ar')];
    expect([1, 2, 11].map((count) => english('customersCount', { count }))).toEqual(['1 customer', '2 customers', '11 customers']);
    expect([0, 1, 2, 3, 11, 100, 1234].map((count) => arabic('customersCount', { count }))).toEqual([
      'لا عملاء',
      'عميل واحد',
      'عميلان',
      '٣ عملاء',
      '١١ عميلًا',
      '١٠٠ عميل',
      '١٬٢٣٤ عميلًا',
    ]);
    // Every number given is written in the language's digits, in a text naming a number of things or not.
    expect(arabic('pointsAdjusted', { count: 173 })).toBe('تم تعديل النقاط: الرصيد الآن ١٧٣.');
    expect(english('csvApplied', { created: english('csvCreated', { count: 1 }), updated: english('csvUpdated', { count: 3 }) })).toBe(
      'Imported: 1 product created, 3 sizes updated.',
    );
  });

  it('fill their placeholders', () => {
    expect(translator('en')('orderTitle', { number: 'AT100001' })).toBe('Order AT100001');
    expect(translator('ar')('orderTitle', { number: 'AT100001' })).toBe('الطلب AT100001');
    expect(translator('en')('bulkDone', { done: 0, failed: 2 })).toBe('0 done, 2 not changed.');
  });
});

describe('amounts', () => {
  it('read in each language, always with piastres', () => {
    expect(formatMoney('en', 1250.5)).toBe('1,250.50 LE');
    expect(formatMoney('ar', 1250.5)).toBe('١٬٢٥٠٫٥٠ ج.م.');
    expect(formatMoney('en', 0)).toBe('0.00 LE');
    expect(formatMoney('en', -75)).toBe('-75.00 LE');
    expect(formatMoney('ar', 1000000)).toBe('١٬٠٠٠٬٠٠٠٫٠٠ ج.م.');
  });

  it('count in each language', () => {
    expect(formatNumber('en', 1234)).toBe('1,234');
    expect(formatNumber('ar', 25)).toBe('٢٥');
  });
});
