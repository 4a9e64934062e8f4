import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { StaffCustomerRow, StaffOrderBoard, StaffProductRow } from '@attar/contract';
import { ar } from '../messages/ar';
import { en } from '../messages/en';
import { isolateScreenTests, json, openScreen, standInApi, type ApiCall } from '../test/screen';

const page = <T,>(results: T[]) => ({ count: results.length, next: null, previous: null, results });
const board = (results: StaffOrderBoard['results']): StaffOrderBoard => ({
  ...page(results),
  counts: {
    pending_payment: 0,
    awaiting_shopper: 0,
    placed: results.length,
    confirmed: 0,
    packed: 0,
    shipped: 0,
    delivered: 0,
    cancelled: 0,
    refunded: 0,
  },
  waiting: results.length,
});
const order: StaffOrderBoard['results'][number] = {
  id: 41,
  order_number: 'AT100041',
  status: 'placed',
  version: 1,
  created_at: '2026-11-28T10:00:00Z',
  customer_name: 'Mona Adel',
  customer_phone: '+201055551234',
  region: { id: 1, name: 'Cairo' },
  payment_method: 'cod',
  paid: false,
  total: 720,
  promo_code: null,
  items: 2,
  unanswered: false,
  tags: [],
};
const customer: StaffCustomerRow = {
  id: 7,
  name: 'Mona Adel',
  email: 'mona@example.com',
  phone: '+201055551234',
  email_verified: true,
  phone_verified: true,
  points: 40,
  date_joined: '2026-10-01T10:00:00Z',
  language: 'ar',
  is_active: true,
  order_count: 3,
  whatsapp_opt_out: false,
  lifetime_value: 0,
  tags: [],
};
const product = { id: 9, name_en: 'Oud Nights', name_ar: 'ليالي العود', price: 1690 } as StaffProductRow;

/** The stand-in: the board empty, the palette's three searches each finding one thing for any text. */
function shopWithMona(role: Parameters<typeof standInApi>[0]) {
  return standInApi(role, ({ url }) => {
    if (url.pathname === '/api/staff/orders/') return json(200, board(url.searchParams.get('q') ? [order] : []));
    if (url.pathname === '/api/staff/customers/') return json(200, page([customer]));
    if (url.pathname === '/api/staff/products/') return json(200, page([product]));
    return undefined;
  });
}
const asked = (calls: ApiCall[], path: string) => calls.filter((call) => call.url.pathname === path).map((call) => call.url.searchParams);

isolateScreenTests();

describe('the command palette', () => {
  it('finds an order, a customer and a product by phone from Ctrl+K, and opens the one chosen with the arrows', async () => {
    const calls = shopWithMona('owner');
    openScreen('en', '/admin/orders');
    await screen.findByRole('heading', { name: en.ordersTitle });
    await userEvent.keyboard('{Control>}k{/Control}');
    const field = await screen.findByRole('combobox', { name: en.paletteTitle });
    await userEvent.type(field, '0105555');
    const list = screen.getByRole('listbox');
    await within(list).findByRole('option', { name: /AT100041/ });
    expect(
      within(list)
        .getAllByRole('group')
        .map((group) => group.firstChild?.textContent),
    ).toEqual([en.paletteOrders, en.paletteCustomers, en.paletteProducts]);
    expect(asked(calls, '/api/staff/customers/').at(-1)?.get('q')).toBe('0105555');
    expect(asked(calls, '/api/staff/products/').at(-1)?.get('search')).toBe('0105555');

    // The first find is chosen; down once is the customer, and Enter opens their page.
    expect(field.getAttribute('aria-activedescendant')).toBe(within(list).getByRole('option', { name: /AT100041/ }).id);
    await userEvent.keyboard('{ArrowDown}{Enter}');
    await waitFor(() => expect(calls.some((call) => call.url.pathname === '/api/staff/customers/7/')).toBe(true));
    expect(screen.queryByRole('combobox')).toBeNull();
  });

  it('in Arabic, offers a fulfilment member only what the role may open, from /', async () => {
    const calls = shopWithMona('fulfilment');
    openScreen('ar', '/admin/orders');
    await screen.findByRole('heading', { name: ar.ordersTitle });
    await userEvent.keyboard('/');
    const field = await screen.findByRole('combobox', { name: ar.paletteTitle });
    await userEvent.type(field, 'مخزون');
    // A screen's name in either language: "stock" would find it too.
    const stock = await screen.findByRole('option', { name: ar.navStock });
    expect(screen.queryByRole('option', { name: ar.navCustomers })).toBeNull();
    await waitFor(() => expect(asked(calls, '/api/staff/orders/').some((query) => query.get('q') === 'مخزون')).toBe(true));
    expect(asked(calls, '/api/staff/customers/')).toEqual([]);
    expect(asked(calls, '/api/staff/products/')).toEqual([]);
    await userEvent.click(stock);
    await waitFor(() => expect(calls.some((call) => call.url.pathname === '/api/staff/stock/')).toBe(true));
  });

  it('lists the shortcuts on ?, and leaves keys typed into a field alone', async () => {
    shopWithMona('owner');
    openScreen('en', '/admin/orders');
    const search = await screen.findByRole('searchbox');
    await userEvent.type(search, '/?');
    expect(screen.queryByRole('dialog')).toBeNull();
    search.blur();
    await userEvent.keyboard('?');
    const help = await screen.findByRole('dialog', { name: en.shortcutsTitle });
    expect(within(help).getByText(en.shortcutPalette)).toBeTruthy();
  });
});
