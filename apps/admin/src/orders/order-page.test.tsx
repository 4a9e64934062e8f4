/**
 * An order's page: what it shows (lines and amounts, customer, address and gift, payment, timeline, notes), the
 * actions each role is offered and what they send, a change someone else made first, notes, the refund dialog and a
 * return's step. The cash-order confirmation has its own tests (cod-confirmation.test.tsx).
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { OrderStatus, StaffOrder, StaffRefundRequest, StaffRole } from '@attar/contract';
import { formatMoney, formatNumber } from '../lib/format';
import { translator } from '../lib/translate';
import { en } from '../messages/en';
import { router } from '../router';
import { deliveredOrder, placedOrder } from '../test/orders';
import { fill, LANGUAGE_PAIRS, openScreenShowing } from '../test/screen-kit';
import { CSRF, isolateScreenTests, json, openScreen, standInApi } from '../test/screen';

const PATH = '/api/staff/orders/12/';
const NOW = '2026-11-29T08:00:00Z';
const nadia = { id: 1, name: 'Nadia', email: 'owner@attar.test' };

const TARGETS: Record<string, OrderStatus> = {
  confirm: 'confirmed',
  pack: 'packed',
  ship: 'shipped',
  deliver: 'delivered',
  cancel: 'cancelled',
};

/**
 * The API as the page sees it: `order`, moved by each action sent with its version (a stale one is a 409 with the
 * order as it is, `current` when someone else changed it first); a tracking number already on another parcel, or a
 * refund above what is left, refused with the contract's field errors; notes added; a return approved.
 */
function fakeApi(role: StaffRole, order: StaffOrder, current: StaffOrder = order) {
  let shown = order;
  let now = current;
  const moved = (patch: Partial<StaffOrder>) => {
    now = { ...now, ...patch, version: now.version + 1 };
    shown = now;
    return json(200, now);
  };
  const calls = standInApi(role, ({ method, url, body }) => {
    if (method === 'GET' && url.pathname === PATH) return json(200, shown);
    const step = url.pathname.startsWith(PATH) ? url.pathname.slice(PATH.length, -1) : '';
    const sent = body as { version?: number; tracking_number?: string; courier?: string; reason?: string; body?: string };
    if (step === 'notes') return moved({ staff_notes: [...now.staff_notes, { id: 1, at: NOW, staff: nadia, body: sent.body! }] });
    if (sent?.version !== undefined && sent.version !== now.version)
      return json(409, { detail: 'Someone changed this order first.', code: 'order_changed', order: now });
    if (step === 'ship' && sent.tracking_number === '7100000012')
      return json(400, { tracking_number: ['This tracking number is on another parcel.'] });
    if (step in TARGETS)
      return moved({
        status: TARGETS[step],
        status_reason: sent.reason ?? null,
        courier: sent.courier ? { name: sent.courier, tracking_number: sent.tracking_number! } : now.courier,
        timeline: [...now.timeline, { at: NOW, from: now.status, to: TARGETS[step]!, staff: nadia }],
      });
    if (step === 'refunds') {
      const refund = body as StaffRefundRequest;
      const amount = refund.amount ?? refund.lines.reduce((sum, line) => sum + line.quantity * 275, 0);
      if (amount > now.total - now.refunded) return json(400, { amount: ['More than is left to refund.'] });
      const lines = refund.lines.map(({ item, quantity, restock }) => ({ item, quantity, restocked: restock }));
      const cash = { cash_method: refund.cash_method ?? null, cash_reference: refund.cash_reference ?? null };
      const given = { id: 1, amount, points_reversed: 0, points_returned: 0, lines, ...cash, return_id: null, created_at: NOW };
      return moved({ refunded: now.refunded + amount, refunds: [...now.refunds, given] });
    }
    if (method === 'POST' && url.pathname === '/api/staff/returns/5/approve/')
      return moved({ returns: now.returns.map((ret) => ({ ...ret, status: 'approved', decided_at: NOW })) });
    if (method === 'POST' && url.pathname === '/api/staff/returns/6/refund/') {
      const cash = body as { cash_method: StaffOrder['refunds'][number]['cash_method'] };
      const lines = [{ item: 101, quantity: 1, restocked: false }];
      const given = {
        id: 2,
        amount: 275,
        points_reversed: 0,
        points_returned: 0,
        lines,
        cash_method: cash.cash_method,
        cash_reference: null,
      };
      return moved({
        refunded: now.refunded + 275,
        refunds: [...now.refunds, { ...given, return_id: 6, created_at: NOW }],
        returns: now.returns.map((ret) => ({ ...ret, status: 'refunded', refunded_at: NOW })),
      });
    }
  });
  return {
    writes: () => calls.filter((call) => call.method === 'POST').map((call) => [call.path, call.body]),
    calls,
  };
}

