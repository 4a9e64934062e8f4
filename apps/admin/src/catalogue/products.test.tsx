import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { StaffProductRow, StaffRole } from '@attar/contract';
import { formatDate } from '../lib/format';
import { catalogueLists, oudRoyalRow } from '../test/catalogue';
import { isolateScreenTests, json, openScreen, standInApi } from '../test/screen';
import { cellsOf, EN, itIsNotShownTo, LANGUAGES, pageOf } from '../test/screen-kit';

const PATH = '/api/staff/products/';

const amberNight: StaffProductRow = {
  ...oudRoyalRow,
  id: 8,
  slug: 'amber-night',
  name_en: 'Amber Night',
  name_ar: 'ليلة العنبر',
  category: 2,
  state: 'scheduled',
  publish_at: '2026-12-01T08:00:00Z',
  price: 480.5,
  stock: 0,
  sizes: [50],
};

/** The API as the screen sees it: 26 products in all (two pages), the categories, and the calls it received. */
function fakeApi(
  role: StaffRole,
  answer: (params: Record<string, string>) => Response = () => json(200, pageOf([oudRoyalRow, amberNight], 26)),
) {
  const calls = standInApi(role, ({ url }) => {
    if (url.pathname === PATH) return answer(Object.fromEntries(url.searchParams));
    if (url.pathname === '/api/staff/catalogue/categories/') return json(200, catalogueLists.categories);
  });
  return {
    calls,
    asked: () => calls.filter((call) => call.url.pathname === PATH).map((call) => Object.fromEntries(call.url.searchParams)),
  };
}

isolateScreenTests();

describe('the products list', () => {
  it.each(LANGUAGES)(
    'shows each product with its category, sizes, price, stock and state, a page at a time ($locale)',
    async (language) => {
      const { locale, words, say } = language;
      const api = fakeApi('manager');
      openScreen(locale, '/admin/catalogue/products');
      expect(await screen.findByRole('heading', { name: words.productsTitle })).toBeTruthy();
      expect(await screen.findByText(say('productsCount', { count: 26 }))).toBeTruthy();
      await waitFor(() => expect(screen.getAllByTestId('product-row')[0]!.textContent).toContain(locale === 'ar' ? 'رجالي' : 'Men'));
      const [first, second] = screen.getAllByTestId('product-row');
      expect(cellsOf(first!)).toEqual(
        locale === 'ar'
          ? [
              '',
              'عود ملكيOud Royal',
              'رجالي',
              '٣٠ · ١٠٠ مل',
              '١٬٢٥٠٫٠٠ ج.م.',
              '٤٢',
              words.pubState_published,
              formatDate('ar', oudRoyalRow.updated_at),
            ]
          : [
              '',
              'Oud Royalعود ملكي',
              'Men',
              '30 · 100 ml',
              '1,250.00 LE',
              '42',
              words.pubState_published,
              formatDate('en', oudRoyalRow.updated_at),
            ],
      );
      expect(within(first!).getByRole('link').getAttribute('href')).toBe('/admin/catalogue/products/7');
      expect(cellsOf(second!)[4]).toBe(locale === 'ar' ? '٤٨٠٫٥٠ ج.م.' : '480.50 LE');
      expect(cellsOf(second!)[6]).toBe(say('scheduledFor', { date: formatDate(locale, amberNight.publish_at!) }));
      expect(document.documentElement.dir).toBe(locale === 'ar' ? 'rtl' : 'ltr');

      expect(screen.getByText(say('pageOf', { page: 1, pages: 2 }))).toBeTruthy();
      await userEvent.click(screen.getByRole('button', { name: words.next }));
      await waitFor(() => expect(api.asked().at(-1)).toEqual({ page: '2', page_size: '25' }));
      expect(api.asked()[0]).toEqual({ page_size: '25' });
    },
  );

  it('searches as typing pauses and filters by category, state and order as chosen, from page 1, and clears them', async () => {
    const { words } = EN;
    const api = fakeApi('owner');
    openScreen('en', '/admin/catalogue/products?page=2');
    await screen.findByRole('option', { name: 'Women' });
    const filters = screen.getByRole('search', { name: words.filters });
    expect(within(filters).queryByRole('button', { name: words.search })).toBeNull();
    await userEvent.type(within(filters).getByLabelText(words.search), 'oud');
    // Once, when the typing pauses, and back to the first page.
    await waitFor(() => expect(api.asked().at(-1)).toEqual({ search: 'oud', page_size: '25' }));
    expect(api.asked().filter((query) => query.search !== undefined)).toHaveLength(1);
    await userEvent.selectOptions(within(filters).getByLabelText(words.category), 'Women');
    await waitFor(() => expect(api.asked().at(-1)).toEqual({ search: 'oud', category: '2', page_size: '25' }));
    await userEvent.selectOptions(within(filters).getByLabelText(words.publicationState), words.pubState_draft);
    await userEvent.selectOptions(within(filters).getByLabelText(words.ordering), words.orderingPriceHigh);
    await waitFor(() =>
      expect(api.asked().at(-1)).toEqual({ search: 'oud', category: '2', state: 'draft', ordering: '-price', page_size: '25' }),
    );
    expect((within(filters).getByLabelText(words.category) as HTMLSelectElement).value).toBe('2');
    expect((within(filters).getByLabelText(words.search) as HTMLInputElement).value).toBe('oud');

    await userEvent.click(within(filters).getByRole('button', { name: words.clearFilters }));
    await waitFor(() => expect(api.asked().at(-1)).toEqual({ page_size: '25' }));
    expect((within(filters).getByLabelText(words.search) as HTMLInputElement).value).toBe('');
    expect((within(filters).getByLabelText(words.ordering) as HTMLSelectElement).value).toBe('-updated_at');
  });

  it.each(LANGUAGES)('says when no product matches ($locale)', async ({ locale, words, say }) => {
    fakeApi('manager', () => json(200, pageOf([])));
    openScreen(locale, '/admin/catalogue/products?q=zanzibar');
    expect(await screen.findByText(words.noProducts)).toBeTruthy();
    expect(screen.getByText(say('productsCount', { count: 0 }))).toBeTruthy();
    expect(screen.queryAllByTestId('product-row')).toEqual([]);
  });

  it('says in words why the list could not be loaded (ar)', async () => {
    fakeApi('manager', () => json(503, { detail: 'المتجر مشغول. حاول بعد قليل.', code: 'unavailable' }));
    openScreen('ar', '/admin/catalogue/products');
    expect((await screen.findByRole('alert')).textContent).toBe('المتجر مشغول. حاول بعد قليل.');
    expect(screen.queryAllByTestId('product-row')).toEqual([]);
  });

  itIsNotShownTo(['support', 'fulfilment'], '/admin/catalogue/products', (role) => fakeApi(role).calls, [PATH, '/api/staff/catalogue/']);
});
