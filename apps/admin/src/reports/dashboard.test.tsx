import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { ReportsDashboard, SalesSummary, StaffRole } from '@attar/contract';
import { presetRange, shopDay, type ReportPreset } from '@attar/contract/rules';
import { formatDay, formatMoney, formatNumber, formatPercent } from '../lib/format';
import { translator } from '../lib/translate';
import { en } from '../messages/en';
import { LANGUAGE_PAIRS, openScreenShowing } from '../test/screen-kit';
import { isolateScreenTests, json, openScreen, standInApi } from '../test/screen';
import { writeDay } from '../lib/typed-dates';

const PATH = '/api/staff/reports/dashboard/';

const sales = (from: string, to: string, orders: number, revenue: number, refunds: number): SalesSummary => ({
  from,
  to,
  orders,
  revenue,
  refunds,
  net_revenue: revenue - refunds,
  average_order_value: orders ? Math.round((revenue / orders) * 100) / 100 : 0,
});

const oudRoyal = { product: 5, slug: 'oud-royal', name_en: 'Oud Royal', name_ar: 'عود رويال', size: 501, ml: 100, sku: 'OUD-100' };

/** What the API answers for a preset or for days of one's own: 30 days of sales beside the 30 before. */
const report = (asked: Asked): ReportsDashboard => ({
  today: '2026-11-29',
  ...('period' in asked ? { period: asked.period, from: '2026-10-31', to: '2026-11-29' } : { period: null, ...asked }),
  sales: sales('2026-10-31', '2026-11-29', 1234, 456789.25, 275),
  previous: sales('2026-10-01', '2026-10-30', 1100, 400000, 0),
  daily: [
    { day: '2026-11-28', orders: 40, revenue: 15000, refunds: 0 },
    { day: '2026-11-29', orders: 3, revenue: 1250.5, refunds: 275 },
  ],
  previous_daily: [
    { day: '2026-10-29', orders: 35, revenue: 12000, refunds: 0 },
    { day: '2026-10-30', orders: 2, revenue: 900, refunds: 0 },
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

type Asked = { period: ReportPreset } | { from: string; to: string };
/** The range a call asks for, as the API reads it: days of one's own, or a preset (30 days unless asked). */
const askedIn = (params: URLSearchParams): Asked => {
  const [from, to] = [params.get('from'), params.get('to')];
  return from && to ? { from, to } : { period: (params.get('period') ?? '30d') as ReportPreset };
};

/** A quiet range: fewer sales than the one before, none in its tables, every payment matching. */
const quiet = (range: Asked): ReportsDashboard => {
  const answer = report(range);
  return {
    ...answer,
    sales: sales(answer.from, answer.to, 3, 900, 0),
    previous: sales('2026-10-28', '2026-10-31', 4, 1200, 0),
    by_status: [],
    best_sellers: { by_units: [], by_revenue: [] },
    promotions: [],
    cash_confirmations: [],
    payments: { ...answer.payments, exception_count: 0, exceptions: [] },
  };
};

/** The API as the dashboard sees it: the report of the range asked (`answer` makes it), and the calls it received. */
function fakeApi(role: StaffRole, answer: (range: Asked) => ReportsDashboard = report) {
  const calls = standInApi(role, ({ url }) => (url.pathname === PATH ? json(200, answer(askedIn(url.searchParams))) : undefined));
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
  it.each(LANGUAGE_PAIRS)(
    'shows the range’s sales beside the previous range’s, and each table with its CSV (%s)',
    async (locale, words) => {
      const t = translator(locale);
      const api = fakeApi('manager');
      await openScreenShowing(locale, '/admin/dashboard?period=30d', words.dashboardTitle);

      const salesBox = await screen.findByTestId('sales');
      const range = t('salesRange', { from: formatDay(locale, '2026-10-31'), to: formatDay(locale, '2026-11-29') });
      expect(within(salesBox).getByRole('heading', { name: range })).toBeTruthy();
      expect(within(salesBox).getByTestId('sales-previous-range').textContent).toBe(
        t('salesComparedWith', { from: formatDay(locale, '2026-10-01'), to: formatDay(locale, '2026-10-30') }),
      );
      const card = (label: string) => within(salesBox).getByTestId(`figure-${label}`);
      const part = (label: string, testId: string) => within(card(label)).getByTestId(testId).textContent;
      expect(within(card('salesOrders')).getByRole('heading', { name: words.salesOrders })).toBeTruthy();
      expect(part('salesOrders', 'current')).toBe(formatNumber(locale, 1234));
      expect(part('salesOrders', 'previous')).toBe(`${words.salesPrevious} ${formatNumber(locale, 1100)}`);
      // 1,234 on 1,100: up 12.2 %, the figure read left to right in Arabic too, and said in words to a screen reader.
      const ordersChange = within(card('salesOrders')).getByTestId('change');
      const percent = formatPercent(locale, 134 / 1100);
      expect(within(ordersChange).getByText(percent).closest('bdi')?.getAttribute('dir')).toBe('ltr');
      expect(ordersChange.textContent).toContain(`↑ ${percent}`);
      expect(ordersChange.querySelector('.sr-only')?.textContent).toBe(t('changeUp', { count: 30, percent }));
      if (locale === 'en') expect(ordersChange.querySelector('.sr-only')?.textContent).toBe('up 12.2% on the previous 30 days');
      expect(part('salesRevenue', 'current')).toBe(formatMoney(locale, 456789.25));
      expect(part('salesRevenue', 'previous')).toContain(formatMoney(locale, 400000));
      expect(part('salesNet', 'current')).toBe(formatMoney(locale, 456514.25));
      // No refunds in the 30 days before: the refunds are new.
      expect(part('salesRefunds', 'current')).toBe(formatMoney(locale, 275));
      expect(part('salesRefunds', 'change')).toBe(`${words.changeNew}${t('changeNewSpoken', { count: 30 })}`);
      expect(part('salesAverage', 'current')).toBe(formatMoney(locale, 370.17));

      // The charts cover the range: their CSV too.
      expect(screen.getByTestId('chart-orders')).toBeTruthy();
      expect(csvOf(locale, words.chartOrdersTitle)).toBe('/api/staff/reports/sales.csv?period=30d');
      expect(screen.getByRole('link', { name: words.reportPeriod_30d }).getAttribute('aria-current')).toBe('page');
      // The preset fills the days it covers.
      const days = presetRange('30d');
      expect((screen.getByLabelText(words.dateFrom) as HTMLInputElement).value).toBe(writeDay(locale, days.from));
      expect((screen.getByLabelText(words.dateTo) as HTMLInputElement).value).toBe(writeDay(locale, days.to));

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
      expect(csvOf(locale, words.cashConfirmationsTitle)).toBe('/api/staff/reports/cash-confirmations.csv?period=30d');

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
    },
  );

  it.each(LANGUAGE_PAIRS)(
    'covers days of one’s own or another preset when chosen, its CSV files too, and says what a quiet range lacks (%s)',
    async (locale, words) => {
      const t = translator(locale);
      const api = fakeApi('owner', (range) => ('from' in range ? quiet(range) : report(range)));
      openScreen(locale, '/admin/dashboard');
      await screen.findByTestId('sales');
      const [from, to] = [shopDay(40), shopDay(37)];
      const field = (label: string) => screen.getByLabelText(label);
      await userEvent.clear(field(words.dateFrom));
      // Typed as the screen writes days: the day first, in its digits.
      await userEvent.type(field(words.dateFrom), writeDay(locale, from));
      await userEvent.clear(field(words.dateTo));
      await userEvent.type(field(words.dateTo), writeDay(locale, to));
      await userEvent.click(screen.getByRole('button', { name: words.reportRangeShow }));
      const query = `from=${from}&to=${to}`;
      await waitFor(() => expect(csvOf(locale, words.byStatusTitle)).toBe(`/api/staff/reports/orders-by-status.csv?${query}`));
      expect(csvOf(locale, words.chartRevenueTitle)).toBe(`/api/staff/reports/sales.csv?${query}`);
      expect(csvOf(locale, words.paymentsTitle)).toBe(`/api/staff/reports/payments.csv?${query}`);
      expect(screen.getByRole('link', { name: words.reportPeriod_30d }).getAttribute('aria-current')).toBeNull();
      // 3 orders on 4 over the 4 days before: down 25 %.
      const orders = within(screen.getByTestId('figure-salesOrders')).getByTestId('change');
      const percent = formatPercent(locale, 0.25);
      expect(orders.textContent).toContain(`↓ ${percent}`);
      expect(orders.querySelector('.sr-only')?.textContent).toBe(t('changeDown', { count: 4, percent }));
      expect(within(reportBox(words.promotionsReportTitle)).getByText(words.reportNothing)).toBeTruthy();
      expect(within(reportBox(words.bestSellersTitle)).getAllByText(words.reportNothing)).toHaveLength(2);
      expect(within(reportBox(words.cashConfirmationsTitle)).getByText(words.reportNothing)).toBeTruthy();
      expect(within(reportBox(words.paymentsTitle)).getByText(words.paymentsAllClear)).toBeTruthy();

      // A preset again: it fills the days.
      await userEvent.click(screen.getByRole('link', { name: words.reportPeriod_7d }));
      await waitFor(() => expect(csvOf(locale, words.byStatusTitle)).toBe('/api/staff/reports/orders-by-status.csv?period=7d'));
      expect(screen.getByRole('link', { name: words.reportPeriod_7d }).getAttribute('aria-current')).toBe('page');
      expect((field(words.dateFrom) as HTMLInputElement).value).toBe(writeDay(locale, presetRange('7d').from));
      expect(api.reportCalls()).toEqual([PATH, `${PATH}?${query}`, `${PATH}?period=7d`]);
    },
  );

  it.each(LANGUAGE_PAIRS)('asks nothing for days no report can cover, and says so (%s)', async (locale, words) => {
    const api = fakeApi('owner');
    await openScreenShowing(locale, `/admin/dashboard?from=${shopDay(3)}&to=${shopDay(5)}`, words.dashboardTitle);
    expect(await screen.findByText(words.reportRangeInvalid)).toBeTruthy();
    expect(screen.queryByTestId('sales')).toBeNull();
    expect(api.reportCalls()).toEqual([]);
  });

  it('says in words why the figures could not be loaded', async () => {
    standInApi('owner', ({ url }) =>
      url.pathname === PATH ? json(503, { detail: 'The reports are busy. Try again in a moment.', code: 'unavailable' }) : undefined,
    );
    openScreen('en', '/admin/dashboard?period=today');
    expect(await screen.findByText('The reports are busy. Try again in a moment.')).toBeTruthy();
    expect(screen.queryByTestId('sales')).toBeNull();
  });

  it('is neither linked nor loaded for a role that may not read reports', async () => {
    const api = fakeApi('support');
    openScreen('en', '/admin/dashboard?period=30d');
    expect(await screen.findByText(en.noAccess)).toBeTruthy();
    expect(screen.queryByRole('link', { name: en.navDashboard })).toBeNull();
    expect(api.reportCalls()).toEqual([]);
  });
});
