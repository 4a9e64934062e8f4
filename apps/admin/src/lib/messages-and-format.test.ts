import { describe, expect, it } from 'vitest';
import { ar } from '../messages/ar';
import { en } from '../messages/en';
import { formatMoney, formatNumber } from './format';
import { translator } from './i18n';

describe('messages', () => {
  it('have the same keys in both languages, none empty', () => {
    expect(Object.keys(ar).sort()).toEqual(Object.keys(en).sort());
    for (const [key, value] of [...Object.entries(en), ...Object.entries(ar)]) expect(value.trim(), key).not.toBe('');
  });

  it('use the same placeholders in both languages', () => {
    const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((match) => match[1]).sort();
    for (const key of Object.keys(en) as (keyof typeof en)[]) expect(placeholders(ar[key]), key).toEqual(placeholders(en[key]));
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
