import { screen, waitFor, within } from '@testing-library/react';
import { fill, LANGUAGE_PAIRS, openScreenShowing, pageOf } from '../test/screen-kit';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { StaffCustomer, StaffPointsAdjustment, StaffPointsEntry, StaffRole } from '@attar/contract';
import { formatDate, formatMoney, formatNumber } from '../lib/format';
import { queryString } from '../api/client';
import { translator } from '../lib/translate';
import { en } from '../messages/en';
import { karim, salmasPage } from '../test/customers';
import { CSRF, isolateScreenTests, json, openScreen, standInApi } from '../test/screen';

const PATH = '/api/staff/customers/7/';

const ledger: StaffPointsEntry[] = [
  {
    id: 3,
    change: 200,
    reason: 'manual_adjustment',
    order_number: null,
    note: 'A bottle broke in the parcel',
    staff: { id: 1, name: 'Nadia' },
    created_at: '2026-11-21T10:00:00Z',
  },
  { id: 2, change: -50, reason: 'redeemed', order_number: 'AT100041', note: null, staff: null, created_at: '2026-11-20T10:00:00Z' },
  { id: 1, change: 5, reason: 'birthday_gift', order_number: null, note: null, staff: null, created_at: '2026-11-01T10:00:00Z' },
];

/**
 * The API as the page sees it: Salma (or `customer`) and her ledger; points adjusted unless the balance would go
 * below zero (refused with the contract's field errors); deactivated when asked. Returns the writes it received.
 */
function fakeApi(role: StaffRole, customer: StaffCustomer = salmasPage) {
  let current = customer;
  let entries = customer === salmasPage ? ledger : [];
  const calls = standInApi(role, ({ method, url, body }) => {
    if (method === 'GET' && url.pathname === PATH) return json(200, current);
    if (method === 'GET' && url.pathname === `${PATH}points/`) return json(200, pageOf(entries));
    if (method === 'POST' && url.pathname === `${PATH}points/`) {
      const { change, note } = body as StaffPointsAdjustment;
      if (current.points + change < 0) return json(400, { change: ['The balance cannot go below zero.'] });
      const entry = { ...ledger[0]!, id: 4, change, note };
      current = { ...current, points: current.points + change };
      entries = [entry, ...entries];
      return json(201, { points: current.points, entry });
    }
    if (method === 'POST' && url.pathname === `${PATH}tags/`) {
      current = { ...current, tags: [...current.tags, (body as { tag: string }).tag] };
      return json(200, { tags: current.tags });
    }
    if (method === 'DELETE' && url.pathname === `${PATH}tags/`) {
      current = { ...current, tags: current.tags.filter((tag) => tag !== url.searchParams.get('tag')) };
      return json(200, { tags: current.tags });
    }
    if (url.pathname === '/api/staff/customers/tags/') return json(200, { results: [] });
    if (method === 'POST' && url.pathname === `${PATH}deactivate/`) {
      current = { ...current, is_active: false };
      return json(200, current);
    }
  });
  return {
    customerCalls: () => calls.filter((call) => call.url.pathname.startsWith(PATH)),
    writes: () => calls.filter((call) => call.method !== 'GET'),
  };
}

const panel = (name: string) => screen.getByRole('region', { name });

isolateScreenTests();

