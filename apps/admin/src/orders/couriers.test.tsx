import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { StaffCourierReport, StaffOrderBoard, StaffOrderRow, StaffRole, StaffSettlementResult } from '@attar/contract';
import { ar } from '../messages/ar';
import { en } from '../messages/en';
import { CSRF, isolateScreenTests, json, openScreen, standInApi } from '../test/screen';

const row = (id: number, status: 'confirmed' | 'packed'): StaffOrderRow => ({
  id,
  order_number: `ATR-2026-${id}`,
  status,
  version: 2,
  created_at: '2026-11-20T10:00:00Z',
  customer_name: 'Amira Fathy',
  customer_phone: '+201001112223',
  region: { id: 1, name: 'Cairo' },
  payment_method: 'cod',
  paid: false,
  total: 1500,
  promo_code: null,
  items: 1,
  unanswered: false,
  tags: [],
});

const board: StaffOrderBoard = {
  count: 2,
  next: null,
  previous: null,
  results: [row(11, 'confirmed'), row(12, 'packed')],
  counts: {
    pending_payment: 0,
    awaiting_shopper: 0,
    placed: 0,
    confirmed: 1,
    packed: 1,
    shipped: 0,
    delivered: 0,
    cancelled: 0,
    refunded: 0,
  },
  waiting: 0,
};

const report: StaffCourierReport = {
  couriers: [{ courier: 'bosta', delivered: 1234, outstanding: 2500, settled: 3000, fees: 111, paid_out: 2889 }],
  overdue: [
    {
      id: 9,
      order_number: 'ATR-2026-9',
      courier: 'bosta',
      tracking_number: '7100000009',
      cash_collected: 1500,
      delivered_at: '2026-11-01T10:00:00Z',
    },
  ],
  performance: [{ courier: 'bosta', region: 'Cairo', handed_over: 10, delivered: 7, returned: 1, success_rate: 0.875, returned_cost: 50 }],
};

const settled: StaffSettlementResult = {
  id: 1,
  matched: 2,
  cash_collected: 3000,
  fees: 111,
  paid_out: 2889,
  flagged: [{ row: 4, reference: '123', reason: 'no_such_order' }],
  missing: [{ id: 10, order_number: 'ATR-2026-10', delivered_at: '2026-11-02T10:00:00Z' }],
};

function fakeApi(role: StaffRole) {
  return standInApi(role, ({ url, method }) => {
    if (url.pathname === '/api/staff/orders/') return json(200, board);
    if (url.pathname === '/api/staff/couriers/hand-over/' && method === 'POST') return json(200, { queued: [11, 12], failed: [] });
    if (url.pathname === '/api/staff/couriers/report/') return json(200, report);
    if (url.pathname === '/api/staff/couriers/settlements/' && method === 'POST') return json(200, settled);
    if (url.pathname === '/api/staff/couriers/pickups/' && method === 'POST') return json(200, { pickup_id: 'PU123' });
    return undefined;
  });
}

isolateScreenTests();

describe('the couriers screen', () => {
  it('hands chosen orders over to Bosta, prints their waybills and asks for a pickup', async () => {
    const calls = fakeApi('fulfilment');
    openScreen('en', '/admin/couriers');
    expect(await screen.findByRole('heading', { name: en.couriersTitle })).toBeTruthy();
    expect(await screen.findAllByTestId('courier-waiting')).toHaveLength(2);
    expect(calls.some((call) => call.path === '/api/staff/orders/?status=confirmed%2Cpacked&page_size=100')).toBe(true);
    await userEvent.click(screen.getByRole('checkbox', { name: en.selectOrder.replace('{number}', 'ATR-2026-11') }));
    await userEvent.click(screen.getByRole('checkbox', { name: en.selectOrder.replace('{number}', 'ATR-2026-12') }));
    expect(screen.getByRole('link', { name: en.couriersWaybill }).getAttribute('href')).toBe('/api/staff/couriers/waybill/?orders=11,12');
    await userEvent.click(screen.getByRole('button', { name: en.couriersHandOver }));
    expect(await screen.findByText(en.couriersQueued.other.replace('{count}', '2'))).toBeTruthy();
    const handOver = calls.find((call) => call.path === '/api/staff/couriers/hand-over/')!;
    expect(handOver.body).toEqual({ courier: 'bosta', orders: [11, 12] });
    expect(handOver.headers['X-CSRF-Token']).toBe(CSRF);

    const pickup = screen.getByRole('form', { name: en.couriersPickupTitle });
    await userEvent.type(within(pickup).getByLabelText(en.couriersPickupDate), '5/1/2030');
    await userEvent.click(within(pickup).getByRole('button', { name: en.couriersPickupAsk }));
    expect(await screen.findByText(en.couriersPickupAsked.replace('{id}', 'PU123'))).toBeTruthy();
    expect(calls.find((call) => call.path === '/api/staff/couriers/pickups/')?.body).toMatchObject({ date: '2030-01-05' });
    // Fulfilment neither imports statements nor reads the cash report.
    expect(screen.queryByRole('form', { name: en.couriersSettlementTitle })).toBeNull();
    expect(calls.some((call) => call.path.startsWith('/api/staff/couriers/report/'))).toBe(false);
  });

  it('imports a settlement statement and shows what matched, what is flagged and the cash report', async () => {
    const calls = fakeApi('manager');
    openScreen('en', '/admin/couriers');
    const form = await screen.findByRole('form', { name: en.couriersSettlementTitle });
    const file = new File(['tracking_number,cod,fees,paid_out\n7100000001,1500,55.5,1444.5\n'], 'bosta.csv', { type: 'text/csv' });
    await userEvent.upload(within(form).getByLabelText(en.couriersSettlementFile), file);
    await userEvent.click(within(form).getByRole('button', { name: en.couriersSettlementImport }));
    const result = await screen.findByTestId('settlement-result');
    expect(result.textContent).toContain(en.couriersSettlementMatched.other.replace('{count}', '2'));
    expect(result.textContent).toContain(en.couriersFlag_no_such_order);
    expect(result.textContent).toContain('ATR-2026-10');
    expect(calls.find((call) => call.path === '/api/staff/couriers/settlements/')!.body).toEqual({
      courier: 'bosta',
      file_name: 'bosta.csv',
      csv: 'tracking_number,cod,fees,paid_out\n7100000001,1500,55.5,1444.5\n',
    });
    expect((await screen.findAllByTestId('courier-overdue'))[0]!.textContent).toContain('7100000009');
    expect(screen.getByTestId('courier-performance').textContent).toContain('87.5%');
    expect(screen.getByTestId('courier-cash').textContent).toContain('1,234');
  });

  it('reads right to left in Arabic with Arabic figures', async () => {
    fakeApi('owner');
    openScreen('ar', '/admin/couriers');
    expect(await screen.findByRole('heading', { name: ar.couriersTitle })).toBeTruthy();
    expect(document.documentElement.dir).toBe('rtl');
    expect((await screen.findByTestId('courier-cash')).textContent).toContain('١٬٢٣٤');
    expect(screen.getByRole('button', { name: ar.couriersHandOver })).toBeTruthy();
  });

  it('is neither linked nor loaded for a role that may not use it', async () => {
    const calls = fakeApi('support');
    openScreen('en', '/admin/couriers');
    expect(await screen.findByText(en.noAccess)).toBeTruthy();
    expect(screen.queryByRole('link', { name: en.navCouriers })).toBeNull();
    expect(calls.filter((call) => call.path.includes('/couriers/'))).toEqual([]);
  });
});
