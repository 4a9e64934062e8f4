/**
 * Search synonyms (decision 0046), in both languages: a manager adds a word the catalogue does not hold in the back
 * office — as a group with "sultan" in English, as a replacement read as "السلطان" in Arabic — and the storefront's
 * next search for that word finds Sultan Leather, though the same search found nothing a moment before (and was
 * cached by the API and the storefront).
 */
import { expect, test } from '../support/fixtures';
import { ALL_LANGS, type Lang } from '../support/locales';
import { adminContext, adminText, signIn } from '../support/admin';
import { newStaffMember } from '../support/staff';
import { productCard, visit } from '../support/storefront';

/** A word of letters only (synonyms hold letters and digits, and a Latin word with a digit is read as Franco-Arabic). */
function inventedWord(lang: Lang) {
  const letters = lang.code === 'ar' ? 'ابتثجحخدذرزسشصضطظعغفقكلمنهوي' : 'abcdefghijklmnopqrstuvwxyz';
  const stamp = `${Date.now()}${Math.floor(Math.random() * 1000)}`;
  return (lang.code === 'ar' ? 'طلسم' : 'glimmer') + [...stamp].map((digit) => letters[Number(digit) * 2]).join('');
}

const PRODUCT = { en: 'Sultan Leather', ar: 'جلد السلطان' };

for (const lang of ALL_LANGS) {
  test(`a synonym added in the back office is found by the storefront’s next search, ${lang.code}`, async ({ browser, page }) => {
    const word = inventedWord(lang);
    const text = (key: Parameters<typeof adminText>[1], values: Record<string, string | number> = {}) => adminText(lang, key, values);
    const search = () => visit(page, lang, `/fragrances?search=${encodeURIComponent(word)}`);

    // Nothing found: the page says so (and offers what is popular instead).
    await search();
    await expect(page.getByRole('main').getByText(lang.t('list.empty'))).toBeVisible();

    const staff = await adminContext(browser, lang);
    const admin = await staff.newPage();
    await signIn(admin, lang, await newStaffMember('manager', `Synonyms manager ${lang.code}`));
    await admin.getByRole('link', { name: text('navSynonyms'), exact: true }).click();
    await expect(admin.getByRole('heading', { level: 1, name: text('synonymsTitle') })).toBeVisible();
    await expect(admin.locator('html')).toHaveAttribute('dir', lang.dir);

    if (lang.code === 'en') {
      const groups = admin.getByRole('region', { name: text('synonymGroupsTitle'), exact: true });
      await groups.getByRole('button', { name: text('addSynonymGroup') }).click();
      const dialog = admin.getByRole('dialog', { name: text('addSynonymGroup') });
      await dialog.getByLabel(text('synonymWords')).fill(`${word}, Sultan`);
      await dialog.getByRole('button', { name: text('create') }).click();
      await expect(admin.getByRole('status').filter({ hasText: text('synonymSaved', { name: `${word}, sultan` }) })).toBeVisible();
      await expect(groups.getByRole('row').filter({ hasText: word })).toContainText('sultan');
    } else {
      const replacements = admin.getByRole('region', { name: text('replacementsTitle'), exact: true });
      await replacements.getByRole('button', { name: text('addReplacement') }).click();
      const dialog = admin.getByRole('dialog', { name: text('addReplacement') });
      await dialog.getByLabel(text('replacementWord')).fill(word);
      await dialog.getByLabel(text('columnReadAs')).fill('السلطان');
      await dialog.getByRole('button', { name: text('create') }).click();
      // Stored as search reads it: the article ال dropped.
      await expect(
        admin
          .getByRole('status')
          .filter({ hasText: text('synonymSaved', { name: text('replacementName', { word, replacement: 'سلطان' }) }) }),
      ).toBeVisible();
      await expect(replacements.getByRole('row').filter({ hasText: word })).toContainText('سلطان');
    }
    await staff.close();

    // The next search finds it: the change cleared the cached answers and moved the catalogue's version.
    await expect(async () => {
      await search();
      await expect(page.getByRole('main').getByText(lang.t('list.empty'))).toHaveCount(0, { timeout: 1000 });
      await expect(productCard(page, PRODUCT[lang.code])).toBeVisible({ timeout: 1000 });
    }).toPass({ timeout: 10_000 });
  });
}
