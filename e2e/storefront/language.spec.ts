/** The language toggle: the same path and query in the other language, remembered in AppLang. */
import { expect, test } from '../support/fixtures';
import { ALL_LANGS, LANGS } from '../support/locales';
import { currentPath, expectDocumentLanguage, languageToggle, readLocalStorage, searchBox, visit } from '../support/storefront';

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
    await expect(searchBox(page, other)).toBeVisible();

    await languageToggle(page, other).click();
    await expect.poll(() => currentPath(page)).toBe(lang.path(PAGE));
    await expectDocumentLanguage(page, lang);
    expect(await readLocalStorage(page, 'AppLang')).toBe(lang.code);
  });
}

/**
 * Each language downloads its own script's typeface and nothing else: Geist's Latin file in English; Cairo's Arabic
 * file and its punctuation subset in Arabic, whose few Latin words use the system's font (docs/decisions/0005,
 * item 20). Importing fontsource's whole Cairo stylesheet again would bring back its 34 kB Latin file. (next/font
 * writes Geist's file name with '_'.)
 */
const TYPEFACE_FILES = { en: [/^geist[-_]latin[-_]wght/], ar: [/^cairo-arabic-wght/, /^cairo-punctuation-wght/] };

for (const lang of ALL_LANGS) {
  test(`${lang.code}: a page fetches only the ${lang.code} typeface's files`, async ({ page }) => {
    const fonts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'font') fonts.push(new URL(request.url()).pathname.split('/').at(-1)!);
    });
    await visit(page, lang, '/fragrances/oud-nights');
    await page.evaluate(() => document.fonts.ready);

    const expected = TYPEFACE_FILES[lang.code];
    expect(fonts, fonts.join(', ')).toHaveLength(expected.length);
    for (const file of expected)
      expect(
        fonts.some((font) => file.test(font)),
        `${file} among ${fonts.join(', ')}`,
      ).toBe(true);
  });
}
