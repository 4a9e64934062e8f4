/**
 * The back office (apps/admin, served by the API at /admin/), in both languages: the owner adds a fulfilment member
 * who sets a password from the one-time link, turns on two-step sign-in and signs in with a code; that member cannot
 * open staff management; the owner resets the member's lost authenticator; an order placed by a shopper is confirmed, packed with its printed slip, handed to a courier
 * (the shopper then sees the tracking number) and delivered with the cash collected, and the shopper's points arrive.
 */
import type { PointsResponse } from '@attar/contract';
import { currentStep, totpAt } from '../../apps/api/src/staff/totp';
import { expect, test } from '../support/fixtures';
import { ALL_LANGS } from '../support/locales';
import { asShopper, openSignedIn, placeCashOrder } from '../support/shoppers';
import { adminContext, adminText, signIn } from '../support/admin';
import { demoOwner } from '../support/staff';
import { ADMIN_URL } from '../support/urls';

test.describe('the back office', () => {
  // The staff journeys run once per language, on a desktop screen.

  for (const lang of ALL_LANGS) {
    test(`${lang.code}: the owner adds a fulfilment member, who signs in with a password and an authenticator code`, async ({
      browser,
    }) => {
      // Two browsers, four sign-ins and a password set: about 30 s on a busy two-core machine.
      test.slow();
      const owner = await adminContext(browser, lang);
      const page = await owner.newPage();
      await signIn(page, lang, demoOwner());
      await page.getByRole('link', { name: adminText(lang, 'navStaff') }).click();
      await page.getByRole('button', { name: adminText(lang, 'addStaff') }).click();
      const email = `packer.${lang.code}.${Date.now()}@attar.test`;
      const dialog = page.getByRole('dialog', { name: adminText(lang, 'addStaff') });
      await dialog.getByLabel(adminText(lang, 'email')).fill(email);
      await dialog.getByLabel(adminText(lang, 'name')).fill('Karim');
      await dialog.getByLabel(adminText(lang, 'role')).selectOption('fulfilment');
      await dialog.getByRole('button', { name: adminText(lang, 'create') }).click();
      const link = (await page.getByTestId('password-link').textContent())!.trim();
      expect(link).toContain('/admin/set-password?token=');
      await expect(page.getByRole('row').filter({ hasText: email })).toContainText(adminText(lang, 'role_fulfilment'));

      const member = await adminContext(browser, lang);
      const memberPage = await member.newPage();
      const password = 'packing-every-day-2026';
      await memberPage.goto(link.replace(/^https?:\/\/[^/]+/, new URL(ADMIN_URL).origin));
      await memberPage.getByLabel(adminText(lang, 'newPassword')).fill(password);
      await memberPage.getByLabel(adminText(lang, 'repeatPassword')).fill(password);
      await memberPage.getByRole('button', { name: adminText(lang, 'setPassword') }).click();
      await expect(memberPage.getByText(adminText(lang, 'passwordSet'))).toBeVisible();

      await signIn(memberPage, lang, { email, password });
      // Fulfilment sees no staff management, and the address alone does not open it.
      await expect(memberPage.getByRole('link', { name: adminText(lang, 'navStaff') })).toHaveCount(0);
      await memberPage.goto(`${ADMIN_URL}/staff`);
      await expect(memberPage.getByText(adminText(lang, 'noAccess'))).toBeVisible();

      await memberPage.getByRole('link', { name: adminText(lang, 'navTwoStep') }).click();
      await memberPage.getByRole('button', { name: adminText(lang, 'twoStepStart') }).click();
      const secret = (await memberPage.getByTestId('totp-secret').textContent())!.replace(/\s/g, '');
      const step = currentStep();
      await memberPage.getByLabel(adminText(lang, 'totpCode')).fill(totpAt(secret, step));
      await memberPage.getByRole('button', { name: adminText(lang, 'twoStepConfirm') }).click();
      await expect(memberPage.getByText(adminText(lang, 'twoStepDone'))).toBeVisible();
      await memberPage.getByRole('button', { name: adminText(lang, 'signOut'), exact: true }).click();
      await expect(memberPage.getByRole('heading', { name: adminText(lang, 'signInTitle') })).toBeVisible();

      // From now on the code is asked for; the one used to turn it on is spent, the next one works.
      await signIn(memberPage, lang, { email, password }, () => totpAt(secret, step + 1));

      // The member loses their phone: the owner resets two-step sign-in, which ends their session; the password alone
      // signs them in again, to set up a new app.
      await page.reload();
      const memberRow = page.getByRole('row').filter({ hasText: email });
      await memberRow.getByRole('button', { name: adminText(lang, 'resetTwoStep') }).click();
      const confirm = page.getByRole('dialog', { name: adminText(lang, 'resetTwoStepTitle', { name: 'Karim' }) });
      await confirm.getByRole('button', { name: adminText(lang, 'resetTwoStep') }).click();
      await expect(page.getByRole('status').filter({ hasText: adminText(lang, 'twoStepReset', { name: 'Karim' }) })).toBeVisible();
      await expect(memberRow).toContainText(adminText(lang, 'off'));
      await memberPage.reload();
      await expect(memberPage.getByRole('heading', { name: adminText(lang, 'signInTitle') })).toBeVisible();
      await signIn(memberPage, lang, { email, password });
      await owner.close();
      await member.close();
    });

    test(`${lang.code}: an order is confirmed, packed with its slip, handed to a courier the shopper sees, and delivered`, async ({
      browser,
      page,
      request,
    }) => {
      const { shopper, order } = await placeCashOrder(request, { name: 'Board Tester', street: '3 Courier Lane' });

      const staff = await adminContext(browser, lang);
      const admin = await staff.newPage();
      await signIn(admin, lang, demoOwner());
      // Enter applies the search at once (typing alone waits for a pause): the rows clicked next are its own.
      const search = admin.getByRole('searchbox', { name: adminText(lang, 'search') });
      await search.fill(order.order_number);
      await search.press('Enter');
      await expect(admin).toHaveURL(/[?&]q=/);
      const row = admin.getByTestId('order-row').filter({ hasText: order.order_number });
      await expect(row).toContainText(adminText(lang, 'status_placed'));
      await row.getByRole('link', { name: order.order_number }).click();
      await expect(admin.getByRole('heading', { name: adminText(lang, 'orderTitle', { number: order.order_number }) })).toBeVisible();

      await admin.getByRole('button', { name: adminText(lang, 'actionConfirm'), exact: true }).click();
      await expect(admin.getByRole('status').filter({ hasText: adminText(lang, 'status_confirmed') })).toBeVisible();
      // The packing slip: its own page, in the document's language, with the order number as a QR code and a barcode.
      const [slip] = await Promise.all([
        staff.waitForEvent('page'),
        admin.getByRole('link', { name: adminText(lang, 'printSlip') }).click(),
      ]);
      await expect(slip.getByRole('heading', { name: adminText(lang, 'slipNumber', { number: order.order_number }) })).toBeVisible();
      await expect(slip.getByRole('img', { name: order.order_number, exact: true })).toBeVisible();
      await expect(slip.getByRole('img', { name: adminText(lang, 'orderBarcode', { number: order.order_number }) })).toBeVisible();
      await expect(slip.getByText('3 Courier Lane')).toBeVisible();
      // Each line names the size to take from the shelf.
      const [line] = order.items;
      const ml = new Intl.NumberFormat(`${lang.code}-EG`).format(line!.size_ml!);
      await expect(slip.getByRole('cell', { name: adminText(lang, 'sizeMl', { ml }) })).toContainText(
        lang.code === 'ar' ? line!.product_obj!.name_ar : line!.product_obj!.name_en,
      );
      // The invoice on an 80 mm roll: every figure keeps a gap from the next, so "2" and "275.00" never read "2275.00".
      await slip.getByLabel(adminText(lang, 'documentKind')).selectOption('invoice');
      await slip.getByLabel(adminText(lang, 'paper')).selectOption('80mm');
      await expect(slip.getByRole('columnheader', { name: adminText(lang, 'unitPrice') })).toBeVisible();
      const gaps = await slip.locator('table tr').evaluateAll((rows) =>
        rows.flatMap((row) => {
          const texts = [...row.children].flatMap((cell) => {
            const range = document.createRange();
            range.selectNodeContents(cell);
            const box = range.getBoundingClientRect();
            return box.width > 0 ? [box] : [];
          });
          return texts.slice(1).map((box, index) => Math.max(box.left - texts[index]!.right, texts[index]!.left - box.right));
        }),
      );
      expect(Math.min(...gaps)).toBeGreaterThanOrEqual(4);
      await slip.close();
      await admin.getByRole('button', { name: adminText(lang, 'actionPack'), exact: true }).click();
      await expect(admin.getByRole('status').filter({ hasText: adminText(lang, 'status_packed') })).toBeVisible();

      await admin.getByRole('button', { name: adminText(lang, 'actionShip') }).click();
      const ship = admin.getByRole('dialog');
      await ship.getByLabel(adminText(lang, 'courier')).fill('Bosta');
      const tracking = `BST-${order.id}-${lang.code}`;
      await ship.getByLabel(adminText(lang, 'trackingNumber')).fill(tracking);
      await ship.getByRole('button', { name: adminText(lang, 'actionShip') }).click();
      await expect(admin.getByRole('status').filter({ hasText: adminText(lang, 'status_shipped') })).toBeVisible();

      // The shopper sees who carries it and its tracking number in their order history.
      await openSignedIn(page, lang, shopper, '/profile');
      const card = page.getByRole('article', {
        name: lang.t('orders.history.order', { number: order.order_number }).replace(/<\/?\w+>/g, ''),
      });
      await card.getByRole('button', { name: lang.t('orders.history.showDetails'), exact: true }).click();
      await expect(card).toContainText(tracking);
      await expect(card).toContainText('Bosta');

      await admin.getByRole('button', { name: adminText(lang, 'actionDeliver') }).click();
      const deliver = admin.getByRole('dialog');
      await expect(deliver.getByLabel(adminText(lang, 'cashCollected'))).toHaveValue(String(order.total));
      await deliver.getByRole('button', { name: adminText(lang, 'actionDeliver') }).click();
      await expect(admin.getByRole('status').filter({ hasText: adminText(lang, 'status_delivered') })).toBeVisible();
      // The timeline names who did each step.
      await expect(admin.getByRole('region', { name: adminText(lang, 'timeline') })).toContainText(
        adminText(lang, 'byStaff', { name: 'Demo owner' }),
      );
      const points = await asShopper<PointsResponse>(request, shopper, 'get', '/api/users/points/');
      expect(points.points).toBe(order.points_earned);
      await staff.close();
    });
  }
});
