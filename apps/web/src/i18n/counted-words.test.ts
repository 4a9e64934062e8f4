import { readFileSync } from 'node:fs';
import { createTranslator } from 'use-intl/core';
import { describe, expect, it } from 'vitest';
import { formatNumber } from '@/i18n/locales';

type Area = 'checkout' | 'orders' | 'cart' | null;
const catalogue = (area: Area, lang: 'en' | 'ar') =>
  JSON.parse(readFileSync(new URL(`../../messages/${area ? `${area}/` : ''}${lang}.json`, import.meta.url), 'utf8')) as Record<
    string,
    unknown
  >;

/** A counted text as the page writes it: the count chooses the words, the digits are the language's. */
function counted(area: Area, lang: 'en' | 'ar', key: string, count: number) {
  const t = createTranslator({ locale: lang, messages: catalogue(area, lang) });
  const ltr = (chunks: unknown) => String(chunks);
  return t.markup(key as never, { count, shown: formatNumber(count, lang), ltr } as never) as string;
}

describe('counted words at checkout', () => {
  it('agree with the number in Arabic: few, many and hundreds take their own forms', () => {
    expect(counted('checkout', 'ar', 'checkout.gift.messageNote', 300)).toMatch(/^متبقٍ ٣٠٠ حرف\./);
    expect(counted('checkout', 'ar', 'checkout.gift.messageNote', 25)).toMatch(/^متبقٍ ٢٥ حرفًا\./);
    expect(counted('checkout', 'ar', 'checkout.gift.messageNote', 7)).toMatch(/^متبقٍ ٧ أحرف\./);
    expect(counted('checkout', 'ar', 'checkout.gift.messageNote', 1)).toMatch(/^متبقٍ حرف واحد\./);
    expect(counted('checkout', 'en', 'checkout.gift.messageNote', 1)).toMatch(/^1 character left\./);
  });

  it('say a line’s points as the order page does', () => {
    for (const points of [1, 2, 7, 104, 250]) {
      expect(counted('checkout', 'ar', 'checkout.linePoints', points)).toBe(counted('orders', 'ar', 'orders.summary.points', points));
    }
    expect(counted('checkout', 'ar', 'checkout.linePoints', 104)).toBe('+١٠٤ نقاط');
    expect(counted('checkout', 'en', 'checkout.pointsEarned', 1)).toBe('Earns 1 point');
  });
});

describe('counted products', () => {
  it('take the accusative from eleven to ninety-nine in Arabic, as the grammar wants', () => {
    expect(counted(null, 'ar', 'common.list.count', 59)).toBe('٥٩ منتجًا');
    expect(counted(null, 'ar', 'common.list.count', 100)).toBe('١٠٠ منتج');
    expect(counted('cart', 'ar', 'cart.itemCount', 12)).toBe('١٢ منتجًا');
    expect(counted('orders', 'ar', 'orders.history.itemCount', 3)).toBe('٣ منتجات');
  });
});
