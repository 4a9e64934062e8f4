/**
 * The language of the shopper's messages: chosen on /profile in either storefront language and kept by the account
 * (the API's tests show the next code going out in it).
 */
import type { User } from '@attar/contract';
import { expect } from '../support/fixtures';
import { ALL_LANGS } from '../support/locales';
import { asShopper, openSignedIn, signUp } from '../support/shoppers';
import { toast } from '../support/storefront';
import { testFromOwnAddress } from '../support/own-address';

const test = testFromOwnAddress;

for (const lang of ALL_LANGS) {
  test(`${lang.code}: the profile changes the language of the account's messages`, async ({ page, request }) => {
    const shopper = await signUp(request);
    expect(shopper.user.language).toBe('en');
    await openSignedIn(page, lang, shopper, '/profile');

    const chosen = page.getByLabel(lang.t('account.profile.language'), { exact: true });
    await expect(chosen).toHaveValue('en');
    await chosen.selectOption('ar');
    await page.getByRole('button', { name: lang.t('account.profile.save') }).click();
    await expect(toast(page, 'success', lang.t('account.profile.saved'))).toBeVisible();
    expect((await asShopper<User>(request, shopper, 'get', '/api/users/me/')).language).toBe('ar');

    await page.reload();
    await expect(page.getByLabel(lang.t('account.profile.language'), { exact: true })).toHaveValue('ar');
  });
}
