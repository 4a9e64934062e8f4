/**
 * The courier hand-off on a phone (390 px), in both languages: a member finds a packed order from the board, hands it
 * to a courier with the tracking number, and marks it delivered with the cash collected, without the page ever
 * scrolling sideways.
 */
import type { Page } from '@playwright/test';
import type { Order } from '@attar/contract';
import { adminText, signIn } from '../support/admin';
import { expect, test } from '../support/fixtures';
import { ALL_LANGS } from '../support/locales';
import { asShopper, placeCashOrder } from '../support/shoppers';
import { demoOwner, staffAction } from '../support/staff';

const fitsTheScreen = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth);

test.describe('the back office on a phone', { tag: '@phone' }, () => {
  // The courier hand-off is the back office’s phone journey.

  for (const lang of ALL_LANGS) {
    test(`${lang.code}: a packed order is handed to a courier and delivered with the cash collected`, async ({ page, request }) => {
      const { shopper, order } = await placeCashOrder(request, { name: 'Phone Tester', street: '12 Handover Street' });
      await staffAction(order.id, 'confirm');
      await staffAction(order.id, 'pack');

      await page.context().addInitScript((code) => window.localStorage.setItem('attar-admin-locale', code), lang.code);
      await signIn(page, lang, demoOwner());
      expect(await fitsTheScreen(page)).toBe(true);
      // Enter applies the search at once (typing alone waits for a pause): the rows clicked next are its own.
      const search = page.getByRole('searchbox', { name: adminText(lang, 'search') });
      await search.fill(order.order_number);
      await search.press('Enter');
      await expect(page).toHaveURL(/[?&]q=/);
      // On a phone the board is a list of cards (the table is hidden).
      await page.getByRole('listitem').filter({ hasText: order.order_number }).getByRole('link', { name: order.order_number }).click();
      await expect(page.getByRole('heading', { name: adminText(lang, 'orderTitle', { number: order.order_number }) })).toBeVisible();
      expect(await fitsTheScreen(page)).toBe(true);

      await page.getByRole('button', { name: adminText(lang, 'actionShip') }).click();
      const ship = page.getByRole('dialog');
      const box = (await ship.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(390);
      await ship.getByLabel(adminText(lang, 'courier')).fill('Mylerz');
      await ship.getByLabel(adminText(lang, 'trackingNumber')).fill(`MYL-${order.id}`);
      await ship.getByRole('button', { name: adminText(lang, 'actionShip') }).click();
      await expect(page.getByRole('status').filter({ hasText: adminText(lang, 'status_shipped') })).toBeVisible();

      await page.getByRole('button', { name: adminText(lang, 'actionDeliver') }).click();
      const deliver = page.getByRole('dialog');
      await expect(deliver.getByLabel(adminText(lang, 'cashCollected'))).toHaveValue(String(order.total));
      await deliver.getByRole('button', { name: adminText(lang, 'actionDeliver') }).click();
      await expect(page.getByRole('status').filter({ hasText: adminText(lang, 'status_delivered') })).toBeVisible();
      expect(await fitsTheScreen(page)).toBe(true);

      const mine = await asShopper<Order>(request, shopper, 'get', `/api/orders/order_number/?number=${order.order_number}`);
      expect(mine).toMatchObject({ status: 'delivered', courier: { name: 'Mylerz', tracking_number: `MYL-${order.id}` } });
    });
  }
});
