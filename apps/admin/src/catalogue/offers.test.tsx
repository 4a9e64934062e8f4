import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { StaffRole } from '@attar/contract';
import { formatDate } from '../lib/format';
import { oudGiftSet } from '../test/catalogue';
import { isolateScreenTests, json, openScreen, standInApi } from '../test/screen';
import { cellsOf, EN, itIsNotShownTo, LANGUAGES, pageOf } from '../test/screen-kit';

const PATH = '/api/staff/offers/';

/** The API as the screen sees it: the offers (`answer`), and the calls it received. */
function fakeApi(role: StaffRole, answer: () => Response = () => json(200, pageOf([oudGiftSet]))) {
  const calls = standInApi(role, ({ url }) => (url.pathname === PATH ? answer() : undefined));
  return {
    calls,
    asked: () => calls.filter((call) => call.url.pathname === PATH).map((call) => Object.fromEntries(call.url.searchParams)),
  };
}

isolateScreenTests();

describe('the offers list', () => {
  it.each(LANGUAGES)('shows each offer with its parts, its price against theirs, stock and state ($locale)', async (language) => {
    const { locale, words, say } = language;
    const api = fakeApi('manager');
    openScreen(locale, '/admin/catalogue/offers');
    expect(await screen.findByRole('heading', { name: words.offersTitle })).toBeTruthy();
    expect(await screen.findByText(say('offersCount', { count: 1 }))).toBeTruthy();
    const [row] = await screen.findAllByTestId('offer-row');
    expect(cellsOf(row!)).toEqual(
      locale === 'ar'
        ? [
            '',
            'هدية العودOud Gift Set',
            'عود ملكي · ٣٠ مل × ٢عود ملكي · ١٠٠ مل × ١',
            '٢٬٢٠٠٫٠٠ ج.م.بدلًا من ٢٬٥٥٠٫٠٠ ج.م.',
            '١٥',
            words.pubState_published,
            formatDate('ar', oudGiftSet.updated_at),
          ]
        : [
            '',
            'Oud Gift Setهدية العود',
            'Oud Royal · 30 ml × 2Oud Royal · 100 ml × 1',
            '2,200.00 LEinstead of 2,550.00 LE',
            '15',
            words.pubState_published,
            formatDate('en', oudGiftSet.updated_at),
          ],
    );
    expect(within(row!).getByRole('link').getAttribute('href')).toBe('/admin/catalogue/offers/4');
    expect(screen.getByRole('link', { name: words.newOffer }).getAttribute('href')).toBe('/admin/catalogue/offers/new');
    expect(api.asked()).toEqual([{ page_size: '25' }]);
  });

  it('searches by name or slug, kept in the address, and clears the search', async () => {
    const { words } = EN;
    const api = fakeApi('owner');
    openScreen('en', '/admin/catalogue/offers');
    await screen.findAllByTestId('offer-row');
    await userEvent.type(screen.getByLabelText(words.search), 'gift{Enter}');
    await waitFor(() => expect(api.asked().at(-1)).toEqual({ search: 'gift', page_size: '25' }));
    expect((screen.getByLabelText(words.search) as HTMLInputElement).value).toBe('gift');
    await userEvent.click(screen.getByRole('button', { name: words.clearFilters }));
    await waitFor(() => expect(api.asked().at(-1)).toEqual({ page_size: '25' }));
  });

  it.each(LANGUAGES)('says when no offer matches ($locale)', async ({ locale, words, say }) => {
    fakeApi('manager', () => json(200, pageOf([])));
    openScreen(locale, '/admin/catalogue/offers?q=zanzibar');
    expect(await screen.findByText(words.noOffers)).toBeTruthy();
    expect(screen.getByText(say('offersCount', { count: 0 }))).toBeTruthy();
    expect((screen.getByLabelText(words.search) as HTMLInputElement).value).toBe('zanzibar');
  });

  itIsNotShownTo(['fulfilment', 'support'], '/admin/catalogue/offers', (role) => fakeApi(role).calls, [PATH]);
});
