/**
 * A phone order's payment link (decision 0060) on the order page, both languages: to which number and when it was
 * sent and where it stands; a role that takes phone orders sends it again while it is payable, a role that does not
 * is offered no way to; a paid link offers nothing to send. A balance owed after an edit (decision 0062) is named, holds
 * the parcel and is asked for again after its link ran out.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { StaffOrder, StaffRole } from '@attar/contract';
import { formatDate, formatMoney, formatNumber } from '../lib/format';
import { LANGUAGE_PAIRS } from '../test/screen-kit';
import { en } from '../messages/en';
import { placedOrder } from '../test/orders';
import { CSRF, isolateScreenTests, json, openScreen, standInApi } from '../test/screen';

const SENT = '2026-11-28T10:00:00Z';

/** AT100012 taken by phone, paid by card through its link, still waiting for the payment. */
const waiting: StaffOrder = {
  ...placedOrder,
  status: 'pending_payment',
  payment_method: 'card',
  channel: 'phone',
  payment_link: {
    phone: '+201001112223',
    first_sent_at: SENT,
    last_sent_at: SENT,
    sends: 1,
    expires_at: '2026-11-29T10:00:00Z',
    state: 'payable',
    balance: false,
  },
};

function orderApi(role: StaffRole, order: StaffOrder = waiting) {
  let current = order;
  const calls = standInApi(role, ({ method, url }) => {
    if (method === 'GET' && url.pathname === '/api/staff/orders/12/') return json(200, current);
    if (method === 'POST' && url.pathname === '/api/staff/orders/12/resend-payment-link/') {
      current = { ...current, payment_link: { ...current.payment_link!, sends: 2, last_sent_at: '2026-11-28T11:00:00Z' } };
      return json(200, current);
    }
  });
  return { resends: () => calls.filter((call) => call.path.endsWith('/resend-payment-link/')) };
}

isolateScreenTests();

describe('a payment link on the order page', () => {
  it.each(LANGUAGE_PAIRS)('shows where the link went and stands, and sends it again (%s)', async (locale, words) => {
    const api = orderApi('support');
    openScreen(locale, '/admin/orders/12');
    const panel = await screen.findByRole('region', { name: words.paymentLink_title });
    expect(panel.textContent).toContain(words.paymentLink_state_payable);
    expect(within(panel).getByText('+201001112223').closest('bdi')?.getAttribute('dir')).toBe('ltr');
    expect(panel.textContent).toContain(formatDate(locale, SENT));
    expect(panel.textContent).toContain(formatDate(locale, '2026-11-29T10:00:00Z'));
    await userEvent.click(within(panel).getByRole('button', { name: words.paymentLink_resend }));
    await waitFor(() => expect(api.resends()).toHaveLength(1));
    expect(api.resends()[0]!.headers['X-CSRF-Token']).toBe(CSRF);
    expect(await screen.findByText(words.paymentLink_resentToast)).toBeTruthy();
    await waitFor(() => expect(panel.textContent).toContain(formatNumber(locale, 2)));
    expect(panel.textContent).toContain(words.paymentLink_lastSent);
  });

  it('offers fulfilment, who do not take phone orders, no way to send it again', async () => {
    const api = orderApi('fulfilment');
    openScreen('en', '/admin/orders/12');
    const panel = await screen.findByRole('region', { name: en.paymentLink_title });
    expect(panel.textContent).toContain(en.paymentLink_state_payable);
    expect(within(panel).queryByRole('button', { name: en.paymentLink_resend })).toBeNull();
    expect(api.resends()).toHaveLength(0);
  });

  it('says a paid link is paid, with nothing to send', async () => {
    orderApi('owner', { ...waiting, status: 'placed', payment_link: { ...waiting.payment_link!, state: 'paid' } });
    openScreen('en', '/admin/orders/12');
    const panel = await screen.findByRole('region', { name: en.paymentLink_title });
    expect(panel.textContent).toContain(en.paymentLink_state_paid);
    expect(panel.textContent).not.toContain(en.paymentLink_expires);
    expect(within(panel).queryByRole('button', { name: en.paymentLink_resend })).toBeNull();
  });

  it.each(LANGUAGE_PAIRS)(
    'shows the balance a paid order owes after an edit, holds the parcel, and resends the link run out (%s)',
    async (locale, words) => {
      const owing: StaffOrder = {
        ...waiting,
        status: 'packed',
        balance_due: 275,
        payment_link: { ...waiting.payment_link!, state: 'expired', balance: true },
        payments: [
          { id: 1, provider: 'test', purpose: 'order', status: 'paid', amount: 950, refunded: 0, transaction_id: 'test-1', refunds: [] },
          { id: 2, provider: 'test', purpose: 'balance', status: 'pending', amount: 275, refunded: 0, transaction_id: null, refunds: [] },
        ],
      };
      const api = orderApi('support', owing);
      openScreen(locale, '/admin/orders/12');
      const panel = await screen.findByRole('region', { name: words.paymentLink_title });
      expect(panel.textContent).toContain(words.paymentLink_state_expired);
      expect(panel.textContent).toContain(`${words.paymentLink_asksFor}${formatMoney(locale, 275)}`);
      const payment = screen.getByRole('region', { name: words.payment });
      expect(payment.textContent).toContain(`${words.paymentPurpose_balance} · ${words.paymentStatus_pending}`);
      expect(within(payment).getByRole('alert').textContent).toBe(
        `${words.balanceDue}: ${formatMoney(locale, 275)}${words.balanceDueHold}`,
      );
      await userEvent.click(within(panel).getByRole('button', { name: words.paymentLink_resend }));
      await waitFor(() => expect(api.resends()).toHaveLength(1));
    },
  );

  it('shows no payment link on an order sent none', async () => {
    orderApi('owner', placedOrder);
    openScreen('en', '/admin/orders/12');
    expect(await screen.findByRole('heading', { level: 1 })).toBeTruthy();
    expect(screen.queryByRole('region', { name: en.paymentLink_title })).toBeNull();
  });
});
