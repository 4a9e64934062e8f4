/**
 * The back office's customers (decisions 0022 and 0034), in both languages: staff enter an in-store receipt from the
 * till's paper (and the till's CSV, refused whole for one bad line, then imported) and get the claim code the shop
 * made for it, a shopper claims it on the storefront with that code and sees its points, and the receipts list
 * shows it claimed by them; a manager finds that shopper by mobile, adjusts their points with a reason and sees the
 * ledger row, then deactivates the account (confirmed in a dialog), which ends the shopper's session at once.
 *
 * One journey per language, in steps that run in order (serial mode: a step that fails skips the ones after it).
 */
import type { BrowserContext, Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { ALL_LANGS, type Lang } from '../support/locales';
import { toShopInput } from '../../apps/admin/src/lib/shop-time';
import { adminContext, adminText, signIn } from '../support/admin';
import { createStaffMember, demoOwner } from '../support/staff';
import { openSignedIn, signUp, type Shopper } from '../support/shoppers';
import { priceText, toast } from '../support/storefront';
import { ADMIN_URL, API_URL } from '../support/urls';

type AdminKey = Parameters<typeof adminText>[1];

/** A number as the back office writes it: "123" in English, "١٢٣" in Arabic. */
const adminNumber = (lang: Lang, value: number) => new Intl.NumberFormat(`${lang.code}-EG`).format(value);

/** A claim code as the shop makes it: ten letters and digits without look-alikes, XXXXX-XXXXX. */
const SHOP_CODE = /[A-HJ-NP-Z2-9]{5}-[A-HJ-NP-Z2-9]{5}/;

for (const lang of ALL_LANGS) {
  test.describe(`the back office’s customers, ${lang.code}`, () => {
    test.describe.configure({ mode: 'serial' });
    // The staff journeys run once per language, on a desktop screen.

    const stamp = `${lang.code}-${Date.now().toString(36)}`.toUpperCase();
    // The claim code is the shop's: read from the back office once the receipt is saved.
    const receipt = { number: `E2E-${stamp}`, claimCode: '', total: 1234.5, points: 123 };
    const text = (key: AdminKey, values: Record<string, string | number> = {}) => adminText(lang, key, values);
    let staff: BrowserContext;
    let admin: Page;
    let shopper: Shopper;
    const field = (key: AdminKey) => admin.getByLabel(text(key), { exact: true });
    const adminToast = (key: AdminKey, values: Record<string, string | number> = {}) =>
      admin.getByRole('status').filter({ hasText: text(key, values) });

    test.afterAll(async () => {
      await staff?.close();
    });

    test('staff enter an in-store receipt from the till’s paper', async ({ browser }) => {
      staff = await adminContext(browser, lang);
      admin = await staff.newPage();
      await signIn(admin, lang, demoOwner());
      await admin.getByRole('link', { name: text('navReceipts'), exact: true }).click();
      await expect(admin.getByRole('heading', { level: 1, name: text('receiptsTitle') })).toBeVisible();
      const form = admin.getByRole('region', { name: text('enterReceipt'), exact: true });

      // No claim code to type: the shop makes it and shows it once, to be printed.
      await expect(form.getByLabel(text('receiptClaimCode'), { exact: true })).toHaveCount(0);
      await field('receiptNumber').fill(receipt.number);
      await field('receiptSoldAt').fill(toShopInput(new Date(Date.now() - 3_600_000)));
      await field('receiptTotal').fill(String(receipt.total));
      await form.getByRole('button', { name: text('saveReceipt') }).click();
      await expect(adminToast('receiptSaved', { number: receipt.number, count: receipt.points })).toBeVisible();
      const codes = admin.getByRole('region', { name: text('claimCodesTitle'), exact: true });
      const codeRow = codes.getByRole('row').filter({ hasText: receipt.number });
      await expect(codeRow).toContainText(SHOP_CODE);
      receipt.claimCode = SHOP_CODE.exec(await codeRow.innerText())![0];
      await expect(codes.getByRole('button', { name: text('printClaimCodes'), exact: true })).toBeVisible();
      const row = admin.getByTestId('receipt-row').filter({ hasText: receipt.number });
      await expect(row).toContainText(text('receiptState_unclaimed'));
      await expect(row).toContainText(adminNumber(lang, receipt.points));
    });

    test('the till’s CSV with a bad line saves nothing and names the line; corrected, it is imported', async () => {
      const importer = admin.getByRole('region', { name: text('importReceipts'), exact: true });
      const numbers = [`TILL-${stamp}-1`, `TILL-${stamp}-2`];
      const upload = async (lines: string[]) => {
        await importer.getByLabel(text('receiptFile')).setInputFiles({
          name: 'till.csv',
          mimeType: 'text/csv',
          buffer: Buffer.from(['number,date,total', ...lines].join('\r\n')),
        });
        await importer.getByRole('button', { name: text('importFile'), exact: true }).click();
      };
      await upload([`${numbers[0]},2025-11-20 10:15,250`, `${receipt.number},2025-11-20 10:16,99.5`]);
      const problems = importer.getByTestId('import-problem');
      await expect(problems).toHaveCount(1);
      await expect(problems.first()).toContainText(adminNumber(lang, 3));
      await expect(problems.first()).toContainText('number');
      await expect(admin.getByTestId('receipt-row').filter({ hasText: numbers[0]! })).toHaveCount(0);

      await upload([`${numbers[0]},2025-11-20 10:15,250`, `${numbers[1]},2025-11-20 10:16,99.5`]);
      await expect(adminToast('receiptsImported', { count: 2 })).toBeVisible();
      // The shop's code for each imported receipt, to be printed.
      const codes = admin.getByRole('region', { name: text('claimCodesTitle'), exact: true });
      for (const number of numbers) await expect(codes.getByRole('row').filter({ hasText: number })).toContainText(SHOP_CODE);
      await expect(problems).toHaveCount(0);
      // The list applies what is typed once typing pauses: no button to press.
      await admin.getByRole('searchbox', { name: text('search') }).fill(`TILL-${stamp}`);
      await expect(admin.getByTestId('receipt-row')).toHaveCount(2);
    });

    test('a shopper claims it on the storefront with the shop’s code, and the points appear', async ({ page, request }) => {
      shopper = await signUp(request, `Receipt Claimer ${stamp}`);
      await openSignedIn(page, lang, shopper, '/profile');
      const main = page.getByRole('main');
      const claim = main.getByRole('region', { name: lang.t('orders.inStore.title'), exact: true });
      await claim.getByLabel(lang.t('orders.inStore.number'), { exact: true }).fill(receipt.number.toLowerCase());
      await claim.getByLabel(lang.t('orders.inStore.claimCode'), { exact: true }).fill(receipt.claimCode);
      await claim.getByRole('button', { name: lang.t('orders.inStore.find'), exact: true }).click();
      const shown = claim.getByRole('region', { name: lang.t('orders.inStore.receipt', { number: receipt.number }), exact: true });
      await expect(shown).toContainText(priceText(lang, receipt.total));
      await expect(shown).toContainText(lang.t('orders.inStore.claimedNo'));
      await shown.getByRole('button', { name: lang.t('orders.inStore.claim'), exact: true }).click();
      await expect(toast(page, 'success', lang.number(receipt.points))).toBeVisible();
      const points = main.getByRole('region', { name: lang.t('account.profile.points'), exact: true });
      await expect(points.getByRole('row').filter({ hasText: receipt.number })).toContainText(
        lang.t('account.profile.reasons.in_store_order'),
      );

      // The back office's list shows it claimed, by them.
      await admin.goto(`${ADMIN_URL}/receipts?q=${receipt.number}`);
      const row = admin.getByTestId('receipt-row').filter({ hasText: receipt.number });
      await expect(row).toContainText(text('receiptState_claimed'));
      await expect(row).toContainText(shopper.user.name);
    });

    test('a manager finds the shopper by mobile and adjusts their points with a reason; the ledger shows it', async ({ browser }) => {
      await staff.close();
      staff = await adminContext(browser, lang);
      admin = await staff.newPage();
      const managerName = `Manager ${stamp}`;
      await signIn(admin, lang, await createStaffMember('manager', managerName));
      await admin.getByRole('link', { name: text('navCustomers'), exact: true }).click();
      await expect(admin.getByRole('heading', { level: 1, name: text('customersTitle') })).toBeVisible();
      await admin.getByRole('searchbox', { name: text('search') }).fill(shopper.user.phone!.replace('+20', '0'));
      await expect(admin.getByTestId('customer-row')).toHaveCount(1);
      await admin.getByRole('link', { name: shopper.user.name }).click();
      await expect(admin.getByRole('heading', { level: 1, name: shopper.user.name })).toBeVisible();
      await expect(admin.getByTestId('points-balance')).toHaveText(adminNumber(lang, receipt.points));

      const reason = lang.code === 'ar' ? 'تعويض عن تأخير التوصيل' : 'Sorry for the late delivery';
      await admin.getByRole('button', { name: text('adjustPoints'), exact: true }).click();
      const dialog = admin.getByRole('dialog');
      await dialog.getByLabel(text('pointsChange')).fill('50');
      await dialog.getByLabel(text('pointsNote')).fill(reason);
      await dialog.getByRole('button', { name: text('saveAdjustment') }).click();
      await expect(adminToast('pointsAdjusted', { count: adminNumber(lang, receipt.points + 50) })).toBeVisible();
      await expect(dialog).toBeHidden();
      await expect(admin.getByTestId('points-balance')).toHaveText(adminNumber(lang, receipt.points + 50));
      const entry = admin.getByTestId('points-entry').first();
      await expect(entry).toContainText(`+${adminNumber(lang, 50)}`);
      await expect(entry).toContainText(text('pointsReason_manual_adjustment'));
      await expect(entry).toContainText(reason);
      await expect(entry).toContainText(managerName);
      await expect(admin.getByTestId('points-entry').nth(1)).toContainText(text('pointsReason_in_store_order'));
    });

    test('the manager deactivates the account after confirming, which ends the shopper’s session at once', async ({ request }) => {
      const me = () => request.get(`${API_URL}/api/users/me/`, { headers: { Authorization: `Token ${shopper.token}` } });
      expect((await me()).status()).toBe(200);
      await admin.getByRole('button', { name: text('deactivateCustomer'), exact: true }).click();
      const dialog = admin.getByRole('dialog');
      await expect(dialog).toContainText(text('deactivateExplain'));
      await dialog.getByRole('button', { name: text('deactivateCustomer'), exact: true }).click();
      await expect(adminToast('customerDeactivated')).toBeVisible();
      await expect(admin.getByText(text('customerState_inactive'), { exact: true })).toBeVisible();
      expect((await me()).status()).toBe(401);

      await admin.getByRole('button', { name: text('reactivateCustomer'), exact: true }).click();
      await admin
        .getByRole('dialog')
        .getByRole('button', { name: text('reactivateCustomer'), exact: true })
        .click();
      await expect(adminToast('customerReactivated')).toBeVisible();
      await expect(admin.getByText(text('customerState_active'), { exact: true })).toBeVisible();
    });
  });
}
