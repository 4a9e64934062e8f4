import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { OrderStatus, PaymentMethod, StaffBulkResult, StaffOrderBoard, StaffOrderRow, StaffRole } from '@attar/contract';
import { formatMoney, formatNumber } from '../lib/format';
import { isolateScreenTests, json, openScreen, standInApi } from '../test/screen';
import { errorOf, findToast, LANGUAGES, writesOf } from '../test/screen-kit';

const row = (id: number, status: OrderStatus, total: number, payment_method: PaymentMethod = 'cod'): StaffOrderRow => ({
  id,
  order_number: `AT1000${id}`,
  status,
  version: id + 1,
  created_at: '2026-11-27T09:30:00Z',
  customer_name: `Customer ${id}`,
  customer_phone: '+201001112223',
  region: { id: 1, name: 'Cairo' },
  payment_method,
  paid: payment_method !== 'cod',
  total,
  promo_code: null,
  items: 1,
  unanswered: false,
  tags: [],
});

/** Two cash parcels and a card one back from the courier, and an order not yet shipped. */
const rows = [row(11, 'shipped', 950), row(12, 'shipped', 1200.5), row(13, 'shipped', 700, 'card'), row(14, 'placed', 400)];
const board = (results: StaffOrderRow[]): StaffOrderBoard => ({
  count: results.length,
  next: null,
  previous: null,
  results,
  counts: {
    pending_payment: 0,
    awaiting_shopper: 0,
    placed: 1,
    confirmed: 0,
    packed: 0,
    shipped: 3,
    delivered: 0,
    cancelled: 0,
    refunded: 0,
  },
  waiting: 1,
});

/** The board of `results` as `role` sees it, the bulk call answering `result`; the calls received. */
function boardApi(role: StaffRole, results: StaffOrderRow[], result: StaffBulkResult) {
  return standInApi(role, ({ url, method }) => {
    if (url.pathname === '/api/staff/orders/' && method === 'GET') return json(200, board(results));
    if (url.pathname === '/api/staff/orders/bulk/' && method === 'POST') return json(200, result);
    return undefined;
  });
}

/** The board opened, every order on it selected. */
async function selectAll(locale: 'en' | 'ar', say: (typeof LANGUAGES)[number]['say'], results: StaffOrderRow[]) {
  openScreen(locale, '/admin/orders');
  for (const order of results) {
    const shown = (await screen.findAllByTestId('order-row')).find((each) => within(each).queryByText(order.order_number));
    await userEvent.click(within(shown!).getByRole('checkbox', { name: say('selectOrder', { number: order.order_number }) }));
  }
}

isolateScreenTests();

