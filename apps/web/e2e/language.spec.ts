/** The language toggle (spec §4): the same path and query in the other language, remembered in AppLang. */
import { expect, test } from './support/fixtures';
import { ALL_LANGS, LANGS } from './support/locales';
import { currentPath, expectDocumentLanguage, languageToggle, readLocalStorage, visit } from './support/storefront';

const PAGE = '/fragrances?category_slug=eau-de-parfum';

for (const lang of ALL_LANGS) {
  const other = LANGS[lang.other];

  test(`${lang.code}: the language toggle switches to ${other.code} on the same page and back`, async ({ page }) => {
    await visit(page, lang, PAGE);

    await languageToggle(page, lang).click();
    await expect.poll(() => currentPath(page)).toBe(other.path(PAGE));
    await expectDocumentLanguage(page, other);
    expect(await readLocalStorage(page, 'AppLang')).toBe(other.code);
    // The page itself is translated, not only the document attributes.
    await expect(page.getByRole('searchbox', { name: other.t('header.searchLabel') })).toBeVisible();

    await languageToggle(page, other).click();
    await expect.poll(() => currentPath(page)).toBe(lang.path(PAGE));
    await expectDocumentLanguage(page, lang);
    expect(await readLocalStorage(page, 'AppLang')).toBe(lang.code);
  });
}
