/**
 * The shopper's own account: on /profile the address book edits an address, deletes the default after a
 * confirmation (the newest remaining one becomes the default) and checkout then delivers to it; the e-mail changes
 * with the code sent to the new address, the data downloads as JSON, "sign out everywhere" ends this session too; the
 * account is deleted with the code sent to the shopper, after which logging in with it fails. Both languages. Each test comes from its
 * own client address: the API limits code sends per address.
 */
import { readFile } from 'node:fs/promises';
import type { Locator, Page } from '@playwright/test';
import type { Order, Product } from '@attar/contract';
import { findProduct } from '../support/api';
import { expect } from '../support/fixtures';
import { ALL_LANGS } from '../support/locales';
import { asShopper, codeSentTo, openSignedIn, outbox, saveAddress, SHOPPER_PASSWORD, signUp } from '../support/shoppers';
import { checkoutSummary, currentPath, savedAddresses, toast } from '../support/storefront';
import { API_URL } from '../support/urls';
import { testFromOwnAddress } from '../support/own-address';

const test = testFromOwnAddress;

/** A profile section by its heading. */
const section = (page: Page, title: string): Locator => page.getByRole('region', { name: title, exact: true });

/** A field by its label, as a screen reader names it. */
const field = (scope: Page | Locator, label: string) => scope.getByLabel(label, { exact: true });

