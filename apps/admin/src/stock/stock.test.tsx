import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { LowStockRow, StaffRole, StaffStockAdjustment, StaffStockRow, StockMovement } from '@attar/contract';
import { formatDate } from '../lib/format';
import { CSRF, isolateScreenTests, json, openScreen, standInApi } from '../test/screen';
import { AR, cellsOf, EN, errorOf, findToast, itIsNotShownTo, LANGUAGES, pageOf, writesOf } from '../test/screen-kit';

const STOCK = '/api/staff/stock/';
const AT = '2026-11-28T10:00:00Z';

const oud = { product: 7, slug: 'oud-royal', name_en: 'Oud Royal', name_ar: 'عود ملكي', state: 'published', threshold: 5 } as const;
const movements: StockMovement[] = [
  {
    id: 3,
    at: AT,
    size: 71,
    ml: 30,
    change: 6,
    stock_after: 9,
    reason: 'received',
    order_number: null,
    staff: { id: 1, name: 'Nadia' },
    note: 'Box from Grasse',
  },
  { id: 2, at: AT, size: 70, ml: null, change: -1, stock_after: 0, reason: 'order', order_number: 'AT100012', staff: null, note: null },
];

/**
 * The API as the screen sees it: Oud Royal's two sizes (30 ml low on stock) and its ledger, Amber Night's one size with
 * no ledger; nothing low when `nothingLow`; an adjustment that would take a size below nothing refused. And the calls.
 */
function fakeApi(role: StaffRole, { nothingLow = false } = {}) {
  let sizes: StaffStockRow[] = [
    { ...oud, size: 71, ml: 30, sku: 'AT-OUD-30', stock: 3, low: true },
    { ...oud, size: 72, ml: 100, sku: 'AT-OUD-100', stock: 30, low: false },
    {
      ...oud,
      product: 8,
      slug: 'amber-night',
      name_en: 'Amber Night',
      name_ar: 'ليلة العنبر',
      size: 81,
      ml: 50,
      sku: 'AT-AMB-50',
      stock: 40,
      low: false,
    },
  ];
  const calls = standInApi(role, ({ method, url, body }) => {
    if (url.pathname === STOCK) {
      const product = Number(url.searchParams.get('product'));
      const search = url.searchParams.get('search');
      return json(200, pageOf(sizes.filter((size) => (product ? size.product === product : search !== 'zanzibar'))));
    }
    if (url.pathname === `${STOCK}low/`) {
      const low: LowStockRow[] = sizes.filter((size) => size.low).map(({ state: _state, low: _low, ...row }) => row);
      return json(200, nothingLow ? [] : low);
    }
    const ledger = /^\/api\/staff\/products\/(\d+)\/stock\/$/.exec(url.pathname);
    if (ledger) return json(200, pageOf(ledger[1] === '7' ? movements : []));
    const adjusted = /^\/api\/staff\/products\/7\/sizes\/(\d+)\/stock\/$/.exec(url.pathname);
    if (method === 'POST' && adjusted) {
      const size = sizes.find((each) => each.size === Number(adjusted[1]))!;
      const stock = size.stock + (body as StaffStockAdjustment).change;
      if (stock < 0) return json(400, { change: ['لا يمكن أن يقل المخزون عن صفر.'] });
      sizes = sizes.map((each) => (each === size ? { ...each, stock, low: stock <= each.threshold } : each));
      return json(200, { stock });
    }
  });
  return { calls, writes: () => writesOf(calls) };
}

isolateScreenTests();

const rows = () => screen.findAllByTestId('stock-row');

