import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import ar from '../../messages/ar.json';
import en from '../../messages/en.json';

/** Every key path of a messages object, e.g. `common.product.addToCart`. */
function keyPaths(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [prefix];
  return Object.entries(value).flatMap(([key, child]) => keyPaths(child, prefix ? `${prefix}.${key}` : key));
}

describe('storefront messages', () => {
  it('English and Arabic have exactly the same keys, all under `common`', () => {
    expect(Object.keys(en)).toEqual(['common']);
    expect(keyPaths(ar).sort()).toEqual(keyPaths(en).sort());
  });

  it('keeps the shop’s established English texts to the letter, typos included', () => {
    const { common } = en;
    expect(common.product.addedToCart).toBe('Sucessfully! added to cart !');
    expect(common.footer.subscribed).toBe('Email has been Added sucessfully!');
    expect(common.bag.removed).toBe('Item has been removed from cart sucessfully!');
    expect(common.product.loginFirst).toBe('Login First');
    expect(common.header.freeShipping).toBe('Free Shipping');
    expect(common.header.ordersAbove).toBe('orders above {amount}');
    expect(common.promo.text).toBe('Use Promo Code {code} and get {percent_discount}% DISCOUNT, valid for your first order!');
    expect(common.promo.continue).toBe('Continue shopping');
    expect(common.price.currency).toBe('LE');
  });

  it('has every Arabic text written in Arabic, with the same placeholders as the English one', () => {
    // Argument names (`{name}` or `{count, plural, …}`), not the text of plural branches; each name once.
    const placeholders = (text: string) => [...new Set([...text.matchAll(/\{(\w+)\s*[,}]/g)].map((match) => match[1]))].sort();
    const textAt = (messages: object, path: string) =>
      String(
        path
          .split('.')
          .reduce<Record<string, unknown>>((node, key) => node[key] as Record<string, unknown>, messages as Record<string, unknown>),
      );
    for (const path of keyPaths(ar)) {
      expect(placeholders(textAt(ar, path)), path).toEqual(placeholders(textAt(en, path)));
    }
    expect(ar.common.product.addedToCart).toMatch(/[\u0600-\u06FF]/);
    expect(ar.common.footer.subscribed).toMatch(/[\u0600-\u06FF]/);
  });
});

describe('Arabic messages of every area', () => {
  const MESSAGES = new URL('../../messages/', import.meta.url);
  const areas = readdirSync(MESSAGES, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => `${entry.name}/`);
  const texts = ['', ...areas].flatMap((area) => {
    const messages: unknown = JSON.parse(readFileSync(new URL(`${area}ar.json`, MESSAGES), 'utf8'));
    return keyPaths(messages).map((path) => ({
      path: `${area}${path}`,
      text: String(path.split('.').reduce<unknown>((node, key) => (node as Record<string, unknown>)[key], messages)),
    }));
  });

  it('write their numbers in Arabic-Indic digits, as the pages write every other number', () => {
    // What keeps Latin digits: argument names and plural selectors (`=0`), phone numbers, e-mail addresses.
    const latinDigits = (text: string) =>
      text
        .replace(/\{\w+[,}]|=\d+/g, '')
        .replace(/\+?\d[\d ]{8,}\d/g, '')
        .replace(/\S+@\S+/g, '')
        .match(/[0-9]+/g);
    expect(texts.length).toBeGreaterThan(300);
    for (const { path, text } of texts) expect(latinDigits(text), path).toBeNull();
  });
});
