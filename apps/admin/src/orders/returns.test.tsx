import { screen, waitFor, within } from '@testing-library/react';
import { itLoadsAgainOnTryAgain, LANGUAGE_PAIRS, openScreenShowing, pageOf } from '../test/screen-kit';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { StaffReturnRow, StaffRole } from '@attar/contract';
import { formatDate, formatNumber } from '../lib/format';
import { translator } from '../lib/translate';
import { en } from '../messages/en';
import { deliveredOrder } from '../test/orders';
import { isolateScreenTests, json, openScreen, standInApi } from '../test/screen';

const PATH = '/api/staff/returns/';
const AT = '2026-11-28T09:00:00Z';

const requested: StaffReturnRow = {
  id: 5,
  status: 'requested',
  reason: 'The scent is too strong for me',
  staff_message: null,
  lines: [
    { item: 101, quantity: 2, restocked: null },
    { item: 102, quantity: 1, restocked: null },
  ],
  created_at: AT,
  decided_at: null,
  received_at: null,
  refunded_at: null,
  order: { id: 12, order_number: 'AT100012', customer_name: 'Salma Adel', customer_phone: '+201001112223' },
};

/** The API as the queue sees it: `rows` in any status but `received`, which has none; order 12 for its page. */
function fakeApi(role: StaffRole, rows: StaffReturnRow[] = [requested]) {
  const calls = standInApi(role, ({ url }) => {
    if (url.pathname === '/api/staff/orders/12/') return json(200, deliveredOrder);
    if (url.pathname !== PATH) return undefined;
    const results = url.searchParams.get('status') === 'received' ? [] : rows;
    return json(200, pageOf(results));
  });
  return { queueCalls: () => calls.filter((call) => call.url.pathname === PATH).map((call) => call.path) };
}

isolateScreenTests();

describe('the returns queue', () => {
  it.each(LANGUAGE_PAIRS)('lists what waits for a decision, each return opening its order (%s)', async (locale, words) => {
    const t = translator(locale);
    const api = fakeApi('support');
    await openScreenShowing(locale, '/admin/returns?status=requested', words.returnsQueueTitle);
    const tabs = screen.getByRole('navigation', { name: words.returnsFilter });
    expect(within(tabs).getByRole('link', { name: words.returnStatus_requested }).getAttribute('aria-current')).toBe('page');

    const order = await screen.findByRole('link', { name: 'AT100012' });
    const row = order.closest('tr')!;
    expect(
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['AT100012', 'Salma Adel · +201001112223', formatNumber(locale, 3), words.returnStatus_requested, formatDate(locale, AT)]);
    expect(within(row).getByText('+201001112223').closest('bdi')?.getAttribute('dir')).toBe('ltr');
    expect(api.queueCalls()).toEqual([`${PATH}?status=requested&page=1&page_size=25`]);

    await userEvent.click(order);
    expect(await screen.findByRole('heading', { level: 1, name: t('orderTitle', { number: 'AT100012' }) })).toBeTruthy();
  });

  it.each(LANGUAGE_PAIRS)('shows another status when its tab is chosen, and says when none is there (%s)', async (locale, words) => {
    const api = fakeApi('fulfilment');
    openScreen(locale, '/admin/returns?status=requested');
    await screen.findByRole('link', { name: 'AT100012' });
    await userEvent.click(screen.getByRole('link', { name: words.returnStatus_received }));
    expect(await screen.findByText(words.noReturns)).toBeTruthy();
    expect(screen.getByRole('link', { name: words.returnStatus_received }).getAttribute('aria-current')).toBe('page');
    await userEvent.click(screen.getByRole('link', { name: words.status_all }));
    expect(await screen.findByRole('link', { name: 'AT100012' })).toBeTruthy();
    await waitFor(() =>
      expect(api.queueCalls()).toEqual([
        `${PATH}?status=requested&page=1&page_size=25`,
        `${PATH}?status=received&page=1&page_size=25`,
        `${PATH}?page=1&page_size=25`,
      ]),
    );
  });

  it('opens on the returns waiting for a decision from the menu, for every role that reads orders', async () => {
    const api = fakeApi('fulfilment');
    openScreen('en', '/admin/orders');
    await userEvent.click(await screen.findByRole('link', { name: en.navReturns }));
    expect(await screen.findByRole('heading', { name: en.returnsQueueTitle })).toBeTruthy();
    await waitFor(() => expect(api.queueCalls()).toEqual([`${PATH}?status=requested&page=1&page_size=25`]));
  });

  itLoadsAgainOnTryAgain('support', '/admin/returns', PATH, pageOf([requested]), () => screen.findByRole('link', { name: 'AT100012' }));
});
