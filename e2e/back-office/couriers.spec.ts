/**
 * The couriers screen in both languages, over the API's Bosta stand-in (demo mode): a confirmed order chosen and handed
 * over to Bosta gets its tracking number from the job queue, its waybill prints as a PDF, and Bosta's settlement
 * statement is imported with its line for an undelivered order flagged.
 */
import type { StaffOrder } from '@attar/contract';
import { adminContext, adminText, signIn } from '../support/admin';
import { expect, test } from '../support/fixtures';
import { ALL_LANGS } from '../support/locales';
import { placeCashOrder } from '../support/shoppers';
import { asOwner, demoOwner, staffAction } from '../support/staff';
import { ADMIN_URL, API_URL } from '../support/urls';

test.describe('handing orders over to Bosta', () => {
  for (const lang of ALL_LANGS) {
    test(`${lang.code}: hand-over, waybill and settlement import`, async ({ browser, request }) => {
      const { order } = await placeCashOrder(request, { name: `Courier ${lang.code}${Date.now()}`, street: '12 Courier Street' });
      await staffAction(order.id, 'confirm');

      const staff = await adminContext(browser, lang);
      const admin = await staff.newPage();
      await signIn(admin, lang, demoOwner());
      await admin.getByRole('link', { name: adminText(lang, 'navCouriers') }).click();
      await expect(admin.getByRole('heading', { name: adminText(lang, 'couriersTitle'), level: 1 })).toBeVisible();
      await admin.getByRole('checkbox', { name: adminText(lang, 'selectOrder', { number: order.order_number }) }).check();
      await admin.getByRole('button', { name: adminText(lang, 'couriersHandOver') }).click();
      await expect(admin.getByText(adminText(lang, 'couriersQueued', { count: 1 }))).toBeVisible();

      // The job asks Bosta (its stand-in) and records the tracking number on the order.
      await expect
        .poll(async () => (await asOwner<StaffOrder>('GET', `/api/staff/orders/${order.id}/`)).courier_delivery?.status, {
          timeout: 30_000,
        })
        .toBe('created');
      const handed = await asOwner<StaffOrder>('GET', `/api/staff/orders/${order.id}/`);
      const tracking = handed.courier!.tracking_number;

      // The order page shows it, with its waybill.
      await admin.goto(`${ADMIN_URL}/orders/${order.id}`);
      await expect(admin.getByTestId('courier-delivery')).toContainText(tracking);
      const waybill = admin.getByRole('link', { name: adminText(lang, 'couriersWaybill') });
      const pdf = await admin.request.get(new URL((await waybill.getAttribute('href'))!, API_URL).toString());
      expect(pdf.status()).toBe(200);
      expect(pdf.headers()['content-type']).toContain('application/pdf');
      expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-');

      // Bosta's statement: the parcel is not delivered yet, so its line is flagged.
      await admin.goto(`${ADMIN_URL}/couriers`);
      const form = admin.getByRole('form', { name: adminText(lang, 'couriersSettlementTitle') });
      await form.getByLabel(adminText(lang, 'couriersSettlementFile')).setInputFiles({
        name: 'bosta-statement.csv',
        mimeType: 'text/csv',
        buffer: Buffer.from(`Tracking Number,COD,Fees,Net\n${tracking},${order.total},45,${order.total - 45}\n`),
      });
      await form.getByRole('button', { name: adminText(lang, 'couriersSettlementImport') }).click();
      await expect(admin.getByTestId('settlement-result')).toContainText(adminText(lang, 'couriersFlag_not_delivered'));
      await expect(admin.getByTestId('settlement-result')).toContainText(tracking);
      await staff.close();
    });
  }
});