for (const lang of ALL_LANGS) {
  test.describe(lang.code, () => {
    test('edits an address, deletes the default after confirming, and checks out with the new default', async ({
      page,
      request,
      catalogue,
    }) => {
      const shopper = await signUp(request);
      const first = await saveAddress(request, shopper, `1 First Street ${lang.code}`);
      const second = await saveAddress(request, shopper, `2 Second Street ${lang.code}`);
      expect(first.is_default).toBe(true);
      const product: Product = findProduct(
        catalogue,
        'an available perfume with stock',
        (p) => p.availability === 'available' && p.stock >= 20,
      );
      await asShopper(request, shopper, 'post', '/api/cart-products/', { product: product.id, quantity: 1 });

      await openSignedIn(page, lang, shopper, '/profile');
      const book = section(page, lang.t('account.addressBook.title'));
      await expect(book.getByRole('listitem')).toHaveCount(2);

      // Edit the second address: the same form as checkout's, filled with it.
      await book.getByRole('button', { name: lang.t('account.addressBook.editLabel', { street: second.street }) }).click();
      const form = book.getByRole('form', { name: lang.t('account.addressBook.editTitle') });
      const street = field(form, lang.t('account.fields.street'));
      await expect(street).toHaveValue(second.street);
      const edited = `22 Edited Street ${lang.code}`;
      await street.fill(edited);
      await field(form, `${lang.t('account.fields.landmark')} (${lang.t('checkout.optional')})`).fill('Opposite the park');
      await form.getByRole('button', { name: lang.t('checkout.saveAddress') }).click();
      await expect(toast(page, 'success', lang.t('checkout.addressSaved'))).toBeVisible();
      await expect(book.getByRole('listitem').filter({ hasText: edited })).toBeVisible();

      // Delete the default after confirming: the edited one, the only one left, becomes the default.
      await book.getByRole('button', { name: lang.t('account.addressBook.deleteLabel', { street: first.street }) }).click();
      const dialog = page.getByRole('dialog', { name: lang.t('account.addressBook.confirmTitle') });
      await expect(dialog).toContainText(lang.t('account.addressBook.confirmText'));
      await dialog.getByRole('button', { name: lang.t('account.addressBook.confirmDelete') }).click();
      await expect(toast(page, 'success', lang.t('account.addressBook.deleted'))).toBeVisible();
      await expect(dialog).toBeHidden();
      await expect(book.getByRole('listitem')).toHaveCount(1);
      const remaining = book.getByRole('listitem').filter({ hasText: edited });
      await expect(remaining.getByText(lang.t('checkout.defaultAddress'), { exact: true })).toBeVisible();
      // The default has no "make default" of its own.
      await expect(remaining.getByRole('button', { name: lang.t('account.addressBook.makeDefaultLabel', { street: edited }) })).toHaveCount(
        0,
      );

      // Checkout chooses the new default.
      await page.goto(lang.path('/checkout'));
      const saved = savedAddresses(page, lang);
      await expect(saved.getByRole('radio')).toHaveCount(1);
      await expect(saved.getByRole('radio', { checked: true })).toHaveAccessibleName(new RegExp(edited));
      await checkoutSummary(page, lang)
        .getByRole('button', { name: lang.t('checkout.placeOrder') })
        .click();
      await expect(page.getByRole('heading', { level: 1, name: lang.t('checkout.result.placedTitle') })).toBeVisible();
      const number = new URL(page.url()).searchParams.get('order_id');
      const order = await asShopper<Order>(request, shopper, 'get', `/api/orders/order_number/?number=${number}`);
      expect(order.address).toMatchObject({ street: edited, landmark: 'Opposite the park' });
    });

    test('makes another address the default from the address book', async ({ page, request }) => {
      const shopper = await signUp(request);
      await saveAddress(request, shopper, `3 Third Street ${lang.code}`);
      const other = await saveAddress(request, shopper, `4 Fourth Street ${lang.code}`);
      await openSignedIn(page, lang, shopper, '/profile');
      const book = section(page, lang.t('account.addressBook.title'));
      await book.getByRole('button', { name: lang.t('account.addressBook.makeDefaultLabel', { street: other.street }) }).click();
      await expect(toast(page, 'success', lang.t('account.addressBook.defaultChosen'))).toBeVisible();
      const marked = book.getByRole('listitem').filter({ has: page.getByText(lang.t('checkout.defaultAddress'), { exact: true }) });
      await expect(marked).toHaveCount(1);
      await expect(marked).toContainText(other.street);
    });

    test('changes the e-mail with the code sent to the new address, downloads the data, signs out everywhere', async ({
      page,
      request,
    }) => {
      const shopper = await signUp(request, 'Moving Shopper');
      const newEmail = `moved-${Date.now()}-${lang.code}@example.com`;
      await openSignedIn(page, lang, shopper, '/profile');

      const change = section(page, lang.t('account.changeEmail.title'));
      await expect(change).toContainText(shopper.email);
      // The current address is refused under the field, and nothing is sent.
      await field(change, lang.t('account.fields.newEmail')).fill(shopper.email.toUpperCase());
      await change.getByRole('button', { name: lang.t('account.changeEmail.send') }).click();
      await expect(field(change, lang.t('account.fields.newEmail'))).toHaveAttribute('aria-invalid', 'true');
      await field(change, lang.t('account.fields.newEmail')).fill(newEmail);
      await change.getByRole('button', { name: lang.t('account.changeEmail.send') }).click();
      await expect(change).toContainText(newEmail);
      await field(change, lang.t('account.fields.code')).fill(await codeSentTo(newEmail));
      await change.getByRole('button', { name: lang.t('account.changeEmail.confirm') }).click();
      await expect(toast(page, 'success', lang.t('account.changeEmail.changed'))).toBeVisible();
      const verification = section(page, lang.t('account.profile.verification'));
      await expect(verification).toContainText(newEmail);
      expect(await asShopper<{ email: string; email_verified: boolean }>(request, shopper, 'get', '/api/users/me/')).toMatchObject({
        email: newEmail,
        email_verified: true,
      });

      // The data, as a JSON file.
      const exportSection = section(page, lang.t('account.dataExport.title'));
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        exportSection.getByRole('button', { name: lang.t('account.dataExport.download') }).click(),
      ]);
      expect(download.suggestedFilename()).toMatch(/^attar-my-data-\d{4}-\d{2}-\d{2}\.json$/);
      const data = JSON.parse(await readFile((await download.path())!, 'utf8')) as { profile: { email: string } };
      expect(data.profile.email).toBe(newEmail);

      // Signing out everywhere ends this browser's session too.
      await section(page, lang.t('account.signOutEverywhere.title'))
        .getByRole('button', { name: lang.t('account.signOutEverywhere.button') })
        .click();
      await expect(toast(page, 'success', lang.t('account.signOutEverywhere.done'))).toBeVisible();
      await expect.poll(() => currentPath(page)).toBe(lang.path('/login'));
      const me = await request.get(`${API_URL}/api/users/me/`, { headers: { Authorization: `Token ${shopper.token}` } });
      expect(me.status()).toBe(401);
    });

    test('deletes the account with the code sent to the shopper; logging in with it fails afterwards', async ({ page, request }) => {
      const shopper = await signUp(request, 'Leaving Shopper');
      await saveAddress(request, shopper, `5 Fifth Street ${lang.code}`);
      const before = await outbox(shopper.email);

      await openSignedIn(page, lang, shopper, '/profile');
      const deletion = section(page, lang.t('account.deleteAccount.title'));
      // What goes, what the shop keeps and why.
      await expect(deletion).toContainText(lang.t('account.deleteAccount.erased'));
      await expect(deletion).toContainText(lang.t('account.deleteAccount.kept'));
      await deletion.getByRole('button', { name: lang.t('account.deleteAccount.send') }).click();
      await expect(deletion).toContainText(shopper.email);
      const code = await codeSentTo(shopper.email, before);

      // A wrong code changes nothing.
      await field(deletion, lang.t('account.fields.code')).fill(code === '000000' ? '111111' : '000000');
      await deletion.getByRole('button', { name: lang.t('account.deleteAccount.confirm') }).click();
      await expect(page.locator('[data-sonner-toast][data-type="error"]')).toBeVisible();
      expect((await asShopper<{ email: string }>(request, shopper, 'get', '/api/users/me/')).email).toBe(shopper.email);

      // That red toast goes before the log-in below shows its own.
      await expect(page.locator('[data-sonner-toast][data-type="error"]')).toHaveCount(0, { timeout: 20_000 });
      await field(deletion, lang.t('account.fields.code')).fill(code);
      await deletion.getByRole('button', { name: lang.t('account.deleteAccount.confirm') }).click();
      await expect(toast(page, 'success', lang.t('account.deleteAccount.deleted'))).toBeVisible();
      await expect.poll(() => currentPath(page)).toBe(lang.path('/login'));

      // The account is gone: its password opens nothing.
      await field(page, lang.t('account.fields.identifier')).fill(shopper.email);
      await field(page, lang.t('account.fields.password')).fill(SHOPPER_PASSWORD);
      await page
        .getByRole('main')
        .getByRole('button', { name: lang.t('account.login.submit'), exact: true })
        .click();
      await expect(page.locator('[data-sonner-toast][data-type="error"]')).toBeVisible();
      await expect.poll(() => currentPath(page)).toBe(lang.path('/login'));
      const again = await request.post(`${API_URL}/api/users/login/`, { data: { email: shopper.email, password: SHOPPER_PASSWORD } });
      expect(again.status()).toBe(400);
      expect(await again.json()).toMatchObject({ code: 'invalid_credentials' });
    });
  });
}