describe('a courier’s remittance on the board', () => {
  it.each(LANGUAGES)(
    'asks the cash of each parcel, prefilled with the amount due, and totals it ($locale)',
    async ({ locale, words, say }) => {
      const calls = boardApi('fulfilment', rows, { done: [11, 12, 13], failed: [] });
      await selectAll(locale, say, rows);
      await userEvent.click(screen.getByRole('button', { name: words.bulkDeliver }));

      const dialog = await screen.findByRole('dialog', { name: say('bulkDeliverTitle', { count: 3 }) });
      const [first, second, ...others] = within(dialog).getAllByRole('spinbutton') as HTMLInputElement[];
      expect(others).toEqual([]);
      expect([first!.value, second!.value]).toEqual(['950', '1200.5']);
      expect(first!.labels?.[0]?.textContent).toContain(say('cashDue', { amount: formatMoney(locale, 950) }));
      expect(within(dialog).getByText(words.deliverPaidHint)).toBeTruthy();
      const total = within(dialog).getByTestId('remittance-total');
      expect(total.textContent).toBe(formatMoney(locale, 2150.5));
      // The order not shipped is shown as such and not sent.
      expect(within(dialog).getByText(say('bulkDeliverSkipped', { count: 1 }))).toBeTruthy();
      expect(within(dialog).getByText(words.status_placed)).toBeTruthy();

      // The courier came back short on one parcel; a blank amount is refused before anything is sent.
      await userEvent.clear(second!);
      await userEvent.click(within(dialog).getByRole('button', { name: words.actionDeliver }));
      expect(errorOf(second!)).toBe(words.errorAmount);
      expect(writesOf(calls)).toEqual([]);
      await userEvent.type(second!, '1100');
      expect(total.textContent).toBe(formatMoney(locale, 2050));
      await userEvent.click(within(dialog).getByRole('button', { name: words.actionDeliver }));

      await waitFor(() => expect(writesOf(calls)).toHaveLength(1));
      expect(writesOf(calls)[0]!.body).toEqual({
        action: 'deliver',
        orders: [
          { id: 11, version: 12, cash_collected: 950 },
          { id: 12, version: 13, cash_collected: 1100 },
          { id: 13, version: 14, cash_collected: 0 },
        ],
      });
      expect(await findToast(say('bulkDone', { done: formatNumber(locale, 3), failed: formatNumber(locale, 0) }))).toBeTruthy();
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    },
  );

  it('lists the parcels not changed, with why', async () => {
    boardApi('manager', rows, { done: [11, 13], failed: [{ id: 12, code: 'order_changed', detail: 'Someone changed this order first.' }] });
    await selectAll('en', LANGUAGES[0].say, rows);
    await userEvent.click(screen.getByRole('button', { name: 'Mark delivered' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Mark delivered' }));
    expect(await findToast('2 done, 1 not changed.')).toBeTruthy();
    expect((await screen.findByRole('alert')).textContent).toBe('AT100012: Someone changed this order first.');
  });
});

describe('cancelling on the board', () => {
  const cancelRows = [row(21, 'placed', 300), row(22, 'packed', 500), row(23, 'shipped', 800)];

  it.each(LANGUAGES)('asks first, for one reason, and sends the orders that can be cancelled ($locale)', async ({ locale, words, say }) => {
    const calls = boardApi('support', cancelRows, { done: [21, 22], failed: [] });
    await selectAll(locale, say, cancelRows);
    await userEvent.click(screen.getByRole('button', { name: words.bulkCancel }));

    const dialog = await screen.findByRole('dialog', { name: say('bulkCancelTitle', { count: 2 }) });
    expect(within(dialog).getByText(words.cancelHint)).toBeTruthy();
    expect(within(dialog).getByText(say('bulkCancelSkipped', { count: 1 }))).toBeTruthy();
    expect(within(dialog).getByText(words.status_shipped)).toBeTruthy();
    const submit = within(dialog).getByRole('button', { name: say('bulkCancelSubmit', { count: 2 }) });
    await userEvent.click(submit);
    expect(errorOf(within(dialog).getByLabelText(words.reason))).toBe(words.errorRequired);
    expect(writesOf(calls)).toEqual([]);

    await userEvent.type(within(dialog).getByLabelText(words.reason), 'Courier strike');
    await userEvent.click(submit);
    await waitFor(() => expect(writesOf(calls)).toHaveLength(1));
    expect(writesOf(calls)[0]!.body).toEqual({
      action: 'cancel',
      reason: 'Courier strike',
      orders: [
        { id: 21, version: 22 },
        { id: 22, version: 23 },
      ],
    });
    expect(await findToast(say('bulkDone', { done: formatNumber(locale, 2), failed: formatNumber(locale, 0) }))).toBeTruthy();
  });

  it('keeping the orders as they are sends nothing', async () => {
    const calls = boardApi('owner', cancelRows, { done: [], failed: [] });
    await selectAll('en', LANGUAGES[0].say, cancelRows);
    await userEvent.click(screen.getByRole('button', { name: 'Cancel selected' }));
    await userEvent.click(within(await screen.findByRole('dialog', { name: 'Cancel 2 orders?' })).getByRole('button', { name: 'Go back' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(writesOf(calls)).toEqual([]);
  });
});

describe('who is offered which step', () => {
  it.each(LANGUAGES)(
    'offers delivery to fulfilment and cancelling to support, each not the other ($locale)',
    async ({ locale, words, say }) => {
      boardApi('fulfilment', rows, { done: [], failed: [] });
      await selectAll(locale, say, rows);
      expect(screen.getByRole('button', { name: words.bulkDeliver })).toBeTruthy();
      expect(screen.queryByRole('button', { name: words.bulkCancel })).toBeNull();
    },
  );

  it('offers support the cancelling only', async () => {
    boardApi('support', rows, { done: [], failed: [] });
    await selectAll('en', LANGUAGES[0].say, rows);
    expect(screen.getByRole('button', { name: 'Cancel selected' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Mark delivered' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Confirm selected' })).toBeNull();
  });
});
