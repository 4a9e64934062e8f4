/**
 * The WhatsApp preference on a signed-in shopper's profile: order updates by WhatsApp (SMS as the fallback), or by SMS
 * only once they opt out, in both languages; the choice is kept across visits.
 */
import { expect, test } from '../support/fixtures';
import { ALL_LANGS } from '../support/locales';
import { openSignedIn, signUp } from '../support/shoppers';
import { toast, visit } from '../support/storefront';

for (const lang of ALL_LANGS) {
  test(`${lang.code}: a shopper stops WhatsApp messages from the profile, and takes them back`, async ({ page, request }) => {
    const shopper = await signUp(request, 'WhatsApp Reader', lang.code);
    await openSignedIn(page, lang, shopper, '/profile');
    const section = page.getByRole('region', { name: lang.t('account.whatsapp.heading') });
    await expect(section.getByText(lang.t('account.whatsapp.on'), { exact: true })).toBeVisible();
    await section.getByRole('button', { name: lang.t('account.whatsapp.stop') }).click();
    await expect(toast(page, 'success', lang.t('account.whatsapp.stopped'))).toHaveCount(1);
    await expect(section.getByText(lang.t('account.whatsapp.off'), { exact: true })).toBeVisible();

    await visit(page, lang, '/profile');
    await expect(section.getByText(lang.t('account.whatsapp.off'), { exact: true })).toBeVisible();
    await section.getByRole('button', { name: lang.t('account.whatsapp.start') }).click();
    await expect(section.getByText(lang.t('account.whatsapp.on'), { exact: true })).toBeVisible();
  });
}
