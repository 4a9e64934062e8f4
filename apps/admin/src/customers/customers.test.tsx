import { screen, waitFor, within } from '@testing-library/react';
import { LANGUAGE_PAIRS, openScreenShowing, pageOf, rowWith } from '../test/screen-kit';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { StaffCustomerRow, StaffRole } from '@attar/contract';
import { formatDate, formatMoney, formatNumber } from '../lib/format';
import { translator } from '../lib/translate';
import { en } from '../messages/en';
import { karim, salma, salmasPage } from '../test/customers';
import { isolateScreenTests, json, openScreen, standInApi } from '../test/screen';

const PATH = '/api/staff/customers/';

/** The API as the screen sees it: the customers (any search answers them), Salma's page, and the calls it received. */
function fakeApi(role: StaffRole, customers: StaffCustomerRow[] = [{ ...salma, tags: ['VIP', 'اتصل أولًا'] }, karim]) {
  const calls = standInApi(role, ({ url }) => {
    if (url.pathname === PATH) return json(200, pageOf(customers));
    if (url.pathname === `${PATH}7/`) return json(200, salmasPage);
    if (url.pathname === `${PATH}7/points/`) return json(200, pageOf([]));
  });
  return { customerCalls: () => calls.filter((call) => call.url.pathname.startsWith(PATH)).map((call) => call.path) };
}

const rowOf = (text: string) => rowWith('customer-row', text);

isolateScreenTests();

describe('the customers list', () => {
  it.each(LANGUAGE_PAIRS)(
    'shows each customer’s contact, tags, verification, points, orders, value and state (%s)',
    async (locale, words) => {
      const t = translator(locale);
      fakeApi('support');
      await openScreenShowing(locale, '/admin/customers', words.customersTitle);
      expect(await screen.findByText(t('customersCount', { count: 2 }))).toBeTruthy();

      const row = await rowOf('Salma Adel');
      expect(within(row).getByRole('link', { name: 'Salma Adel' }).getAttribute('href')).toBe('/admin/customers/7');
      expect(within(row).getByText('salma@attar.example').closest('bdi')?.getAttribute('dir')).toBe('ltr');
      expect(within(row).getByText('+201001112223').closest('bdi')?.getAttribute('dir')).toBe('ltr');
      expect(within(row).getByText(words.verifiedEmail)).toBeTruthy();
      expect(within(row).getByText(words.verifiedPhone)).toBeTruthy();
      const cells = within(row).getAllByRole('cell');
      expect(cells[3]!.textContent).toBe(formatNumber(locale, 1250));
      expect(cells[3]!.textContent).toBe(locale === 'ar' ? '١٬٢٥٠' : '1,250');
      expect(cells[4]!.textContent).toBe(formatNumber(locale, 3));
      expect(cells[5]!.textContent).toBe(formatMoney(locale, 1550.5));
      expect(cells[6]!.textContent).toBe(formatDate(locale, salma.date_joined));
      const tags = within(row).getByRole('list', { name: words.tags });
      expect(
        within(tags)
          .getAllByRole('listitem')
          .map((chip) => chip.textContent),
      ).toEqual(['VIP', 'اتصل أولًا']);
      expect(within(row).getByText(words.customerState_active)).toBeTruthy();

      const other = await rowOf('Karim Nabil');
      expect(within(other).getByText(words.unverifiedEmail)).toBeTruthy();
      expect(within(other).getByText(words.noMobile)).toBeTruthy();
      expect(within(other).getAllByRole('cell')[1]!.textContent).toBe('—');
      expect(within(other).getByText(words.customerState_inactive)).toBeTruthy();
    },
  );

  it.each(LANGUAGE_PAIRS)('says when no customer matches, and filters as the name and state change (%s)', async (locale, words) => {
    const api = fakeApi('manager', []);
    const router = openScreen(locale, '/admin/customers?page=3');
    expect(await screen.findByText(words.noCustomers)).toBeTruthy();
    const filters = screen.getByRole('search', { name: words.filters });
    expect(within(filters).queryByRole('button', { name: words.search })).toBeNull();
    const field = within(filters).getByLabelText<HTMLInputElement>(words.search);
    // Once typing pauses, the text is in the address and the list is back on its first page.
    await userEvent.type(field, '0100 111');
    await waitFor(() => expect(router.state.location.search).toEqual({ q: '0100 111' }));
    expect(api.customerCalls().at(-1)).toBe(`${PATH}?q=0100+111&page_size=25`);
    await userEvent.selectOptions(within(filters).getByLabelText(words.columnState), words.customerState_inactive);
    await waitFor(() => expect(api.customerCalls().at(-1)).toBe(`${PATH}?q=0100+111&state=inactive&page_size=25`));
    expect(field.value).toBe('0100 111');
    await userEvent.click(within(filters).getByRole('button', { name: words.clearFilters }));
    await waitFor(() => expect(api.customerCalls().at(-1)).toBe(`${PATH}?page_size=25`));
    expect(field.value).toBe('');
  });

  it.each(LANGUAGE_PAIRS)('filters by a tag and sorts by lifetime value or orders, kept in the address (%s)', async (locale, words) => {
    const api = fakeApi('support');
    const router = openScreen(locale, '/admin/customers');
    await rowOf('Salma Adel');
    const filters = screen.getByRole('search', { name: words.filters });
    await userEvent.type(within(filters).getByLabelText(words.tagFilter), 'VIP{Enter}');
    await waitFor(() => expect(router.state.location.search).toEqual({ tag: 'VIP' }));
    expect(api.customerCalls().at(-1)).toBe(`${PATH}?tag=VIP&page_size=25`);

    const table = screen.getByRole('table', { name: words.customersTitle });
    await userEvent.click(within(table).getByRole('button', { name: words.columnLifetimeValue }));
    await waitFor(() => expect(router.state.location.search).toEqual({ tag: 'VIP', sort: '-lifetime_value' }));
    expect(api.customerCalls().at(-1)).toBe(`${PATH}?tag=VIP&sort=-lifetime_value&page_size=25`);
    expect(within(table).getByRole('columnheader', { name: words.columnLifetimeValue }).getAttribute('aria-sort')).toBe('descending');
    await userEvent.click(within(table).getByRole('button', { name: words.columnOrders }));
    await waitFor(() => expect(router.state.location.search).toEqual({ tag: 'VIP', sort: '-order_count' }));
    await userEvent.click(within(table).getByRole('button', { name: words.columnOrders }));
    await waitFor(() => expect(api.customerCalls().at(-1)).toBe(`${PATH}?tag=VIP&sort=order_count&page_size=25`));
  });

  it('opens a customer’s page from their name', async () => {
    const api = fakeApi('owner');
    openScreen('en', '/admin/customers');
    await userEvent.click(within(await rowOf('Salma Adel')).getByRole('link', { name: 'Salma Adel' }));
    expect(await screen.findByRole('heading', { name: 'Salma Adel' })).toBeTruthy();
    expect(api.customerCalls()).toContain(`${PATH}7/`);
  });

  it('is neither linked nor loaded for a role that may not read customers', async () => {
    const api = fakeApi('fulfilment');
    openScreen('en', '/admin/customers');
    expect(await screen.findByText(en.noAccess)).toBeTruthy();
    expect(screen.queryByRole('link', { name: en.navCustomers })).toBeNull();
    expect(api.customerCalls()).toEqual([]);
  });
});
