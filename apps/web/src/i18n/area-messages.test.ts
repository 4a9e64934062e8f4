import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const MESSAGES = path.resolve(__dirname, '../../messages');
/** Every key path of a messages object, e.g. `account.login.title`. */
const keyPaths = (value: unknown, prefix = ''): string[] =>
  typeof value !== 'object' || value === null || Array.isArray(value)
    ? [prefix]
    : Object.entries(value).flatMap(([key, child]) => keyPaths(child, prefix ? `${prefix}.${key}` : key));
const read = (area: string, locale: string) => JSON.parse(readFileSync(path.join(MESSAGES, area, `${locale}.json`), 'utf8'));

// Each area folder (accounts, alerts, cart, checkout, delivery, newsletter, orders, reviews) is merged into `common` by i18n/request.ts.
const areas = readdirSync(MESSAGES, { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name);

describe('area message files', () => {
  it('exist for the areas request.ts merges', () => {
    expect(areas.sort()).toEqual(['accounts', 'alerts', 'cart', 'checkout', 'delivery', 'newsletter', 'orders', 'reviews']);
  });

  it.each(areas)('%s: English and Arabic have the same keys under one top-level key', (area) => {
    const en = read(area, 'en');
    const ar = read(area, 'ar');
    expect(Object.keys(en)).toHaveLength(1);
    expect(keyPaths(ar).sort()).toEqual(keyPaths(en).sort());
  });

  it('never reuse a key of another area or of the storefront file', () => {
    const storefront = Object.keys(JSON.parse(readFileSync(path.join(MESSAGES, 'en.json'), 'utf8')).common);
    const tops = areas.map((area) => Object.keys(read(area, 'en'))[0]!);
    expect(new Set([...storefront, ...tops]).size).toBe(storefront.length + tops.length);
  });
});

describe('one word per thing', () => {
  const texts = (locale: string) =>
    [
      readFileSync(path.join(MESSAGES, `${locale}.json`), 'utf8'),
      ...areas.map((area) => readFileSync(path.join(MESSAGES, area, `${locale}.json`), 'utf8')),
    ].join('\n');

  it('calls the cart the cart in both languages, never a bag', () => {
    expect(texts('en')).not.toMatch(/: "[^"]*\bbag\b/i);
    expect(texts('ar')).not.toMatch(/حقيب/);
  });
});
