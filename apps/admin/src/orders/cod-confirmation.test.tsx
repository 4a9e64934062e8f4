/**
 * Cash orders confirmed by the shopper (decision 0048) in the back office: the settings screen edits the rule and its
 * hours, refusing a cancellation earlier than the flag; the order page shows the question and lets a role that
 * confirms orders confirm it for the shopper, and a role that may not, not. Both languages.
 */
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { StaffOrder, StaffRole, StaffSiteConfig } from '@attar/contract';
import { ar } from '../messages/ar';
import { en } from '../messages/en';
import { CSRF, isolateScreenTests, json, openScreen, standInApi } from '../test/screen';
import { siteConfig as config } from '../test/site-config';

const AT = '2026-11-28T10:00:00Z';

const place = { id: 1, name: 'Cairo' };
const waiting: StaffOrder = {
  id: 41,
  order_number: 'AT100041',
  status: 'awaiting_shopper',
  items: [],
  subtotal: 500,
  delivery_fee: 50,
  discount: 0,
  points_used: 0,
  points_discount: 0,
  points_earned: 0,
  total: 550,
  payment_method: 'cod',
  payment_url: null,
  address: {
    name: 'Salma Adel',
    phone: '01001112223',
    region: place,
    city: place,
    street: '7 Nile Street',
    building: '',
    floor: '',
    apartment: '',
    landmark: '',
  },
  promo_code: null,
  notes: '',
  created_at: AT,
  version: 1,
  channel: 'web',
  placed_by: null,
  customer: { user_id: 7, name: 'Salma Adel', phone: '01001112223', email: null, kind: 'account' },
  cash_collected: null,
  status_reason: null,
  delivery_fee_reason: null,
  confirmation: {
    asked_at: AT,
    expires_at: '2026-11-29T10:00:00Z',
    flagged_at: AT,
    answer: null,
    answered_via: null,
    answered_at: null,
    answered_by: null,
    sends: 1,
    last_sent_at: AT,
  },
  payment_link: null,
  payments: [],
  balance_due: 0,
  timeline: [{ at: AT, from: null, to: 'awaiting_shopper', staff: null }],
  staff_notes: [],
  audit: [],
  returns: [],
  refunds: [],
  refunded: 0,
  undo: null,
  tags: [],
  customer_tags: [],
};

function orderApi(role: StaffRole) {
  let order = waiting;
  const calls = standInApi(role, ({ method, url }) => {
    if (method === 'GET' && url.pathname === '/api/staff/orders/41/') return json(200, order);
    if (method === 'POST' && url.pathname === '/api/staff/orders/41/confirm-for-shopper/') {
      order = {
        ...order,
        status: 'placed',
        version: 2,
        confirmation: {
          ...order.confirmation!,
          answer: 'confirmed',
          answered_via: 'staff',
          answered_at: AT,
          answered_by: { id: 1, name: 'Nadia', email: 'owner@attar.test' },
        },
      };
      return json(200, order);
    }
  });
  return { calls, confirms: () => calls.filter((call) => call.path.endsWith('/confirm-for-shopper/')) };
}

isolateScreenTests();

describe('cash orders confirmed by the shopper, in the back office', () => {
  it.each([
    ['en', en],
    ['ar', ar],
  ] as const)('sets the rule and its hours on the settings screen (%s)', async (locale, words) => {
    const calls = standInApi('manager', ({ method, url, body }) => {
      if (url.pathname !== '/api/staff/site-config/') return undefined;
      return method === 'GET' ? json(200, config) : json(200, { ...(body as StaffSiteConfig), version: 4 });
    });
    openScreen(locale, '/admin/content/settings');
    const rule = await screen.findByLabelText(words.setting_cod_confirm_rule);
    await userEvent.selectOptions(rule, words.codConfirmRule_above);
    await userEvent.clear(screen.getByLabelText(words.setting_cod_confirm_above));
    await userEvent.type(screen.getByLabelText(words.setting_cod_confirm_above), '1500');
    const cancelAfter = screen.getByLabelText(words.setting_cod_confirm_cancel_hours);
    await userEvent.clear(cancelAfter);
    await userEvent.type(cancelAfter, '4');
    await userEvent.click(screen.getByRole('button', { name: words.save }));
    expect(await screen.findByText(words.content_cancel_after_flag)).toBeTruthy();
    expect(calls.some((call) => call.method === 'PUT')).toBe(false);

    await userEvent.clear(cancelAfter);
    await userEvent.type(cancelAfter, '36');
    await userEvent.click(screen.getByRole('button', { name: words.save }));
    await waitFor(() => expect(calls.some((call) => call.method === 'PUT')).toBe(true));
    const put = calls.find((call) => call.method === 'PUT')!;
    expect(put.body).toMatchObject({
      cod_confirm_rule: 'above',
      cod_confirm_above: 1500,
      cod_confirm_flag_hours: 6,
      cod_confirm_cancel_hours: 36,
    });
    expect(put.headers['X-CSRF-Token']).toBe(CSRF);
  });

  it.each([
    ['en', en],
    ['ar', ar],
  ] as const)('confirms for the shopper from the order page (%s)', async (locale, words) => {
    const api = orderApi('fulfilment');
    openScreen(locale, '/admin/orders/41');
    expect(await screen.findByRole('heading', { name: words.confirmation_title })).toBeTruthy();
    expect(screen.getAllByText(words.confirmation_unanswered).length).toBeGreaterThan(0);
    await userEvent.click(screen.getByRole('button', { name: words.confirmation_confirmForShopper }));
    await waitFor(() => expect(api.confirms()).toHaveLength(1));
    expect(api.confirms()[0]!.body).toEqual({ version: 1 });
    expect(await screen.findByText(words.confirmation_confirmedByStaff)).toBeTruthy();
    expect(screen.queryByRole('button', { name: words.confirmation_confirmForShopper })).toBeNull();
  });

  it('offers support, who may not confirm orders, no way to confirm or resend', async () => {
    const api = orderApi('support');
    openScreen('en', '/admin/orders/41');
    expect(await screen.findByRole('heading', { name: en.confirmation_title })).toBeTruthy();
    expect(screen.queryByRole('button', { name: en.confirmation_confirmForShopper })).toBeNull();
    expect(screen.queryByRole('button', { name: en.confirmation_resend })).toBeNull();
    expect(api.confirms()).toHaveLength(0);
  });
});
