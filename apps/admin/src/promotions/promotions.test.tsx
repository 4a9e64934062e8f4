import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { StaffPopupChoice, StaffPromotion, StaffRole } from '@attar/contract';
import { formatDate } from '../lib/format';
import { eid10, ramadan15, welcome100 } from '../test/promotions';
import { CSRF, isolateScreenTests, json, openScreen, standInApi } from '../test/screen';
import { AR, cellsOf, EN, findToast, itIsNotShownTo, LANGUAGES, pageOf, writesOf } from '../test/screen-kit';

const PATH = '/api/staff/promotions/';

/**
 * The API as the screen sees it: three codes (WELCOME100 in the popup), none for a search of `zanzibar`; the popup
 * moved to the code chosen, refused for one turned off meanwhile (EID10 stands for it). And the calls it received.
 */
function fakeApi(role: StaffRole) {
  let codes: StaffPromotion[] = [ramadan15, welcome100, { ...eid10, state: 'active' }];
  const calls = standInApi(role, ({ method, url, body }) => {
    if (url.pathname === PATH) return json(200, pageOf(url.searchParams.get('search') === 'zanzibar' ? [] : codes));
    if (method === 'PUT' && url.pathname === `${PATH}popup/`) {
      const choice = body as StaffPopupChoice;
      if (choice.promotion === eid10.id) return json(400, { promotion: ['لا يظهر في النافذة المنبثقة إلا كود مفعّل لم تنتهِ صلاحيته.'] });
      codes = codes.map((code) => ({ ...code, is_popup: code.id === choice.promotion }));
      return json(200, choice);
    }
  });
  return {
    calls,
    asked: () => calls.filter((call) => call.url.pathname === PATH).map((call) => Object.fromEntries(call.url.searchParams)),
  };
}

isolateScreenTests();

const rowOf = async (code: string) => (await screen.findByText(code)).closest('tr')!;

describe('the promotion codes', () => {
  it.each(LANGUAGES)('list each code with its discount, limits, window, state and usage ($locale)', async ({ locale, words, say }) => {
    fakeApi('manager');
    openScreen(locale, '/admin/promotions');
    expect(await screen.findByRole('heading', { level: 1, name: words.promotionsTitle })).toBeTruthy();
    expect(document.documentElement.dir).toBe(locale === 'ar' ? 'rtl' : 'ltr');
    expect(await screen.findByText(say('promotionsCount', { count: 3 }))).toBeTruthy();
    const dates = { start: formatDate(locale, ramadan15.starts_at), end: formatDate(locale, ramadan15.ends_at!) };
    expect(cellsOf(await rowOf('RAMADAN15'))).toEqual(
      locale === 'ar'
        ? [
            'RAMADAN15',
            say('percentOff', { percent: 15 }),
            '٥٠٠٫٠٠ ج.م.',
            'رجالي، عود ملكي',
            say('validFromTo', dates),
            words.promoState_active,
            '١٬٢٣٤',
            '٥٦٬٧٨٩٫٥٠ ج.م.',
            '٢٥٠٬٠٠٠٫٠٠ ج.م.',
            words.showInPopup,
          ]
        : [
            'RAMADAN15',
            say('percentOff', { percent: 15 }),
            '500.00 LE',
            'Men, Oud Royal',
            say('validFromTo', dates),
            words.promoState_active,
            '1,234',
            '56,789.50 LE',
            '250,000.00 LE',
            words.showInPopup,
          ],
    );
    const welcome = cellsOf(await rowOf('WELCOME100'));
    expect(welcome.slice(1, 5)).toEqual([
      say('amountOff', { amount: locale === 'ar' ? '١٠٠٫٠٠ ج.م.' : '100.00 LE' }),
      words.noMinimum,
      words.everyItem,
      say('validFrom', { start: dates.start }),
    ]);
    expect(welcome[9]).toBe(`${words.inPopup}${words.takeOutOfPopup}`);
    expect((await rowOf('RAMADAN15')).querySelector('a')?.getAttribute('href')).toBe('/admin/promotions/3');
  });

  it('moves the popup to another code and says so', async () => {
    const { words, say } = EN;
    const api = fakeApi('owner');
    openScreen('en', '/admin/promotions');
    await userEvent.click(within(await rowOf('RAMADAN15')).getByRole('button', { name: words.showInPopup }));
    expect(await findToast(say('popupChosen', { code: 'RAMADAN15' }))).toBeTruthy();
    await waitFor(async () => expect(within(await rowOf('RAMADAN15')).getByText(words.inPopup)).toBeTruthy());
    expect(within(await rowOf('WELCOME100')).getByRole('button', { name: words.showInPopup })).toBeTruthy();
    expect(writesOf(api.calls)).toEqual([
      expect.objectContaining({
        method: 'PUT',
        path: `${PATH}popup/`,
        body: { promotion: 3 },
        headers: expect.objectContaining({ 'X-CSRF-Token': CSRF }),
      }),
    ]);
  });

  it('says why the popup cannot show a code, and leaves it as it was (ar)', async () => {
    const { words } = AR;
    fakeApi('manager');
    openScreen('ar', '/admin/promotions');
    const row = await rowOf('EID10');
    await userEvent.click(within(row).getByRole('button', { name: words.showInPopup }));
    expect((await within(row).findByRole('alert')).textContent).toBe('لا يظهر في النافذة المنبثقة إلا كود مفعّل لم تنتهِ صلاحيته.');
    expect(within(await rowOf('WELCOME100')).getByText(words.inPopup)).toBeTruthy();
  });

  it('searches by code as typing pauses and filters by state at once, from page 1, kept in the address', async () => {
    const { words } = EN;
    const api = fakeApi('manager');
    openScreen('en', '/admin/promotions?page=2');
    await rowOf('RAMADAN15');
    const filters = screen.getByRole('search', { name: words.filters });
    expect(within(filters).queryByRole('button', { name: words.search })).toBeNull();
    await userEvent.type(within(filters).getByLabelText(words.search), 'ram');
    await waitFor(() => expect(api.asked().at(-1)).toEqual({ search: 'ram', page_size: '25' }));
    expect(api.asked().filter((query) => query.search !== undefined)).toHaveLength(1);
    await userEvent.selectOptions(within(filters).getByLabelText(words.columnState), words.promoState_expired);
    await waitFor(() => expect(api.asked().at(-1)).toEqual({ search: 'ram', state: 'expired', page_size: '25' }));
    expect(api.asked()[0]).toEqual({ page: '2', page_size: '25' });
    await userEvent.click(within(filters).getByRole('button', { name: words.clearFilters }));
    await waitFor(() => expect(api.asked().at(-1)).toEqual({ page_size: '25' }));
  });

  it.each(LANGUAGES)('says when no code matches ($locale)', async ({ locale, words, say }) => {
    fakeApi('owner');
    openScreen(locale, '/admin/promotions?q=zanzibar');
    expect(await screen.findByText(words.noPromotions)).toBeTruthy();
    expect(screen.getByText(say('promotionsCount', { count: 0 }))).toBeTruthy();
    expect(screen.queryAllByTestId('promotion-row')).toEqual([]);
  });

  itIsNotShownTo(['fulfilment', 'support'], '/admin/promotions', (role) => fakeApi(role).calls, [PATH]);
});