describe('the stock screens', () => {
  it.each(LANGUAGES)('list every size with its stock, marking the low ones ($locale)', async ({ locale, words, say }) => {
    const api = fakeApi('fulfilment');
    openScreen(locale, '/admin/stock');
    expect(await screen.findByRole('heading', { level: 1, name: words.stockTitle })).toBeTruthy();
    expect(document.documentElement.dir).toBe(locale === 'ar' ? 'rtl' : 'ltr');
    expect(screen.getByRole('link', { name: words.stockTab_all }).getAttribute('aria-current')).toBe('page');
    expect(await screen.findByText(say('stockCount', { count: 3 }))).toBeTruthy();
    const [low, plenty] = await rows();
    expect(cellsOf(low!)).toEqual(
      locale === 'ar'
        ? ['عود ملكيOud Royal', '٣٠ مل', 'AT-OUD-30', `٣ ${words.lowChip}`, '٥', words.pubState_published, words.adjust]
        : ['Oud Royalعود ملكي', '30 ml', 'AT-OUD-30', `3 ${words.lowChip}`, '5', words.pubState_published, words.adjust],
    );
    expect(within(plenty!).getByTestId('stock-units').textContent).toBe(locale === 'ar' ? '٣٠ ' : '30 ');
    expect(within(low!).getByRole('link').getAttribute('href')).toBe('/admin/stock/7');
    expect(api.calls.find((call) => call.url.pathname === STOCK)?.path).toBe(`${STOCK}?page_size=25`);
  });

  it('checks an adjustment before sending it, records it, and shows the new stock', async () => {
    const { words, say } = EN;
    const api = fakeApi('fulfilment');
    openScreen('en', '/admin/stock');
    const named = { name: 'Oud Royal', size: say('sizeMl', { ml: 30 }) };
    await userEvent.click(within((await rows())[0]!).getByRole('button', { name: say('adjustOf', named) }));
    const dialog = await screen.findByRole('dialog', { name: say('adjustTitle', named) });
    expect(within(dialog).getByText(say('stockNow', { stock: 3 }))).toBeTruthy();
    const units = within(dialog).getByLabelText(words.quantity_received);
    await userEvent.type(units, '0');
    await userEvent.click(within(dialog).getByRole('button', { name: words.recordAdjustment }));
    await waitFor(() => expect(errorOf(units)).toBe(words.errorUnits));
    expect(api.writes()).toEqual([]);

    await userEvent.clear(units);
    await userEvent.type(units, '12');
    await userEvent.type(within(dialog).getByLabelText(words.adjustmentNote), 'Box from Grasse');
    await userEvent.click(within(dialog).getByRole('button', { name: words.recordAdjustment }));
    expect(await findToast(say('stockAdjusted', { ...named, stock: 15 }))).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(async () => expect(within((await rows())[0]!).getByTestId('stock-units').textContent).toBe('15 '));
    expect(api.writes()).toEqual([
      expect.objectContaining({
        method: 'POST',
        path: '/api/staff/products/7/sizes/71/stock/',
        body: { change: 12, reason: 'received', note: 'Box from Grasse' },
        headers: expect.objectContaining({ 'X-CSRF-Token': CSRF }),
      }),
    ]);
  });

  it('shows a refused correction under its field, the stock unchanged (ar)', async () => {
    const { words, say } = AR;
    const api = fakeApi('manager');
    openScreen('ar', '/admin/stock');
    const named = { name: 'عود ملكي', size: say('sizeMl', { ml: 30 }) };
    await userEvent.click(within((await rows())[0]!).getByRole('button', { name: say('adjustOf', named) }));
    const dialog = await screen.findByRole('dialog', { name: say('adjustTitle', named) });
    await userEvent.selectOptions(within(dialog).getByLabelText(words.reason), words.stockReason_correction);
    const change = within(dialog).getByLabelText(words.quantity_correction);
    await userEvent.type(change, '−5');
    await userEvent.click(within(dialog).getByRole('button', { name: words.recordAdjustment }));
    await waitFor(() => expect(errorOf(change)).toBe('لا يمكن أن يقل المخزون عن صفر.'));
    expect(api.writes().map((call) => call.body)).toEqual([{ change: -5, reason: 'correction' }]);
    await userEvent.click(within(dialog).getByRole('button', { name: words.keepAsIs }));
    expect(within((await rows())[0]!).getByTestId('stock-units').textContent).toBe(`٣ ${words.lowChip}`);
  });

  it('lists the sizes low on stock in their own tab', async () => {
    const { words } = EN;
    const api = fakeApi('owner');
    openScreen('en', '/admin/stock');
    await rows();
    await userEvent.click(screen.getByRole('link', { name: words.stockTab_low }));
    expect(await screen.findByText(words.lowStockHint)).toBeTruthy();
    await waitFor(() => expect(screen.getAllByTestId('stock-row')).toHaveLength(1));
    expect(screen.getByRole('link', { name: words.stockTab_low }).getAttribute('aria-current')).toBe('page');
    expect(api.calls.some((call) => call.path === `${STOCK}low/`)).toBe(true);
  });

  it.each(LANGUAGES)('says when no size matches, and when nothing is low on stock ($locale)', async ({ locale, words, say }) => {
    fakeApi('manager', { nothingLow: true });
    openScreen(locale, '/admin/stock?q=zanzibar');
    expect(await screen.findByText(words.noStockRows)).toBeTruthy();
    expect(screen.getByText(say('stockCount', { count: 0 }))).toBeTruthy();
    await userEvent.click(screen.getByRole('link', { name: words.stockTab_low }));
    expect(await screen.findByText(words.noLowStock)).toBeTruthy();
    expect(screen.queryAllByTestId('stock-row')).toEqual([]);
  });

  it.each(LANGUAGES)('shows a product’s sizes and its ledger, each change with its sign ($locale)', async ({ locale, words, say }) => {
    fakeApi('fulfilment');
    openScreen(locale, '/admin/stock/7');
    const name = locale === 'ar' ? 'عود ملكي' : 'Oud Royal';
    expect(await screen.findByRole('heading', { level: 1, name: say('productStockTitle', { name }) })).toBeTruthy();
    expect(within(screen.getByRole('region', { name: words.sizesTitle })).getAllByTestId('stock-row')).toHaveLength(2);
    const ledger = await within(screen.getByRole('region', { name: words.ledgerTitle })).findAllByTestId('ledger-row');
    expect(ledger.map(cellsOf)).toEqual(
      locale === 'ar'
        ? [
            [formatDate('ar', AT), '٣٠ مل', words.stockReason_received, '\u061c+٦', '٩', '', 'Nadia', 'Box from Grasse'],
            [formatDate('ar', AT), words.removedSize, words.stockReason_order, '\u061c-١', '٠', 'AT100012', '', ''],
          ]
        : [
            [formatDate('en', AT), '30 ml', words.stockReason_received, '+6', '9', '', 'Nadia', 'Box from Grasse'],
            [formatDate('en', AT), words.removedSize, words.stockReason_order, '-1', '0', 'AT100012', '', ''],
          ],
    );
  });

  it.each(LANGUAGES)('says when a product’s ledger is empty ($locale)', async ({ locale, words }) => {
    fakeApi('fulfilment');
    openScreen(locale, '/admin/stock/8');
    expect(await screen.findByText(words.noLedgerRows)).toBeTruthy();
    expect(screen.getByRole('link', { name: words.backToStock }).getAttribute('href')).toBe('/admin/stock');
  });

  itIsNotShownTo(['support', 'support'], '/admin/stock', (role) => fakeApi(role).calls, [STOCK, '/api/staff/products/']);
});