describe('a customer’s page', () => {
  it.each(LANGUAGE_PAIRS)('shows the account, addresses, orders and points ledger in words (%s)', async (locale, words) => {
    const t = translator(locale);
    fakeApi('support');
    await openScreenShowing(locale, '/admin/customers/7', 'Salma Adel');
    expect(screen.getByRole('link', { name: words.backToCustomers }).getAttribute('href')).toBe('/admin/customers');

    const account = panel(words.customerAccount);
    expect(within(account).getByText('+201001112223').closest('bdi')?.getAttribute('dir')).toBe('ltr');
    expect(within(account).getByText(words.verifiedPhone)).toBeTruthy();
    expect(within(account).getByTestId('customer-whatsapp').textContent).toBe(words.customerWhatsappOn);
    expect(within(account).getByText(formatDate(locale, salmasPage.date_joined))).toBeTruthy();
    expect(within(account).getByTestId('points-balance').textContent).toBe(locale === 'ar' ? '١٬٢٥٠' : '1,250');

    const addresses = panel(words.customerAddresses);
    expect(within(addresses).getByText('7 Nile Street', { exact: false })).toBeTruthy();
    expect(within(addresses).getByText(words.defaultAddress)).toBeTruthy();

    const orders = panel(words.customerOrders);
    expect(orders.textContent).toContain(t('customerOrdersShown', { shown: formatNumber(locale, 2), count: 3 }));
    const order = within(orders).getByRole('link', { name: 'AT100041' });
    expect(order.getAttribute('href')).toBe('/admin/orders/41');
    const row = order.closest('tr')!;
    expect(within(row).getByText(words.status_delivered)).toBeTruthy();
    expect(within(row).getByText(formatMoney(locale, 1250.5))).toBeTruthy();
    expect(formatMoney(locale, 1250.5)).toBe(locale === 'ar' ? '١٬٢٥٠٫٥٠ ج.م.' : '1,250.50 LE');

    const entries = await within(panel(words.pointsLedger)).findAllByTestId('points-entry');
    expect(entries.map((entry) => within(entry).getAllByRole('cell')[1]!.textContent)).toEqual([
      `+${formatNumber(locale, 200)}`,
      `−${formatNumber(locale, 50)}`,
      `+${formatNumber(locale, 5)}`,
    ]);
    expect(within(entries[0]!).getByText(words.pointsReason_manual_adjustment)).toBeTruthy();
    expect(within(entries[0]!).getByText('A bottle broke in the parcel')).toBeTruthy();
    expect(within(entries[0]!).getByText('Nadia')).toBeTruthy();
    expect(within(entries[1]!).getByText(words.pointsReason_redeemed)).toBeTruthy();
    // A reason the back office has no words for yet is shown as the API names it.
    expect(within(entries[2]!).getByText('birthday_gift')).toBeTruthy();
    // Support reads customers, but may not change their points or their account.
    expect(screen.queryByRole('button', { name: words.adjustPoints })).toBeNull();
    expect(screen.queryByRole('button', { name: words.deactivateCustomer })).toBeNull();
  });

  it.each(LANGUAGE_PAIRS)('says what a new customer has none of yet (%s)', async (locale, words) => {
    fakeApi('manager', { ...karim, orders: [], addresses: [] });
    openScreen(locale, '/admin/customers/7');
    expect(await screen.findByRole('heading', { level: 1, name: 'Karim Nabil' })).toBeTruthy();
    // Both where the mobile would be and where its verification would be.
    expect(within(panel(words.customerAccount)).getAllByText(words.noMobile)).toHaveLength(2);
    expect(screen.getByTestId('customer-whatsapp').textContent).toBe(words.customerWhatsappOff);
    expect(within(panel(words.customerAddresses)).getByText(words.noSavedAddresses)).toBeTruthy();
    expect(within(panel(words.customerOrders)).getByText(words.noCustomerOrders)).toBeTruthy();
    expect(await within(panel(words.pointsLedger)).findByText(words.noPointsHistory)).toBeTruthy();
    expect(screen.getByRole('button', { name: words.reactivateCustomer })).toBeTruthy();
  });

  it.each(LANGUAGE_PAIRS)('adjusts the points with a reason, the refusal shown under the field (%s)', async (locale, words) => {
    const t = translator(locale);
    const api = fakeApi('manager');
    openScreen(locale, '/admin/customers/7');
    await userEvent.click(await screen.findByRole('button', { name: words.adjustPoints }));
    const dialog = await screen.findByRole('dialog', { name: t('adjustPointsTitle', { name: 'Salma Adel' }) });
    await userEvent.click(within(dialog).getByRole('button', { name: words.saveAdjustment }));
    expect(await within(dialog).findByText(words.errorPointsChange)).toBeTruthy();
    expect(within(dialog).getByText(words.errorRequired)).toBeTruthy();
    expect(api.writes()).toEqual([]);

    const change = within(dialog).getByLabelText(words.pointsChange);
    await userEvent.type(change, '-2000');
    await fill(within(dialog).getByLabelText(words.pointsNote), 'Points given twice by mistake');
    await userEvent.click(within(dialog).getByRole('button', { name: words.saveAdjustment }));
    expect(await within(dialog).findByText('The balance cannot go below zero.')).toBeTruthy();
    expect(screen.getByTestId('points-balance').textContent).toBe(formatNumber(locale, 1250));

    await userEvent.clear(change);
    await userEvent.type(change, '-250');
    await userEvent.click(within(dialog).getByRole('button', { name: words.saveAdjustment }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByRole('status').textContent).toContain(t('pointsAdjusted', { count: 1000 }));
    await waitFor(() => expect(screen.getByTestId('points-balance').textContent).toBe(formatNumber(locale, 1000)));
    expect(await screen.findAllByTestId('points-entry')).toHaveLength(4);
    expect(api.writes().map((call) => [call.path, call.body])).toEqual([
      [`${PATH}points/`, { change: -2000, note: 'Points given twice by mistake' }],
      [`${PATH}points/`, { change: -250, note: 'Points given twice by mistake' }],
    ]);
    expect(api.writes()[1]!.headers['X-CSRF-Token']).toBe(CSRF);
  });

  it.each(LANGUAGE_PAIRS)('shows what the customer spent, and tags them with Undo in the toast (%s)', async (locale, words) => {
    const say = translator(locale);
    const api = fakeApi('support');
    await openScreenShowing(locale, '/admin/customers/7', 'Salma Adel');
    expect(within(panel(words.customerAccount)).getByText(formatMoney(locale, 1550.5))).toBeTruthy();
    const tags = panel(words.tags);
    await fill(within(tags).getByLabelText(words.newTag), 'اتصل أولًا');
    await userEvent.click(within(tags).getByRole('button', { name: words.addTag }));
    expect(await within(tags).findByRole('button', { name: say('removeTag', { tag: 'اتصل أولًا' }) })).toBeTruthy();
    await userEvent.click(within(screen.getByRole('status')).getByRole('button', { name: words.undo }));
    await waitFor(() => expect(within(tags).getByText(words.noTags)).toBeTruthy());
    expect(api.writes().map((call) => [call.method, call.path, call.body])).toEqual([
      ['POST', `${PATH}tags/`, { tag: 'اتصل أولًا' }],
      ['DELETE', `${PATH}tags/${queryString({ tag: 'اتصل أولًا' })}`, undefined],
    ]);
  });

  it('deactivates the account after saying what that does', async () => {
    const api = fakeApi('owner');
    openScreen('en', '/admin/customers/7');
    await userEvent.click(await screen.findByRole('button', { name: en.deactivateCustomer }));
    const dialog = await screen.findByRole('dialog', { name: 'Deactivate Salma Adel?' });
    expect(dialog.textContent).toContain(en.deactivateExplain);
    await userEvent.click(within(dialog).getByRole('button', { name: en.keepAsIs }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.writes()).toEqual([]);

    await userEvent.click(screen.getByRole('button', { name: en.deactivateCustomer }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: en.deactivateCustomer }));
    expect(await screen.findByRole('button', { name: en.reactivateCustomer })).toBeTruthy();
    expect(screen.getByRole('status').textContent).toContain(en.customerDeactivated);
    expect(screen.getAllByText(en.customerState_inactive).length).toBeGreaterThan(0);
    expect(api.writes().map((call) => call.path)).toEqual([`${PATH}deactivate/`]);
  });

  it('is not shown to a role that may not read customers', async () => {
    const api = fakeApi('fulfilment');
    openScreen('en', '/admin/customers/7');
    expect(await screen.findByText(en.noAccess)).toBeTruthy();
    expect(api.customerCalls()).toEqual([]);
  });
});
