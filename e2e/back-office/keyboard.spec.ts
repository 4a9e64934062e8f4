/**
 * The back office from the keyboard, in both languages: a fulfilment member finds a shopper's order by typing its
 * number into the finder (Ctrl+K), opens it with Enter, confirms it, and finds the shortcuts' list on `?`; the finder
 * offers them no customer or catalogue screens.
 */
import { adminContext, adminText, signIn } from '../support/admin';
import { expect, test } from '../support/fixtures';
import { ALL_LANGS } from '../support/locales';
import { placeCashOrder } from '../support/shoppers';
import { newStaffMember } from '../support/staff';

test.describe('the back office from the keyboard', () => {
  for (const lang of ALL_LANGS) {
    test(`${lang.code}: a fulfilment member finds an order by its number, opens and confirms it without the mouse`, async ({
      browser,
      request,
    }) => {
      const { order } = await placeCashOrder(request, { name: `Keys Shopper ${lang.code}`, street: '4 Keyboard Street' });

      const staff = await adminContext(browser, lang);
      const admin = await staff.newPage();
      await signIn(admin, lang, await newStaffMember('fulfilment', `Packer ${lang.code.toUpperCase()}`));
      await admin.keyboard.press('Control+K');
      const finder = admin.getByRole('combobox', { name: adminText(lang, 'paletteTitle') });
      await expect(finder).toBeFocused();
      await finder.pressSequentially(order.order_number);
      await expect(admin.getByRole('option', { name: new RegExp(order.order_number) })).toHaveAttribute('aria-selected', 'true');
      await admin.keyboard.press('Enter');
      await expect(admin.getByRole('heading', { name: adminText(lang, 'orderTitle', { number: order.order_number }) })).toBeVisible();

      // The order's own actions are buttons: Tab reaches Confirm, Enter presses it.
      await admin.getByRole('button', { name: adminText(lang, 'actionConfirm'), exact: true }).focus();
      await admin.keyboard.press('Enter');
      await expect(admin.getByRole('status').filter({ hasText: adminText(lang, 'status_confirmed') })).toBeVisible();

      // A screen by its name, in either language; nothing the role may not open.
      await admin.keyboard.press('/');
      const typed = lang.code === 'ar' ? 'العملاء' : 'customers';
      await finder.pressSequentially(typed);
      await expect(admin.getByRole('status').filter({ hasText: adminText(lang, 'paletteNothing', { text: typed }) })).toBeVisible();
      await admin.keyboard.press('Escape');
      await expect(finder).toBeHidden();
      await admin.keyboard.press('?');
      await expect(admin.getByRole('dialog', { name: adminText(lang, 'shortcutsTitle') })).toBeVisible();
      await staff.close();
    });
  }
});
