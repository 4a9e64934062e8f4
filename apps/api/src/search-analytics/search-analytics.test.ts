import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ErrorBody, ProductPage, SEARCH_ID_HEADER, SearchReport, ValidationErrorBody, type StaffRole } from '@attar/contract';
import { useTestApp } from '../test/app';
import { signedInStaff } from '../test/staff';

// The guests' micro-cache on: a search answered from it must still be counted.
const t = useTestApp({ CATALOGUE_CACHE_MS: '60000' });
const db = () => t.db.database;

type SearchRow = { id: number; query: string; locale: string; result_count: number; clicked_product_id: number | null };
const searchRows = () => db().rows<SearchRow>(sql`SELECT id, query, locale, result_count, clicked_product_id FROM searches ORDER BY id`);
const searchCount = async () => (await db().rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM searches`))[0]!.n;

const search = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });
const searchIdOf = (response: Awaited<ReturnType<typeof search>>) => {
  const header = response.headers[SEARCH_ID_HEADER];
  return header === undefined ? null : Number(header);
};
const click = (payload: unknown) => t.app.inject({ method: 'POST', url: '/api/search-clicks/', payload: payload as object });

/** An instant `daysAgo` Cairo days before today at `time` on Cairo's clock. */
const cairo = (daysAgo: number, time: string) =>
  sql`(((now() AT TIME ZONE 'Africa/Cairo')::date - ${daysAgo}::int) + ${time}::time) AT TIME ZONE 'Africa/Cairo'`;
const cairoDay = (daysAgo: number) => {
  const today = new Date().toLocaleDateString('en-CA', { timeZone: 'Africa/Cairo' });
  return new Date(Date.parse(`${today}T00:00:00Z`) - daysAgo * 86_400_000).toISOString().slice(0, 10);
};

describe('recording searches', () => {
  it('records a first page’s search, cached or not, and names it in the answer', async () => {
    await db().rows(sql`DELETE FROM searches`);
    const first = await search('/api/products/?search=rose');
    expect(first.statusCode).toBe(200);
    const page = ProductPage.parse(first.json());
    expect(page.count).toBeGreaterThan(0);
    const id = searchIdOf(first)!;
    // The answer names its own search: no shared cache may hand it to another shopper.
    expect(first.headers['cache-control']).toBe('private, no-cache');

    const again = await search('/api/products/?search=rose');
    expect(again.body).toBe(first.body);
    expect(searchIdOf(again)).toBeGreaterThan(id);
    const rows = await searchRows();
    expect(rows).toEqual([
      { id, query: 'rose', locale: 'en', result_count: page.count, clicked_product_id: null },
      { id: searchIdOf(again), query: 'rose', locale: 'en', result_count: page.count, clicked_product_id: null },
    ]);
  });

  it('does not count the same search again: another sort, a reload naming it, or a later page', async () => {
    const first = await search('/api/products/?search=oud');
    const id = searchIdOf(first)!;
    const before = await searchCount();
    const resorted = await search('/api/products/?search=oud&ordering=price', { [SEARCH_ID_HEADER]: String(id) });
    expect(resorted.statusCode).toBe(200);
    expect(searchIdOf(resorted)).toBe(id);
    const secondPage = await search('/api/products/?search=oud&page=2&page_size=1');
    expect(secondPage.statusCode).toBe(200);
    expect(searchIdOf(secondPage)).toBeNull();
    expect(secondPage.headers['cache-control']).toMatch(/^public/);
    const unsearched = await search('/api/products/');
    expect(searchIdOf(unsearched)).toBeNull();
    const blank = await search('/api/products/?search=%20%20');
    expect(searchIdOf(blank)).toBeNull();
    expect(await searchCount()).toBe(before);
  });

  it('records the language, cuts a long search to 200 characters and takes emoji whole', async () => {
    const arabic = await search(`/api/products/?search=${encodeURIComponent('عود')}`, { 'accept-language': 'ar' });
    const long = await search(`/api/products/?search=${'x'.repeat(300)}`);
    const emoji = await search(`/api/products/?search=${encodeURIComponent('🌹'.repeat(250))}`);
    for (const response of [arabic, long, emoji]) expect(response.statusCode).toBe(200);
    const [arabicRow, longRow, emojiRow] = await db().rows<{ query: string; locale: string; length: number; result_count: number }>(sql`
      SELECT query, locale, char_length(query) AS length, result_count FROM searches
      WHERE id IN (${searchIdOf(arabic)}, ${searchIdOf(long)}, ${searchIdOf(emoji)}) ORDER BY id`);
    expect(arabicRow).toMatchObject({ query: 'عود', locale: 'ar' });
    expect(longRow).toMatchObject({ query: 'x'.repeat(200), length: 200, result_count: 0 });
    expect(emojiRow).toMatchObject({ query: '🌹'.repeat(200), length: 200 });
  });

  it('answers the search when it cannot be recorded, without an id', async () => {
    await db().rows(sql`ALTER TABLE searches RENAME TO searches_elsewhere`);
    try {
      const response = await search('/api/products/?search=musk');
      expect(response.statusCode).toBe(200);
      expect(ProductPage.parse(response.json()).count).toBeGreaterThan(0);
      expect(searchIdOf(response)).toBeNull();
    } finally {
      await db().rows(sql`ALTER TABLE searches_elsewhere RENAME TO searches`);
    }
  });
});

describe('the product opened from a search', () => {
  it('is recorded once, against its search', async () => {
    const response = await search('/api/products/?search=rose');
    const id = searchIdOf(response)!;
    const [opened, other] = ProductPage.parse(response.json()).results;
    expect((await click({ search_id: id, product: opened!.id })).statusCode).toBe(204);
    // A second product opened from the same results keeps the first.
    expect((await click({ search_id: id, product: other!.id })).statusCode).toBe(204);
    const [row] = await db().rows<SearchRow>(sql`SELECT clicked_product_id FROM searches WHERE id = ${id}`);
    expect(row!.clicked_product_id).toBe(opened!.id);
  });

  it('refuses an unknown search or product, or an id that is not one, in the contract’s shape, changing nothing', async () => {
    const id = searchIdOf(await search('/api/products/?search=amber'))!;
    const [product] = await db().rows<{ id: number }>(sql`SELECT min(id)::int AS id FROM products`);
    const before = await searchRows();

    const unknownSearch = await click({ search_id: id + 1000, product: product!.id });
    expect(unknownSearch.statusCode).toBe(404);
    expect(ErrorBody.parse(unknownSearch.json()).code).toBe('search_not_found');
    const unknownProduct = await click({ search_id: id, product: 2_000_000_000 });
    expect(unknownProduct.statusCode).toBe(404);
    expect(ErrorBody.parse(unknownProduct.json()).code).toBe('product_not_found');

    for (const searchId of [99_999_999_999, -1, 0, 1.5, 'abc', '12', '🌹', null]) {
      const response = await click({ search_id: searchId, product: product!.id });
      expect(response.statusCode).toBe(400);
      expect(Object.keys(ValidationErrorBody.parse(response.json()))).toEqual(['search_id']);
    }
    expect((await click({})).statusCode).toBe(400);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/search-clicks/',
          payload: 'not json',
          headers: { 'content-type': 'application/json' },
        })
      ).statusCode,
    ).toBe(400);
    expect(await searchRows()).toEqual(before);
  });

  it('answers a bad Search-Id header by counting the search as new', async () => {
    const before = await searchCount();
    for (const named of ['abc', '99999999999', '-3', '🌹']) {
      const response = await search('/api/products/?search=vanilla', { [SEARCH_ID_HEADER]: named });
      expect(response.statusCode).toBe(200);
      expect(searchIdOf(response)).not.toBeNull();
    }
    expect(await searchCount()).toBe(before + 4);
  });
});

describe('the Searches report', () => {
  const period = (from: number, to: number) => `from=${cairoDay(from)}&to=${cairoDay(to)}`;

  it('is for owners and managers; others are refused, signed-out callers too', async () => {
    for (const role of ['fulfilment', 'support'] as StaffRole[]) {
      const staff = await signedInStaff(t, role);
      expect((await staff.get(`/api/staff/searches/?${period(0, 0)}`)).statusCode).toBe(403);
      expect((await staff.get(`/api/staff/searches/no-results.csv?${period(0, 0)}`)).statusCode).toBe(403);
    }
    expect((await t.app.inject(`/api/staff/searches/?${period(0, 0)}`)).statusCode).toBe(401);
    expect((await t.app.inject(`/api/staff/searches/top.csv?${period(0, 0)}`)).statusCode).toBe(401);
    for (const role of ['owner', 'manager'] as StaffRole[]) {
      const staff = await signedInStaff(t, role);
      expect((await staff.get(`/api/staff/searches/?${period(0, 0)}`)).statusCode).toBe(200);
      expect((await staff.get(`/api/staff/searches/no-click.csv?${period(0, 0)}`)).statusCode).toBe(200);
    }
  });

  it('refuses a period it cannot read, in the contract’s shape', async () => {
    const owner = await signedInStaff(t, 'owner');
    for (const query of [
      `from=${cairoDay(0)}&to=${cairoDay(1)}`,
      'from=2026-02-30&to=2026-03-01',
      'from=x',
      '',
      `from=${cairoDay(400)}&to=${cairoDay(0)}`,
    ]) {
      const response = await owner.get(`/api/staff/searches/?${query}`);
      expect(response.statusCode, query).toBe(400);
      ValidationErrorBody.parse(response.json());
    }
  });

  it('groups texts lower-cased and trimmed over the Cairo days asked, with their lists and counts', async () => {
    await db().rows(sql`DELETE FROM searches`);
    const [product] = await db().rows<{ id: number }>(sql`SELECT min(id)::int AS id FROM products`);
    await db().rows(sql`
      INSERT INTO searches (query, locale, result_count, created_at, clicked_product_id, clicked_at) VALUES
        ('Oud', 'en', 12, ${cairo(0, '00:05')}, ${product!.id}, now()),
        ('oud ', 'en', 12, ${cairo(0, '10:00')}, NULL, NULL),
        ('Oud', 'en', 12, ${cairo(0, '11:00')}, NULL, NULL),
        ('Oud', 'en', 12, ${cairo(1, '23:55')}, NULL, NULL),
        ('عود', 'ar', 9, ${cairo(0, '12:00')}, NULL, NULL),
        ('zanzibarine', 'en', 0, ${cairo(0, '13:00')}, NULL, NULL),
        ('ZANZIBARINE', 'en', 0, ${cairo(1, '13:00')}, NULL, NULL),
        ('=cmd', 'en', 0, ${cairo(0, '14:00')}, NULL, NULL),
        ('yesterday only', 'en', 0, ${cairo(2, '23:59')}, NULL, NULL),
        ('tomorrow', 'en', 0, ${cairo(-1, '00:00')}, NULL, NULL)`);
    const manager = await signedInStaff(t, 'manager');

    const today = SearchReport.parse((await manager.get(`/api/staff/searches/?${period(0, 0)}`)).json());
    expect(today).toEqual({
      from: cairoDay(0),
      to: cairoDay(0),
      searches: 6,
      no_results: 2,
      clicked: 1,
      top: [
        { query: 'Oud', searches: 3, results: 12, clicks: 1 },
        { query: '=cmd', searches: 1, results: 0, clicks: 0 },
        { query: 'zanzibarine', searches: 1, results: 0, clicks: 0 },
        { query: 'عود', searches: 1, results: 9, clicks: 0 },
      ],
      no_result_queries: [
        { query: '=cmd', searches: 1, results: 0, clicks: 0 },
        { query: 'zanzibarine', searches: 1, results: 0, clicks: 0 },
      ],
      no_click_queries: [{ query: 'عود', searches: 1, results: 9, clicks: 0 }],
    });

    const twoDays = SearchReport.parse((await manager.get(`/api/staff/searches/?${period(1, 0)}`)).json());
    expect(twoDays.searches).toBe(8);
    // The most common spelling as typed names the group; of equally common ones, the latest.
    expect(twoDays.top.slice(0, 2)).toEqual([
      { query: 'Oud', searches: 4, results: 12, clicks: 1 },
      { query: 'zanzibarine', searches: 2, results: 0, clicks: 0 },
    ]);

    const csv = await manager.get(`/api/staff/searches/no-click.csv?${period(0, 0)}`);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toBe(`attachment; filename="searches-no-click-${cairoDay(0)}-${cairoDay(0)}.csv"`);
    expect(csv.body).toBe('\uFEFFquery,searches,results,clicks\r\nعود,1,9,0\r\n');
    const noResults = await manager.get(`/api/staff/searches/no-results.csv?${period(1, 0)}`);
    // A text a spreadsheet would run as a formula is written as text.
    expect(noResults.body).toBe("\uFEFFquery,searches,results,clicks\r\nzanzibarine,2,0,0\r\n'=cmd,1,0,0\r\n");
  });
});
