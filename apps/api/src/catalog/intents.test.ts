import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ProductPage, SearchSuggestions } from '@attar/contract';
import { useTestApp } from '../test/app';
import { readIntents, textWithout } from './intents';
import vocabulary from './search-intents.json';

describe('reading intents from a search’s words', () => {
  const read = (text: string, query = {}) => readIntents(text.split(' '), query).map(({ kind, value }) => ({ kind, value }));

  it('reads gender, kind of product, concentration, size and price, in both scripts', () => {
    expect(read('women deodorant')).toEqual([
      { kind: 'gender', value: 'women' },
      { kind: 'type', value: 'deodorant' },
    ]);
    expect(read('عطر رجالي')).toEqual([
      { kind: 'type', value: 'perfume' },
      { kind: 'gender', value: 'men' },
    ]);
    expect(read('oud eau de parfum 50ml')).toEqual([
      { kind: 'concentration', value: 'Eau de Parfum' },
      { kind: 'size', value: 50 },
    ]);
    expect(read('مسك 100 مل')).toEqual([{ kind: 'size', value: 100 }]);
    expect(read('اقل من 500 جنيه')).toEqual([{ kind: 'price_max', value: 500 }]);
    expect(read('perfume over 2000')).toEqual([
      { kind: 'type', value: 'perfume' },
      { kind: 'price_min', value: 2000 },
    ]);
    expect(read('مزيل عرق ستيك')).toEqual([
      { kind: 'type', value: 'deodorant' },
      { kind: 'concentration', value: 'Deodorant Stick' },
    ]);
  });

  it('reads each kind once, leaves a kind the query sets itself, and needs a number after a price word', () => {
    expect(read('men women')).toEqual([{ kind: 'gender', value: 'men' }]);
    expect(read('women deodorant', { gender: 'men' })).toEqual([{ kind: 'type', value: 'deodorant' }]);
    expect(read('under the sea')).toEqual([]);
    expect(read('rose')).toEqual([]);
  });

  it('says what the text becomes without an intent’s words', () => {
    const typed = 'musk under 500 le for women'.split(' ');
    const [price, gender] = readIntents(typed, {});
    expect(textWithout(typed, price!.positions)).toBe('musk for women');
    expect(textWithout(typed, gender!.positions)).toBe('musk under 500 le for');
  });
});

describe('searching with intents', () => {
  const t = useTestApp();

  async function search(text: string, filters = '') {
    const response = await t.app.inject({ url: `/api/products/?page_size=100&search=${encodeURIComponent(text)}${filters}` });
    expect(response.statusCode, response.body).toBe(200);
    return ProductPage.parse(response.json());
  }
  const products = async (where: ReturnType<typeof sql>) =>
    (await t.db.database.rows<{ slug: string }>(sql`SELECT slug FROM products p WHERE p.is_published AND ${where}`)).map((r) => r.slug);

  it('are written as the search normalises them', async () => {
    const phrases = [
      ...vocabulary.genders.flatMap((each) => each.phrases),
      ...vocabulary.types.flatMap((each) => each.phrases),
      ...vocabulary.concentrations.flatMap((each) => each.phrases),
      ...vocabulary.sizeUnits,
      ...vocabulary.priceBelow,
      ...vocabulary.priceAbove,
      ...vocabulary.currencies,
    ];
    const rows = await t.db.database.rows<{ phrase: string; normalised: string }>(sql`
      SELECT phrase, attar_normalize(phrase) AS normalised FROM unnest(${sql.param(phrases)}::text[]) AS phrase`);
    expect(rows.filter((row) => row.phrase !== row.normalised)).toEqual([]);
  });

  it('give exactly the set a query of intents alone names, with a chip for each that widens it when removed', async () => {
    const page = await search('Women deodorant');
    const expected = await products(sql`p.gender = 'women' AND p.type = 'deodorant'`);
    expect(page.results.map((p) => p.slug).sort()).toEqual(expected.sort());
    expect(page.understood).toEqual([
      { kind: 'gender', value: 'women', search: 'deodorant' },
      { kind: 'type', value: 'deodorant', search: 'women' },
    ]);
    const widened = await search(page.understood![0]!.search);
    expect(widened.count).toBe((await products(sql`p.type = 'deodorant'`)).length);
  });

  it('score the other words within the filters, and read Arabic prices and sizes', async () => {
    const page = await search('مسك حريمي');
    expect(page.understood?.map((each) => each.kind)).toEqual(['gender']);
    expect(page.results.every((p) => p.gender === 'women')).toBe(true);
    const musky = await products(sql`p.gender = 'women' AND p.search_words && ARRAY['مسك', 'musk']`);
    expect(
      page.results
        .slice(0, musky.length)
        .map((p) => p.slug)
        .sort(),
    ).toEqual(musky.sort());

    const cheap = await search('عطر أقل من ٥٠٠ جنيه');
    expect(cheap.understood).toEqual([
      { kind: 'type', value: 'perfume', search: 'اقل من 500 جنيه' },
      { kind: 'price_max', value: 500, search: 'عطر' },
    ]);
    expect(cheap.count).toBe(
      (
        await products(
          sql`p.type = 'perfume' AND EXISTS (SELECT 1 FROM product_variants v WHERE v.product_id = p.id AND v.price_piastres <= 50000)`,
        )
      ).length,
    );
  });

  it('list every product of the filters, the other words’ matches first', async () => {
    // A word of a men's product that no women's product matches (as the search reads it).
    const candidates = await t.db.database.rows<{ word: string }>(sql`
      SELECT DISTINCT w AS word FROM products p, unnest(p.name_words) AS w
      WHERE p.is_published AND p.gender = 'men' AND length(w) >= 5 AND w ~ '^[a-z]+$' ORDER BY w`);
    let menOnly: string | undefined;
    for (const { word } of candidates) {
      if ((await search(word, '&gender=women')).count === 0) {
        menOnly = word;
        break;
      }
    }
    const page = await search(`${menOnly!} for women`);
    expect(page.understood?.map((each) => each.kind)).toEqual(['gender']);
    expect(page.count).toBe((await products(sql`p.gender = 'women'`)).length);
  });

  it('are dropped rather than leave a dead end, and a filter the link sets wins over the words', async () => {
    // No deodorant costs that much: the words alone are searched, without chips.
    const page = await search('deodorant over 900000');
    expect(page.understood).toBeUndefined();
    expect(page.count).toBeGreaterThan(0);

    const linked = await search('women deodorant', '&gender=men');
    expect(linked.understood).toEqual([{ kind: 'type', value: 'deodorant', search: 'women' }]);
    expect(linked.results.length).toBeGreaterThan(0);
    expect(linked.results.every((p) => p.gender === 'men' && p.type === 'deodorant')).toBe(true);
  });

  it('narrow the search box’s suggestions as they narrow the page', async () => {
    const response = await t.app.inject({ url: `/api/products/suggestions/?search=${encodeURIComponent('deodorant for men')}` });
    expect(response.statusCode).toBe(200);
    const suggested = SearchSuggestions.parse(response.json()).products.map((p) => p.slug);
    const page = await search('deodorant for men');
    expect(suggested).toEqual(page.results.slice(0, suggested.length).map((p) => p.slug));
    expect(suggested.length).toBeGreaterThan(0);
  });
});
