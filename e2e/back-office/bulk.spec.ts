/**
 * Bulk work on the orders board, in both languages: two orders selected together are confirmed, packed, handed to one
 * courier, each parcel's tracking number typed as a scanner sends it (ending with Enter), each shopper then seeing
 * their own tracking number, and marked delivered with the cash the courier brought back; two others are cancelled
 * together for one reason, after the board asks.
 */
import type { APIRequestContext, Browser } from '@playwright/test';
import type { Order, OrderStatus } from '@attar/contract';
import { formatMoney } from '../../apps/admin/src/lib/format';
import { adminContext, adminText, signIn } from '../support/admin';
import { expect, test } from '../support/fixtures';
import { ALL_LANGS, type Lang } from '../support/locales';
import { asShopper, placeCashOrder, type Shopper, wellStockedProduct } from '../support/shoppers';
import { demoOwner } from '../support/staff';

/**
 * Two cash orders by two new shoppers of one surname (`family`), and the board searched for them in `lang`, signed in
 * as the demo owner; `selectBoth()` ticks both.
 */
async function twoOrdersOnTheBoard(browser: Browser, request: APIRequestContext, lang: Lang, family: string) {
  const product = await wellStockedProduct(request);
  const placed: { shopper: Shopper; order: Order }[] = [];
  for (const first of ['Mona', 'Omar'])
    placed.push(await placeCashOrder(request, { name: `${first} ${family}`, street: '9 Parcel Street', product }));

  const staff = await adminContext(browser, lang);
  const admin = await staff.newPage();
  await signIn(admin, lang, demoOwner());
  // Enter applies the search at once (typing alone waits for a pause): the rows clicked next are its own.
  const search = admin.getByRole('searchbox', { name: adminText(lang, 'search') });
  await search.fill(family.toLowerCase());
  await search.press('Enter');
  await expect(admin).toHaveURL(/[?&]q=/);
  const rows = admin.getByTestId('order-row');
  await expect(rows).toHaveCount(2);
  const selectBoth = async () => {
    for (const { order } of placed) {
      await rows.getByRole('checkbox', { name: adminText(lang, 'selectOrder', { number: order.order_number }) }).check();
    }
  };
  const expectStatus = async (status: OrderStatus) => {
    for (const { order } of placed) {
      await expect(rows.filter({ hasText: order.order_number })).toContainText(adminText(lang, `status_${status}`));
    }
  };
  return { placed, staff, admin, selectBoth, expectStatus };
}

test.describe('bulk actions on the orders board', () => {
  // Taken at a desk: run once per language, on a desktop screen.

  for (const lang of ALL_LANGS) {
    test(`${lang.code}: two orders are confirmed, packed, handed to one courier with a tracking number each and delivered`, async ({
      browser,
      request,
    }) => {
      // One surname for both customers: the board's search by name finds the two orders and nothing else.
      const family = `Bulk${Date.now()}${lang.code}`;
      const { placed, staff, admin, selectBoth, expectStatus } = await twoOrdersOnTheBoard(browser, request, lang, family);

      await selectBoth();
      await admin.getByRole('button', { name: adminText(lang, 'bulkConfirm') }).click();
      await expectStatus('confirmed');
      await selectBoth();
      await admin.getByRole('button', { name: adminText(lang, 'bulkPack') }).click();
      await expectStatus('packed');

      await selectBoth();
      await admin.getByRole('button', { name: adminText(lang, 'bulkHandOver') }).click();
      const dialog = admin.getByRole('dialog');
      await dialog.getByLabel(adminText(lang, 'courier')).fill('Bosta');
      // The parcels are listed as the board lists them: newest first.
      const [newer, older] = [placed[1]!.order, placed[0]!.order];
      const [first, second] = [newer, older].map((order) => dialog.getByLabel(order.order_number));
      // The same number scanned twice is caught before anything is sent.
      await first!.fill('BST-SAME');
      await second!.fill('bst-same');
      await dialog.getByRole('button', { name: adminText(lang, 'actionShip') }).click();
      await expect(dialog.getByRole('alert')).toContainText(adminText(lang, 'errorTrackingTwice'));
      // A scanner types the number and Enter: the next parcel's field takes the next scan; the last Enter hands over.
      await first!.fill('');
      await first!.pressSequentially(`BST-${newer.id}`);
      await first!.press('Enter');
      await expect(second!).toBeFocused();
      await second!.fill('');
      await second!.pressSequentially(`BST-${older.id}`);
      await second!.press('Enter');
      await expect(dialog).toBeHidden();
      await expectStatus('shipped');

      for (const { shopper, order } of placed) {
        const mine = await asShopper<Order>(request, shopper, 'get', `/api/orders/order_number/?number=${order.order_number}`);
        expect(mine).toMatchObject({ status: 'shipped', courier: { name: 'Bosta', tracking_number: `BST-${order.id}` } });
      }

      // The courier brings back the cash of both, one short: each field starts at the amount due.
      await selectBoth();
      await admin.getByRole('button', { name: adminText(lang, 'bulkDeliver') }).click();
      const remittance = admin.getByRole('dialog', { name: adminText(lang, 'bulkDeliverTitle', { count: 2 }) });
      await expect(remittance.getByLabel(newer.order_number)).toHaveValue(String(newer.total));
      await remittance.getByLabel(newer.order_number).fill(String(newer.total - 5));
      await expect(remittance.getByTestId('remittance-total')).toHaveText(formatMoney(lang.code, newer.total + older.total - 5));
      await remittance.getByRole('button', { name: adminText(lang, 'actionDeliver') }).click();
      await expect(remittance).toBeHidden();
      await expectStatus('delivered');
      await staff.close();
    });

    test(`${lang.code}: two orders are cancelled together for one reason, after the board asks`, async ({ browser, request }) => {
      const family = `Cancel${Date.now()}${lang.code}`;
      const { placed, staff, admin, selectBoth, expectStatus } = await twoOrdersOnTheBoard(browser, request, lang, family);
      await selectBoth();
      await admin.getByRole('button', { name: adminText(lang, 'bulkCancel') }).click();
      const asked = admin.getByRole('dialog', { name: adminText(lang, 'bulkCancelTitle', { count: 2 }) });
      await asked.getByLabel(adminText(lang, 'reason')).fill('Courier strike');
      await asked.getByRole('button', { name: adminText(lang, 'bulkCancelSubmit', { count: 2 }) }).click();
      await expect(asked).toBeHidden();
      await expectStatus('cancelled');
      for (const { shopper, order } of placed) {
        const mine = await asShopper<Order>(request, shopper, 'get', `/api/orders/order_number/?number=${order.order_number}`);
        expect(mine.status).toBe('cancelled');
      }
      await staff.close();
    });
  }
});
