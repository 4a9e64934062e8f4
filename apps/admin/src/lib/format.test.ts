import { describe, expect, it } from 'vitest';
import { ar } from '../messages/ar';
import { en } from '../messages/en';
import { formatMoney } from './format';
import { translator } from './i18n';

describe('messages', () => {
  it('have the same keys in both languages, none empty', () => {
    expect(Object.keys(ar).sort()).toEqual(Object.keys(en).sort());
    for (const [key, value] of [...Object.entries(en), ...Object.entries(ar)]) expect(value.trim(), key).not.toBe('');
  });

  it('fill their placeholders', () => {
    expect(translator('en')('orderTitle', { number: 'AT100001' })).toBe('Order AT100001');
    expect(translator('ar')('orderTitle', { number: 'AT100001' })).toBe('الطلب AT100001');
  });
});

describe('amounts', () => {
  it('read in each language', () => {
    expect(formatMoney('en', 1250.5)).toBe('1,250.5 LE');
    expect(formatMoney('ar', 1250.5)).toBe('١٬٢٥٠٫٥ ج.م.');
  });
});