const panel = (name: string) => screen.getByRole('region', { name });
const heading = (locale: 'en' | 'ar') => translator(locale)('orderTitle', { number: 'AT100012' });

isolateScreenTests();

describe('an order’s page', () => {
  it.each(LANGUAGE_PAIRS)('shows the lines and amounts, the customer, the gift and what happened (%s)', async (locale, words) => {
    const t = translator(locale);
    fakeApi('manager', placedOrder);
    await openScreenShowing(locale, '/admin/orders/12', heading(locale));
    expect(screen.getByRole('heading', { level: 1 }).querySelector('bdi')?.getAttribute('dir')).toBe('ltr');

    const items = panel(words.lines);
    const oud = within(items)
      .getByText(t('productInSize', { name: 'Oud Royal', size: t('sizeMl', { ml: formatNumber(locale, 100) }) }))
      .closest('tr')!;
    expect(
      within(oud)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual([
      t('productInSize', { name: 'Oud Royal', size: t('sizeMl', { ml: formatNumber(locale, 100) }) }),
      formatNumber(locale, 2),
      formatMoney(locale, 275),
      formatMoney(locale, 550),
    ]);
    const amount = (label: string) => within(items).getByRole('rowheader', { name: label }).closest('tr')!.textContent;
    expect(amount(words.subtotal)).toContain(formatMoney(locale, 1000));
    expect(amount(t('discount', { code: 'EID10' }))).toContain(formatMoney(locale, -100));
    expect(amount(words.deliveryFee)).toContain(formatMoney(locale, 50));
    expect(amount(words.total)).toContain(formatMoney(locale, 950));
    expect(within(items).getByText(t('pointsEarned', { count: 95 }))).toBeTruthy();

    const customer = panel(words.customer);
    expect(within(customer).getByText('+201001112223').closest('bdi')?.getAttribute('dir')).toBe('ltr');
    expect(within(customer).getByRole('link', { name: words.customerAccountLink }).getAttribute('href')).toBe('/admin/customers/7');
    const address = panel(words.address);
    expect(address.textContent).toContain('7 Nile Street');
    expect(within(address).getByText(words.giftWrap)).toBeTruthy();
    expect(within(address).getByText('Happy Eid, Mama')).toBeTruthy();
    expect(within(address).getByText('Ring twice')).toBeTruthy();
    expect(within(panel(words.payment)).getByText(words.payment_cod)).toBeTruthy();
    const slip = new URL(screen.getByRole('link', { name: words.printSlip }).getAttribute('href')!, 'http://admin.test');
    expect(slip.pathname).toBe('/admin/print');
    // The address reads as a person would type it: `?orders=12`, no quotes.
    expect(slip.searchParams.get('orders')).toBe('12');
    expect(router.options.parseSearch(slip.search)).toEqual({ orders: 12, doc: 'slip', paper: 'a4', lang: locale });
    const invoice = new URL(screen.getByRole('link', { name: words.printInvoice }).getAttribute('href')!, 'http://admin.test');
    expect(router.options.parseSearch(invoice.search)).toMatchObject({ orders: 12, doc: 'invoice' });
    expect(within(panel(words.timeline)).getByText(words.byShopOrShopper)).toBeTruthy();
    expect(within(panel(words.timeline)).getByText(words.status_placed)).toBeTruthy();
    expect(within(panel(words.notes)).getByText(words.noNotes)).toBeTruthy();
  });

  it.each([
    ['owner', 'placed', placedOrder, [en.actionConfirm, en.actionCancel, en.editOrder]],
    ['manager', 'delivered', deliveredOrder, [en.actionRefund]],
    ['fulfilment', 'placed', placedOrder, [en.actionConfirm]],
    ['fulfilment', 'delivered', deliveredOrder, []],
    ['support', 'placed', placedOrder, [en.actionCancel, en.editOrder]],
  ] as const)('offers %s, on a %s order, the actions its status and the role allow', async (role, _status, order, offered) => {
    const api = fakeApi(role, order);
    openScreen('en', '/admin/orders/12');
    const actions = await screen.findByRole('region', { name: en.actions });
    const buttons = within(actions)
      .queryAllByRole('button')
      .map((button) => button.textContent);
    expect(buttons).toEqual(offered);
    // Only those who read customers are led to the customer's page.
    expect(Boolean(within(panel(en.customer)).queryByRole('link', { name: en.customerAccountLink }))).toBe(role !== 'fulfilment');
    expect(api.writes()).toEqual([]);
  });

  it.each(LANGUAGE_PAIRS)('confirms the order at once, with its version, and shows what it became (%s)', async (locale, words) => {
    const t = translator(locale);
    const api = fakeApi('fulfilment', placedOrder);
    openScreen(locale, '/admin/orders/12');
    await userEvent.click(await screen.findByRole('button', { name: words.actionConfirm }));
    expect(await screen.findByRole('button', { name: words.actionPack })).toBeTruthy();
    expect(screen.getByRole('status').textContent).toContain(t('actionDone', { number: 'AT100012', status: words.status_confirmed }));
    expect(within(panel(words.timeline)).getByText(t('byStaff', { name: 'Nadia' }))).toBeTruthy();
    expect(api.writes()).toEqual([[`${PATH}confirm/`, { version: 3 }]]);
    expect(api.calls.find((call) => call.method === 'POST')?.headers['X-CSRF-Token']).toBe(CSRF);
  });

  it('shows the order as it is when someone changed it first, saying so', async () => {
    const cancelled: StaffOrder = { ...placedOrder, status: 'cancelled', status_reason: 'The shopper called to cancel', version: 4 };
    const api = fakeApi('manager', placedOrder, cancelled);
    openScreen('en', '/admin/orders/12');
    await userEvent.click(await screen.findByRole('button', { name: en.actionConfirm }));
    expect(await screen.findByText('Someone changed this order first.')).toBeTruthy();
    expect(within(panel(en.payment)).getByText('The shopper called to cancel')).toBeTruthy();
    expect(screen.queryByRole('button', { name: en.actionConfirm })).toBeNull();
    expect(screen.queryByRole('status')?.textContent ?? '').not.toContain('Order AT100012');
    expect(api.writes()).toEqual([[`${PATH}confirm/`, { version: 3 }]]);
  });

  it('asks why before cancelling, and keeps the reason', async () => {
    const api = fakeApi('support', placedOrder);
    openScreen('en', '/admin/orders/12');
    await userEvent.click(await screen.findByRole('button', { name: en.actionCancel }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel order AT100012' });
    expect(within(dialog).getByText(en.cancelHint)).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: en.actionCancel }));
    expect(await within(dialog).findByText(en.errorRequired)).toBeTruthy();
    expect(api.writes()).toEqual([]);

    await fill(within(dialog).getByLabelText(en.reason), 'The shopper ordered twice');
    await userEvent.click(within(dialog).getByRole('button', { name: en.actionCancel }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await within(panel(en.payment)).findByText('The shopper ordered twice')).toBeTruthy();
    expect(screen.getAllByText(en.status_cancelled).length).toBeGreaterThan(0);
    expect(api.writes()).toEqual([[`${PATH}cancel/`, { version: 3, reason: 'The shopper ordered twice' }]]);
  });

  it.each(LANGUAGE_PAIRS)('hands a packed order to a courier, the refused tracking number under its field (%s)', async (locale, words) => {
    const t = translator(locale);
    const api = fakeApi('fulfilment', { ...placedOrder, status: 'packed', version: 5 });
    openScreen(locale, '/admin/orders/12');
    await userEvent.click(await screen.findByRole('button', { name: words.actionShip }));
    const dialog = await screen.findByRole('dialog', { name: t('shipTitle', { number: 'AT100012' }) });
    await userEvent.click(within(dialog).getByRole('button', { name: words.actionShip }));
    expect(await within(dialog).findAllByText(words.errorRequired)).toHaveLength(2);

    await userEvent.type(within(dialog).getByLabelText(words.courier), 'Bosta');
    const tracking = within(dialog).getByLabelText(words.trackingNumber);
    await userEvent.type(tracking, '7100000012');
    await userEvent.click(within(dialog).getByRole('button', { name: words.actionShip }));
    expect(await within(dialog).findByText('This tracking number is on another parcel.')).toBeTruthy();
    expect(tracking.getAttribute('aria-invalid')).toBe('true');

    await userEvent.clear(tracking);
    await userEvent.type(tracking, '7100000099{Enter}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await within(panel(words.payment)).findByText('7100000099')).toBeTruthy();
    expect(screen.getByRole('button', { name: words.actionDeliver })).toBeTruthy();
    expect(api.writes()).toEqual([
      [`${PATH}ship/`, { version: 5, courier: 'Bosta', tracking_number: '7100000012' }],
      [`${PATH}ship/`, { version: 5, courier: 'Bosta', tracking_number: '7100000099' }],
    ]);
  });

  it.each(LANGUAGE_PAIRS)('adds an internal note, never an empty one (%s)', async (locale, words) => {
    const api = fakeApi('support', placedOrder);
    openScreen(locale, '/admin/orders/12');
    const notes = await screen.findByRole('region', { name: words.notes });
    await userEvent.click(within(notes).getByRole('button', { name: words.addNote }));
    expect(await within(notes).findByText(words.errorRequired)).toBeTruthy();
    expect(api.writes()).toEqual([]);

    await fill(within(notes).getByLabelText(words.noteLabel), 'Called: she wants it after 5 pm');
    await userEvent.click(within(notes).getByRole('button', { name: words.addNote }));
    expect(await within(notes).findByText('Called: she wants it after 5 pm')).toBeTruthy();
    expect(within(notes).queryByText(words.noNotes)).toBeNull();
    expect(screen.getByRole('status').textContent).toContain(words.noteAdded);
    expect((within(notes).getByLabelText(words.noteLabel) as HTMLTextAreaElement).value).toBe('');
    expect(api.writes()).toEqual([[`${PATH}notes/`, { body: 'Called: she wants it after 5 pm' }]]);
  });

  it.each(LANGUAGE_PAIRS)('refunds units of a delivered cash order, asking how the cash goes back (%s)', async (locale, words) => {
    const t = translator(locale);
    const api = fakeApi('manager', deliveredOrder);
    openScreen(locale, '/admin/orders/12');
    await userEvent.click(await screen.findByRole('button', { name: words.actionRefund }));
    const dialog = await screen.findByRole('dialog', { name: t('refundTitle', { number: 'AT100012' }) });
    expect(dialog.textContent).toContain(t('leftToRefund', { amount: formatMoney(locale, 950) }));
    await fill(within(dialog).getByLabelText(words.reason), 'One bottle arrived broken');
    await userEvent.click(within(dialog).getByRole('button', { name: words.actionRefund }));
    expect(await within(dialog).findByText(words.refundNothing)).toBeTruthy();
    // A cash order: the shop gives the money back itself, so how is asked, and a transfer says where it went.
    expect(within(dialog).getByText(words.cashRefundMethodMissing)).toBeTruthy();
    expect(within(dialog).queryByLabelText(words.cashRefundReference_instapay)).toBeNull();
    await userEvent.selectOptions(within(dialog).getByLabelText(words.cashRefundMethod), words.cashRefund_instapay);
    await fill(within(dialog).getByLabelText(words.refundAmount), '100');
    await userEvent.click(within(dialog).getByRole('button', { name: words.actionRefund }));
    expect(await within(dialog).findByText(words.cashRefundReferenceMissing)).toBeTruthy();
    expect(within(dialog).queryByText(words.cashRefundMethodMissing)).toBeNull();
    expect(api.writes()).toEqual([]);
    await fill(within(dialog).getByLabelText(words.cashRefundReference_instapay), 'mai@instapay');
    await userEvent.clear(within(dialog).getByLabelText(words.refundAmount));

    await fill(within(dialog).getByLabelText(words.refundAmount), '2000');
    await userEvent.click(within(dialog).getByRole('button', { name: words.actionRefund }));
    expect(await within(dialog).findByText('More than is left to refund.')).toBeTruthy();
    await userEvent.clear(within(dialog).getByLabelText(words.refundAmount));

    const oud = within(dialog)
      .getByText(t('productInSize', { name: 'Oud Royal', size: t('sizeMl', { ml: formatNumber(locale, 100) }) }), { exact: false })
      .closest('div')!;
    const units = within(oud).getByLabelText(t('refundQuantity', { count: 2 }));
    await userEvent.clear(units);
    await userEvent.type(units, '1');
    await userEvent.click(within(oud).getByLabelText(words.restock));
    await userEvent.click(within(dialog).getByRole('button', { name: words.actionRefund }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByRole('status').textContent).toContain(t('refundDone', { amount: formatMoney(locale, 275), number: 'AT100012' }));
    const returns = await screen.findByRole('region', { name: words.returnsTitle });
    expect(within(returns).getByText(words.refundsHeading)).toBeTruthy();
    expect(returns.textContent).toContain(formatMoney(locale, 275));
    expect(returns.textContent).toContain(`${words.cashRefund_instapay} (mai@instapay)`);
    expect(within(panel(words.lines)).getByRole('rowheader', { name: words.refundedSoFar }).closest('tr')!.textContent).toContain(
      formatMoney(locale, -275),
    );
    const sent = { version: 7, reason: 'One bottle arrived broken', cash_method: 'instapay', cash_reference: 'mai@instapay' };
    expect(api.writes()).toEqual([
      [`${PATH}refunds/`, { ...sent, lines: [], amount: 2000 }],
      [`${PATH}refunds/`, { ...sent, lines: [{ item: 101, quantity: 1, restock: false }] }],
    ]);
  });

  it.each(LANGUAGE_PAIRS)(
    'offers one refund for a return that came back, the return’s, asking how its cash goes back (%s)',
    async (locale, words) => {
      const received: StaffOrder = {
        ...deliveredOrder,
        returns: [
          {
            id: 6,
            status: 'received',
            reason: 'Wrong size',
            staff_message: null,
            lines: [{ item: 101, quantity: 1, restocked: true }],
            created_at: NOW,
            decided_at: NOW,
            received_at: NOW,
            refunded_at: null,
          },
        ],
      };
      const api = fakeApi('owner', received);
      openScreen(locale, '/admin/orders/12');
      const ret = await screen.findByRole('article', { name: translator(locale)('returnNumber', { id: 6 }) });
      const refunds = () =>
        screen.getAllByRole('button').filter((button) => [words.actionRefund, words.returnRefund].includes(button.textContent!));
      expect(refunds()).toEqual([within(ret).getByRole('button', { name: words.returnRefund })]);

      // A cash order: the return's refund asks how the cash goes back before it sends anything.
      await userEvent.click(within(ret).getByRole('button', { name: words.returnRefund }));
      const dialog = await screen.findByRole('dialog', { name: words.returnRefund });
      await userEvent.click(within(dialog).getByRole('button', { name: words.returnRefund }));
      expect(await within(dialog).findByText(words.cashRefundMethodMissing)).toBeTruthy();
      expect(api.writes()).toEqual([]);
      await userEvent.selectOptions(within(dialog).getByLabelText(words.cashRefundMethod), words.cashRefund_courier);
      await userEvent.click(within(dialog).getByRole('button', { name: words.returnRefund }));
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
      expect(api.writes()).toEqual([['/api/staff/returns/6/refund/', { cash_method: 'courier' }]]);
      expect((await screen.findByRole('region', { name: words.returnsTitle })).textContent).toContain(words.cashRefund_courier);
    },
  );

  it('takes a return’s next step as the role may: support approves, but does not receive', async () => {
    const requested: StaffOrder = {
      ...deliveredOrder,
      returns: [
        {
          id: 5,
          status: 'requested',
          reason: 'The scent is too strong for me',
          staff_message: null,
          lines: [{ item: 101, quantity: 1, restocked: null }],
          created_at: NOW,
          decided_at: null,
          received_at: null,
          refunded_at: null,
        },
      ],
    };
    const api = fakeApi('support', requested);
    openScreen('en', '/admin/orders/12');
    const ret = await screen.findByRole('article', { name: 'Return 5' });
    expect(within(ret).getByText(en.returnStatus_requested)).toBeTruthy();
    expect(within(ret).getByText('The scent is too strong for me')).toBeTruthy();
    expect(
      within(ret)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual([en.returnApprove, en.returnReject]);
    await userEvent.click(within(ret).getByRole('button', { name: en.returnApprove }));
    const dialog = await screen.findByRole('dialog', { name: en.returnApprove });
    await userEvent.click(within(dialog).getByRole('button', { name: en.returnApprove }));
    expect(await within(ret).findByText(en.returnStatus_approved)).toBeTruthy();
    expect(screen.getByRole('status').textContent).toContain('Return Approved.');
    expect(within(ret).queryByRole('button', { name: en.returnReceive })).toBeNull();
    expect(api.writes()).toEqual([['/api/staff/returns/5/approve/', {}]]);
  });
});
