import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { ReportPeriod, ReportsDashboard, SalesSummary, StaffRole } from '@attar/contract';
import { formatDay, formatMoney, formatNumber } from '../lib/format';
import { translator } from '../lib/translate';
import { en } from '../messages/en';
import { LANGUAGE_PAIRS, openScreenShowing } from '../test/screen-kit';
import { isolateScreenTests, json, openScreen, standInApi } from '../test/screen';

const PATH = '/api/staff/reports/dashboard/';

const sales = (period: ReportPeriod, from: string, orders: number, revenue: number): SalesSummary => ({
  period,
  from,
  to: '2026-11-29',
  orders,
  revenue,
  refunds: 275,
  net_revenue: revenue - 275,
  average_order_value: Math.round((revenue / orders) * 100) / 100,
});

const oudRoyal = { product: 5, slug: 'oud-royal', name_en: 'Oud Royal', name_ar: 'عود رويال', size: 501, ml: 100, sku: 'OUD-100' };

const report = (period: ReportPeriod): ReportsDashboard => ({
  today: '2026-11-29',
  period,
  sales: [sales('today', '2026-11-29', 3, 1250.5), sales('7d', '2026-11-23', 21, 9800), sales('30d', '2026-10-31', 1234, 456789.25)],
  daily: [
    { day: '2026-11-28', orders: 40, revenue: 15000, refunds: 0 },
    { day: '2026-11-29', orders: 3, revenue: 1250.5, refunds: 275 },
  ],
  by_status: [
    { status: 'placed', orders: 4, total: 3800 },
    { status: 'delivered', orders: 1200, total: 450000 },
  ],
  best_sellers: { by_units: [{ ...oudRoyal, units: 310, revenue: 85250 }], by_revenue: [{ ...oudRoyal, units: 310, revenue: 85250 }] },
  promotions: [{ promotion: 1, code: 'EID10', orders: 57, discount_given: 5700, revenue: 51300 }],
  points: { points: 125000, holders: 840, point_value: 0.1, liability: 12500 },
  payments: {
    orders: 300,
    expected: 120000,
    received: 119500,
    refunded: 0,
    refunds_pending: 0,
    refunds_failed: 0,
    exception_count: 1,
    exceptions: [
      {
        kind: 'amount_mismatch',
        order: 12,
        order_number: 'AT100012',
        status: 'placed',
        payment_method: 'card',
        placed_at: '2026-11-27T09:30:00Z',
        order_total: 950,
        paid: 450,
        refund: null,
      },
    ],
  },
  cash_confirmations: [
    {
      region: { id: 1, name_en: 'Cairo', name_ar: 'القاهرة' },
      asked: 23,
      confirmed_by_shopper: 15,
      cancelled_by_shopper: 2,
      unanswered: 1,
      confirmed_by_staff: 2,
      cancelled_by_staff: 3,
    },
  ],
});

/** A quiet period: no sales in its tables, every payment matching. */
const quiet = (period: ReportPeriod): ReportsDashboard => ({
  ...report(period),
  by_status: [],
  best_sellers: { by_units: [], by_revenue: [] },
  promotions: [],
  cash_confirmations: [],
  payments: { ...report(period).payments, exception_count: 0, exceptions: [] },
});

/** The API as the dashboard sees it: the report of the period asked (`answer` makes it), and the calls it received. */
function fakeApi(role: StaffRole, answer: (period: ReportPeriod) => ReportsDashboard = report) {
  const calls = standInApi(role, ({ url }) =>
    url.pathname === PATH ? json(200, answer(url.searchParams.get('period') as ReportPeriod)) : undefined,
  );
  return { reportCalls: () => calls.filter((call) => call.url.pathname.startsWith('/api/staff/reports/')).map((call) => call.path) };
}

/** A report's box, by its heading; and the link that downloads it as CSV. */
const reportBox = (title: string) => screen.getByRole('region', { name: title });
const csvOf = (locale: 'en' | 'ar', title: string) =>
  within(reportBox(title))
    .getByRole('link', { name: translator(locale)('downloadCsvNamed', { name: title }) })
    .getAttribute('href');

isolateScreenTests();

