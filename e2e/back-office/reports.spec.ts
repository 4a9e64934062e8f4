/**
 * The reports dashboard (decisions 0023 and 0056), in both languages: a shopper places a cash-on-delivery order at
 * checkout, and the manager's dashboard shows that day's sale: today's orders and revenue include it, today's best
 * sellers list the size bought; over days of the manager's own (yesterday and today) each figure stands beside the two
 * days before, and the best sellers' and the cash confirmations' CSV files of those days download with it.
 *
 * Today's figures are the whole shop's: other journeys may sell at the same time, so the page is checked against the
 * API's figures read beside it (the same SQL), after checking those include this order.
 */
import { readFile } from 'node:fs/promises';
import type { BrowserContext, Page } from '@playwright/test';
import { CASH_CONFIRMATION_FIGURES, type Order, type Product, type ReportsDashboard } from '@attar/contract';
import { shopDay } from '@attar/contract/rules';
import { adminContext, adminMoney, adminNumber, adminText, signIn } from '../support/admin';
import { productName } from '../support/api';
import { expect, test as base } from '../support/fixtures';
import { ALL_LANGS } from '../support/locales';
import { asShopper, openSignedIn, randomClientAddress, saveAddress, signUp } from '../support/shoppers';
import { asOwner, newStaffMember } from '../support/staff';
import { checkoutSummary, expectAddressChosen } from '../support/storefront';

const test = base.extend<{ clientAddress: string }>({
  clientAddress: async ({}, use) => use(randomClientAddress()),
  context: async ({ context, clientAddress }, use) => {
    await context.setExtraHTTPHeaders({ 'X-Forwarded-For': clientAddress });
    await use(context);
  },
});

const UNITS = 2;
const todaysFigures = () => asOwner<ReportsDashboard>('GET', '/api/staff/reports/dashboard/?period=today');

