/** Finding products: the header's category nav and the header's search box, in both languages. */
import { findProduct, listCategories, listProducts, productName } from '../support/api';
import { expect, test } from '../support/fixtures';
import { ALL_LANGS } from '../support/locales';
import type { SearchSuggestions } from '@attar/contract';
import {
  currentPath,
  escapeRegExp,
  expectDocumentLanguage,
  openCategoryNav,
  productCard,
  productCards,
  searchBox,
  visit,
} from '../support/storefront';
import { API_URL } from '../support/urls';

/**
 * The header's category links and the slug each sends to /fragrances, exactly as the nav writes it (`Deodorants`
 * capitalised). Each is called by the category's own name, the name its list's heading shows (one name per category).
 */
const CATEGORY_LINKS = [
  { slug: 'eau-de-parfum' },
  { slug: 'eau-de-toilette' },
  { slug: 'energy-boosting-fragrances' },
  { slug: 'Deodorants' },
] as const;

/** Arabic spellings shoppers type without the hamza or the ta marbuta: the search must find the product anyway. */
const ARABIC_VARIANTS = [
  { letter: 'أ', typed: 'ا', description: 'alef without hamza (ا for أ)' },
  { letter: 'ة', typed: 'ه', description: 'ha for ta marbuta (ه for ة)' },
] as const;

for (const lang of ALL_LANGS) {
  test.describe(`${lang.code}`, () => {
    for (const category of CATEGORY_LINKS) {
      test(`the header nav opens the ${category.slug} category and lists its products`, async ({ page, request }) => {
        const [expected, categories] = await Promise.all([
          listProducts(request, { category_slug: category.slug }, lang.code),
          listCategories(request, lang.code),
        ]);
        expect(expected.results.length, 'the seed has products in this category').toBeGreaterThan(0);
        const categoryName = categories.find((each) => each.slug === category.slug.toLowerCase())!.name;

        await visit(page, lang, '/');
        const nav = await openCategoryNav(page, lang);
        // Survives an in-app navigation (links are plain anchors the router opens), not a reload.
        await page.evaluate(() => Object.assign(window, { sameDocument: true }));
        await nav.getByRole('link', { name: categoryName, exact: true }).click();

        await expect.poll(() => currentPath(page)).toBe(lang.path(`/fragrances?category_slug=${category.slug}`));
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(categoryName);
        expect(await page.evaluate(() => (window as { sameDocument?: boolean }).sameDocument)).toBe(true);
        // The first page of the category, in the API's order and in the page's language.
        await expect(productCards(page).getByRole('heading')).toHaveText(
          expected.results.slice(0, 24).map((product) => productName(product, lang.code)),
        );
        // The link of the page being shown is marked current (the phone menu closed on navigating: reopen it).
        const navAfter = await openCategoryNav(page, lang);
        await expect(navAfter.getByRole('link', { name: categoryName, exact: true })).toHaveAttribute('aria-current', 'page');
      });
    }

    for (const variant of ARABIC_VARIANTS) {
      test(`searching an Arabic name typed with ${variant.description} finds the product`, async ({ page, catalogue }) => {
        const product = findProduct(catalogue, `product whose Arabic name has ${variant.letter}`, (each) =>
          each.name_ar.includes(variant.letter),
        );
        const typed = product.name_ar.replaceAll(variant.letter, variant.typed);

        await visit(page, lang, '/');
        const box = searchBox(page, lang);
        await box.fill(typed);
        await box.press('Enter');

        await expect.poll(() => new URL(page.url()).pathname).toBe(lang.path('/fragrances'));
        expect(new URL(page.url()).searchParams.get('search')).toBe(typed);
        await expectDocumentLanguage(page, lang);
        await expect(productCard(page, productName(product, lang.code))).toBeVisible();
      });
    }

    test('the search icon submits the search box too', { tag: '@every-screen' }, async ({ page, catalogue }) => {
      const product = findProduct(catalogue, 'available product', (each) => each.availability === 'available');

      await visit(page, lang, '/fragrances');
      await searchBox(page, lang).fill(product.name_en);
      await page
        .getByRole('search')
        .getByRole('button', { name: lang.t('header.searchSubmit') })
        .click();

      await expect.poll(() => new URL(page.url()).searchParams.get('search')).toBe(product.name_en);
      await expect(productCard(page, productName(product, lang.code))).toBeVisible();
    });

    test(
      'the search box keeps the text searched, and suggests products and notes as the shopper types',
      { tag: '@every-screen' },
      async ({ page, request, catalogue }) => {
        const product = findProduct(catalogue, 'available product', (each) => each.availability === 'available');
        const name = productName(product, lang.code);
        await visit(page, lang, `/fragrances?search=${encodeURIComponent(name)}`);
        await expect(searchBox(page, lang)).toHaveValue(name);

        const typed = lang.code === 'ar' ? 'ورد' : 'ros';
        const expected = (await (
          await request.get(`${API_URL}/api/products/suggestions/?search=${encodeURIComponent(typed)}&lang=${lang.code}`)
        ).json()) as SearchSuggestions;
        await searchBox(page, lang).fill(typed);
        const list = page.getByRole('listbox', { name: lang.t('header.suggestions') });
        await expect(list.getByRole('option')).toHaveText(
          [...expected.products, ...expected.notes].map((each) => new RegExp(escapeRegExp(each.name))),
        );

        // The arrow keys choose, Enter opens the product.
        await searchBox(page, lang).press('ArrowDown');
        await expect(list.getByRole('option').first()).toHaveAttribute('aria-selected', 'true');
        await searchBox(page, lang).press('Enter');
        await expect.poll(() => currentPath(page)).toBe(lang.path(`/fragrances/${expected.products[0]!.slug}`));
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(expected.products[0]!.name);
        await expect(searchBox(page, lang)).toHaveValue('');
      },
    );

    test('a search that finds nothing offers the spelling meant and what is popular', async ({ page }) => {
      // Two typos in a word under nine letters: more than the search forgives, within "did you mean".
      const misspelt = lang.code === 'ar' ? 'ياسمييين' : 'bargamut';
      const meant = lang.code === 'ar' ? 'ياسمين' : 'bergamot';
      await visit(page, lang, `/fragrances?search=${encodeURIComponent(misspelt)}`);
      const main = page.getByRole('main');
      await expect(main.getByText(lang.t('list.empty'))).toBeVisible();
      await expect(main.getByRole('region', { name: lang.t('list.popular') }).getByRole('article')).toHaveCount(8);
      await main.getByRole('link', { name: meant, exact: true }).click();
      await expect.poll(() => new URL(page.url()).searchParams.get('search')).toBe(meant);
      await expect(productCards(page).first()).toBeVisible();
      await expect(searchBox(page, lang)).toHaveValue(meant);
    });

    test('a search found by some of its words offers the better spelling above its results', async ({ page }) => {
      const [partly, meant] = lang.code === 'ar' ? ['مسك ياسمييين', 'مسك ياسمين'] : ['oud bargamut', 'oud bergamot'];
      await visit(page, lang, `/fragrances?search=${encodeURIComponent(partly)}`);
      await expect(productCards(page).first()).toBeVisible();
      const offered = page.getByRole('main').getByRole('link', { name: meant, exact: true });
      await expect(offered).toBeVisible();
      await offered.click();
      await expect.poll(() => new URL(page.url()).searchParams.get('search')).toBe(meant);
      await expect(productCards(page).first()).toBeVisible();
      await expect(page.getByRole('main').getByRole('link', { name: meant, exact: true })).toHaveCount(0);
    });
  });
}