describe('the dashboard', () => {
  it.each(LANGUAGE_PAIRS)('shows the sales of today, 7 and 30 days, and each table with its CSV (%s)', async (locale, words) => {
    const t = translator(locale);
    const api = fakeApi('manager');
    await openScreenShowing(locale, '/admin/dashboard?period=30d', words.dashboardTitle);

    const month = await screen.findByTestId('sales-30d');
    expect(within(month).getByRole('heading', { name: words.reportPeriod_30d })).toBeTruthy();
    expect(month.textContent).toContain(t('salesRange', { from: formatDay(locale, '2026-10-31'), to: formatDay(locale, '2026-11-29') }));
    const figure = (box: HTMLElement, label: string) => within(box).getByTestId(`figure-${label}`).textContent;
    expect(figure(month, 'salesOrders')).toBe(`${words.salesOrders}${formatNumber(locale, 1234)}`);
    expect(figure(month, 'salesRevenue')).toBe(`${words.salesRevenue}${formatMoney(locale, 456789.25)}`);
    expect(figure(month, 'salesNet')).toContain(formatMoney(locale, 456514.25));
    const today = screen.getByTestId('sales-today');
    expect(today.textContent).toContain(formatDay(locale, '2026-11-29'));
    expect(figure(today, 'salesAverage')).toContain(formatMoney(locale, 416.83));
    expect(figure(today, 'salesRefunds')).toContain(formatMoney(locale, 275));

    // The charts always cover 30 days: their CSV too.
    expect(screen.getByTestId('chart-orders')).toBeTruthy();
    expect(csvOf(locale, words.chartOrdersTitle)).toBe('/api/staff/reports/sales.csv?period=30d');
    expect(screen.getByRole('link', { name: words.reportPeriod_30d }).getAttribute('aria-current')).toBe('page');

    const statuses = within(reportBox(words.byStatusTitle)).getAllByRole('row').slice(1);
    expect(
      statuses.map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((cell) => cell.textContent),
      ),
    ).toEqual([
      [words.status_placed, formatNumber(locale, 4), formatMoney(locale, 3800)],
      [words.status_delivered, formatNumber(locale, 1200), formatMoney(locale, 450000)],
    ]);
    expect(csvOf(locale, words.byStatusTitle)).toBe('/api/staff/reports/orders-by-status.csv?period=30d');

    const sellers = reportBox(words.bestSellersTitle);
    const seller = within(sellers).getAllByRole('link', { name: locale === 'ar' ? 'عود رويال' : 'Oud Royal' })[0]!;
    expect(seller.getAttribute('href')).toBe('/admin/catalogue/products/5');
    expect(
      within(seller.closest('tr')!)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual([
      locale === 'ar' ? 'عود رويال' : 'Oud Royal',
      t('sizeMl', { ml: formatNumber(locale, 100) }),
      'OUD-100',
      formatNumber(locale, 310),
      formatMoney(locale, 85250),
    ]);
    expect(csvOf(locale, words.bestSellersTitle)).toBe('/api/staff/reports/best-sellers.csv?period=30d');

    const promotions = reportBox(words.promotionsReportTitle);
    expect(within(promotions).getByText('EID10').closest('bdi')?.getAttribute('dir')).toBe('ltr');
    expect(promotions.textContent).toContain(formatMoney(locale, 5700));
    expect(csvOf(locale, words.promotionsReportTitle)).toBe('/api/staff/reports/promotions.csv?period=30d');
    const confirmations = reportBox(words.cashConfirmationsTitle);
    const cairo = within(confirmations)
      .getByText(locale === 'ar' ? 'القاهرة' : 'Cairo')
      .closest('tr')!;
    // Each way a question ended, in the columns' order: asked, by the shopper, unanswered, by staff.
    expect([...cairo.querySelectorAll('td')].slice(1).map((cell) => cell.textContent)).toEqual(
      [23, 15, 2, 1, 2, 3].map((figure) => formatNumber(locale, figure)),
    );
    expect(confirmations.textContent).toContain(words.reportColumnCancelledByStaff);

    const points = reportBox(words.pointsTitle);
    expect(points.textContent).toContain(formatNumber(locale, 125000));
    expect(points.textContent).toContain(formatMoney(locale, 12500));
    expect(csvOf(locale, words.pointsTitle)).toBe('/api/staff/reports/points.csv?period=30d');
    const payments = reportBox(words.paymentsTitle);
    expect(within(payments).getByText(t('paymentsToCheck', { count: 1 }))).toBeTruthy();
    const exception = within(payments).getByRole('link', { name: 'AT100012' });
    expect(exception.getAttribute('href')).toBe('/admin/orders/12');
    expect(exception.closest('tr')!.textContent).toContain(words.exception_amount_mismatch);
    expect(exception.closest('tr')!.textContent).toContain(formatMoney(locale, 450));
    expect(csvOf(locale, words.paymentsTitle)).toBe('/api/staff/reports/payments.csv?period=30d');
    expect(api.reportCalls()).toEqual([`${PATH}?period=30d`]);
  });

  it.each(LANGUAGE_PAIRS)(
    'covers another period when chosen, its CSV files too, and says what a quiet one lacks (%s)',
    async (locale, words) => {
      const api = fakeApi('owner', (period) => (period === '30d' ? report(period) : quiet(period)));
      openScreen(locale, '/admin/dashboard');
      await screen.findByTestId('sales-30d');
      await userEvent.click(screen.getByRole('link', { name: words.reportPeriod_7d }));
      await waitFor(() => expect(csvOf(locale, words.byStatusTitle)).toBe('/api/staff/reports/orders-by-status.csv?period=7d'));
      expect(screen.getByRole('link', { name: words.reportPeriod_7d }).getAttribute('aria-current')).toBe('page');
      expect(csvOf(locale, words.chartRevenueTitle)).toBe('/api/staff/reports/sales.csv?period=30d');
      expect(within(reportBox(words.promotionsReportTitle)).getByText(words.reportNothing)).toBeTruthy();
      expect(within(reportBox(words.bestSellersTitle)).getAllByText(words.reportNothing)).toHaveLength(2);
      expect(within(reportBox(words.cashConfirmationsTitle)).getByText(words.reportNothing)).toBeTruthy();
      expect(within(reportBox(words.paymentsTitle)).getByText(words.paymentsAllClear)).toBeTruthy();
      expect(api.reportCalls()).toEqual([`${PATH}?period=30d`, `${PATH}?period=7d`]);
    },
  );

  it('says in words why the figures could not be loaded', async () => {
    standInApi('owner', ({ url }) =>
      url.pathname === PATH ? json(503, { detail: 'The reports are busy. Try again in a moment.', code: 'unavailable' }) : undefined,
    );
    openScreen('en', '/admin/dashboard?period=today');
    expect(await screen.findByText('The reports are busy. Try again in a moment.')).toBeTruthy();
    expect(screen.queryByTestId('sales-today')).toBeNull();
  });

  it('is neither linked nor loaded for a role that may not read reports', async () => {
    const api = fakeApi('support');
    openScreen('en', '/admin/dashboard?period=30d');
    expect(await screen.findByText(en.noAccess)).toBeTruthy();
    expect(screen.queryByRole('link', { name: en.navDashboard })).toBeNull();
    expect(api.reportCalls()).toEqual([]);
  });
});