for (const lang of ALL_LANGS) {
  test.describe(`the reports dashboard, ${lang.code}`, () => {
    test.describe.configure({ mode: 'serial' });
    // The staff journeys run once per language, on a desktop screen.

    const text = (key: Parameters<typeof adminText>[1], values: Record<string, string | number> = {}) => adminText(lang, key, values);
    let product: Product;
    let order: Order;
    let before: ReportsDashboard;
    let staff: BrowserContext;
    let admin: Page;

    test.beforeAll(async ({ browser }) => {
      staff = await adminContext(browser, lang);
      admin = await staff.newPage();
    });
    test.afterAll(async () => {
      await staff.close();
    });

    test('a shopper places a cash-on-delivery order at checkout', async ({ page, request, catalogue }) => {
      // Each language buys its own perfume, so the two journeys' best-seller rows stay apart.
      const candidates = catalogue.products.filter((p) => p.availability === 'available' && p.stock >= 20 && p.price < 600);
      product = candidates[lang.code === 'en' ? 0 : 1]!;
      before = await todaysFigures();

      const shopper = await signUp(request);
      await saveAddress(request, shopper, '4 Report Street');
      await asShopper(request, shopper, 'post', '/api/cart-products/', { product: product.id, quantity: UNITS });
      await openSignedIn(page, lang, shopper, '/checkout');
      await expectAddressChosen(page, lang);
      await checkoutSummary(page, lang)
        .getByRole('button', { name: lang.t('checkout.placeOrder') })
        .click();
      await expect(page.getByRole('heading', { level: 1, name: lang.t('checkout.result.placedTitle') })).toBeVisible();
      const number = new URL(page.url()).searchParams.get('order_id')!;
      order = await asShopper<Order>(request, shopper, 'get', `/api/orders/order_number/?number=${number}`);
    });

    test('the manager’s dashboard counts it in today’s orders, revenue and best sellers', async () => {
      await signIn(admin, lang, await newStaffMember('manager', `Report Manager ${lang.code}`));
      await admin.getByRole('link', { name: text('navDashboard'), exact: true }).click();
      await expect(admin.getByRole('heading', { level: 1, name: text('dashboardTitle') })).toBeVisible();
      await admin.getByRole('link', { name: text('reportPeriod_today'), exact: true }).click();
      const today = admin.getByTestId('sales');
      const byUnits = admin.getByRole('region', { name: text('bestSellersTitle') }).getByRole('region', { name: text('bestByUnits') });

      await expect(async () => {
        await admin.reload();
        const now = await todaysFigures();
        const { sales } = now;
        // The order is in today's sales: one more order, its total more revenue, its units more of its size.
        expect(sales.orders).toBeGreaterThanOrEqual(before.sales.orders + 1);
        expect(sales.revenue).toBeGreaterThanOrEqual(before.sales.revenue + order.total);
        const row = now.best_sellers.by_units.find((seller) => seller.product === product.id);
        expect(row?.units ?? 0).toBeGreaterThanOrEqual(UNITS);
        // …and the page shows those figures, written the back office's way.
        await expect(today.getByTestId('figure-salesOrders').getByTestId('current')).toHaveText(adminNumber(lang, sales.orders), {
          timeout: 2000,
        });
        await expect(today.getByTestId('figure-salesRevenue').getByTestId('current')).toHaveText(adminMoney(lang, sales.revenue), {
          timeout: 2000,
        });
        // The size the API counted: other journeys may have sold another size of the same perfume today.
        const shown = byUnits
          .getByRole('row')
          .filter({ hasText: productName(product, lang.code) })
          .filter({ hasText: row!.sku ?? '' });
        await expect(shown).toContainText(adminNumber(lang, row!.units), { timeout: 2000 });
        await expect(shown).toContainText(adminMoney(lang, row!.revenue), { timeout: 2000 });
      }).toPass({ timeout: 20_000 });
    });

    test('days of the manager’s own stand beside the same number of days before', async () => {
      const [from, to] = [shopDay(1), shopDay(0)];
      await admin.getByLabel(text('dateFrom'), { exact: true }).fill(from);
      await admin.getByLabel(text('dateTo'), { exact: true }).fill(to);
      await admin.getByRole('button', { name: text('reportRangeShow') }).click();
      await expect(admin).toHaveURL(new RegExp(`from=${from}&to=${to}`));
      await expect(admin.getByRole('link', { name: text('reportPeriod_today'), exact: true })).not.toHaveAttribute('aria-current');
      const orders = admin.getByTestId('sales').getByTestId('figure-salesOrders');
      await expect(async () => {
        await admin.reload();
        const figures = await asOwner<ReportsDashboard>('GET', `/api/staff/reports/dashboard/?from=${from}&to=${to}`);
        expect(figures.previous).toMatchObject({ from: shopDay(3), to: shopDay(2) });
        await expect(orders.getByTestId('current')).toHaveText(adminNumber(lang, figures.sales.orders), { timeout: 2000 });
        await expect(orders.getByTestId('previous')).toContainText(adminNumber(lang, figures.previous.orders), { timeout: 2000 });
      }).toPass({ timeout: 20_000 });
      // The charts draw the days before as a line over the range's bars, named in the legend.
      for (const chart of ['chart-orders', 'chart-revenue']) {
        await expect(admin.getByTestId(chart).locator('.recharts-legend-wrapper')).toContainText(text('chartPreviousRange'));
        await expect(admin.getByTestId(chart).locator('.recharts-line')).toHaveCount(1);
      }
    });

    test('the best sellers’ CSV of those days downloads with the size sold today', async () => {
      const csvLink = admin.getByRole('link', { name: text('downloadCsvNamed', { name: text('bestSellersTitle') }) });
      await expect(csvLink).toHaveAttribute('href', `/api/staff/reports/best-sellers.csv?from=${shopDay(1)}&to=${shopDay(0)}`);
      const download = admin.waitForEvent('download');
      await admin.getByRole('link', { name: text('downloadCsvNamed', { name: text('bestSellersTitle') }) }).click();
      const csv = await readFile((await (await download).path())!, 'utf8');
      expect(csv.startsWith('\uFEFFproduct,name_en,name_ar,ml,sku,units,revenue\r\n')).toBe(true);
      expect(csv).toContain(`${product.slug},`);
    });

    test('the cash confirmations’ CSV of those days says what the screen says, governorate by governorate', async () => {
      const [from, to] = [shopDay(1), shopDay(0)];
      const name = text('downloadCsvNamed', { name: text('cashConfirmationsTitle') });
      await expect(admin.getByRole('link', { name })).toHaveAttribute(
        'href',
        `/api/staff/reports/cash-confirmations.csv?from=${from}&to=${to}`,
      );
      // Other journeys may ask their shoppers meanwhile: the file is compared with the figures read beside it.
      await expect(async () => {
        const download = admin.waitForEvent('download');
        await admin.getByRole('link', { name }).click();
        const csv = await readFile((await (await download).path())!, 'utf8');
        const figures = await asOwner<ReportsDashboard>('GET', `/api/staff/reports/dashboard/?from=${from}&to=${to}`);
        expect(csv).toBe(
          [
            `\uFEFFgovernorate_en,governorate_ar,${CASH_CONFIRMATION_FIGURES.join(',')}`,
            ...figures.cash_confirmations.map((row) =>
              [row.region.name_en, row.region.name_ar, ...CASH_CONFIRMATION_FIGURES.map((figure) => row[figure])].join(','),
            ),
            '',
          ].join('\r\n'),
        );
      }).toPass({ timeout: 20_000 });
    });
  });
}
