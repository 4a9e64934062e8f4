/**
 * axe-core on every storefront page, in both languages, on a phone and a desktop: no moderate, serious or critical
 * violation. Pages are grouped by who sees them (a guest, a shopper with a cart, a signed-in shopper) and the open
 * states that add to a page (the search suggestions, the cart panel and its toast, the menu, the filter sheet, the
 * promo popup); each group
 * lists every violation it found before failing, so one run shows them all.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { findProduct, productName } from '../support/api';
import { expect, test } from '../support/fixtures';
import { ALL_LANGS, type Lang } from '../support/locales';
import { openSignedIn, signUp } from '../support/shoppers';
import { productDetail, searchBox, toast, visit } from '../support/storefront';
import { API_URL } from '../support/urls';

const SEVERE = new Set(['moderate', 'serious', 'critical']);

/**
 * The page's moderate, serious and critical violations, one line each (rule, impact, the first elements it names). Besides
 * axe's default rules, a control's name must contain the words it shows (an experimental rule, off by default).
 */
async function severeViolations(page: Page, where: string): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).options({ rules: { 'label-content-name-mismatch': { enabled: true } } }).analyze();
  return violations
    .filter((violation) => SEVERE.has(violation.impact ?? ''))
    .map((violation) => {
      const targets = violation.nodes.slice(0, 3).map((node) => node.target.join(' '));
      return `${where}: ${violation.id} (${violation.impact}) ${violation.help} — ${targets.join(' | ')}`;
    });
}

/** Links among a paragraph's words that are told apart by their colour only (inline links must be underlined). */
async function bareInlineLinks(page: Page, where: string): Promise<string[]> {
  const bare = await page
    .locator('main p a, main p button')
    .evaluateAll((links) =>
      links
        .filter((link) => !getComputedStyle(link).textDecorationLine.includes('underline'))
        .map((link) => link.textContent?.trim() ?? ''),
    );
  return bare.map((text) => `${where}: the inline link "${text}" is not underlined`);
}

/** Opens each path and collects its violations once the page has loaded. */
async function auditPaths(page: Page, lang: Lang, paths: string[]): Promise<string[]> {
  const found: string[] = [];
  for (const path of paths) {
    await visit(page, lang, path);
    await page.waitForLoadState('load');
    found.push(...(await severeViolations(page, lang.path(path))), ...(await bareInlineLinks(page, lang.path(path))));
  }
  return found;
}

type Offer = { slug: string };

// A test visits several pages, each audited in a second or two.
test.describe.configure({ timeout: 90_000 });

for (const lang of ALL_LANGS) {
  test.describe(`${lang.code}`, () => {
    test('catalogue pages: home and lists', { tag: '@every-screen' }, async ({ page, catalogue }) => {
      const [category] = catalogue.categories;
      const found = await auditPaths(page, lang, ['/', '/fragrances', `/fragrances?category_slug=${category!.slug}`]);
      expect(found).toEqual([]);
    });

    test('catalogue pages: search results, no results and a product', async ({ page, catalogue }) => {
      const product = findProduct(
        catalogue,
        'an available product with sizes',
        (each) => each.availability === 'available' && each.variants.length > 1,
      );
      const found = await auditPaths(page, lang, [
        `/fragrances?search=${encodeURIComponent(productName(product, lang.code).split(' ')[0]!)}`,
        '/fragrances?search=qqqzzzxx',
        `/fragrances/${product.slug}`,
      ]);
      expect(found).toEqual([]);
    });

    test('more lists: pocket size, new, offers, an offer and not found', async ({ page, request }) => {
      const offers = (await (await request.get(`${API_URL}/api/offers/`)).json()) as { results: Offer[] };
      const found = await auditPaths(page, lang, ['/bullet', '/new', '/offers', `/offers/${offers.results[0]!.slug}`, '/no-such-page-e2e']);
      expect(found).toEqual([]);
    });

    test('information pages, log-in and the empty cart and favourites', async ({ page }) => {
      const found = await auditPaths(page, lang, [
        '/about',
        '/contactUs',
        '/privacy-policy',
        '/terms-conditions',
        '/returns-policy',
        '/login',
        '/bag',
        '/favourite',
      ]);
      expect(found).toEqual([]);
    });

    test(
      'a guest with a cart: the open cart panel and its toast, the cart and the checkout',
      { tag: '@every-screen' },
      async ({ page, catalogue }) => {
        const product = findProduct(catalogue, 'an available product', (each) => each.availability === 'available' && each.stock >= 2);
        await visit(page, lang, `/fragrances/${product.slug}`);
        await productDetail(page)
          .getByRole('button', { name: lang.t('product.addToCart') })
          .click();
        await expect(toast(page, 'success', lang.t('product.addedToCart'))).toBeVisible();
        const found = await severeViolations(page, 'cart panel and success toast');
        found.push(...(await auditPaths(page, lang, ['/bag', '/checkout'])));
        expect(found).toEqual([]);
      },
    );

    test(
      'open states: the suggestions, the menu and the filter sheet, and the guest heart error toast',
      { tag: '@every-screen' },
      async ({ page, catalogue, isMobile }) => {
        const product = findProduct(catalogue, 'an available product', (each) => each.availability === 'available');
        const found: string[] = [];
        await visit(page, lang, '/fragrances');
        await searchBox(page, lang).fill(lang.code === 'ar' ? 'ورد' : 'ros');
        const suggestions = page.getByRole('listbox', { name: lang.t('header.suggestions') });
        await expect(suggestions.getByRole('option').first()).toBeVisible();
        found.push(...(await severeViolations(page, 'search suggestions')));
        // A pointer chooses an option itself (it holds no link of its own).
        await suggestions.getByRole('option').first().click();
        await expect.poll(() => new URL(page.url()).pathname).toMatch(/\/fragrances\/[^/]+$/);
        await visit(page, lang, '/fragrances');
        if (isMobile) {
          await page.getByRole('button', { name: lang.t('list.openFilters'), exact: true }).click();
          const sheet = page.getByRole('dialog', { name: lang.t('list.filters') });
          await expect(sheet).toBeVisible();
          // With a group open: its choices, and the notes' search box.
          await sheet
            .locator('summary')
            .filter({ hasText: lang.t('list.notes') })
            .click();
          await expect(sheet.getByRole('searchbox')).toBeVisible();
          found.push(...(await severeViolations(page, 'filter sheet')));
          await page.keyboard.press('Escape');
          await page.getByRole('button', { name: lang.t('nav.openMenu') }).click();
          await expect(page.getByRole('navigation', { name: lang.t('a11y.mainNav') })).toBeVisible();
          found.push(...(await severeViolations(page, 'menu')));
        }
        await visit(page, lang, `/fragrances/${product.slug}`);
        await productDetail(page)
          .getByRole('button', { name: lang.t('product.addFavourite', { name: productName(product, lang.code) }) })
          .click();
        await expect(toast(page, 'error', lang.t('product.loginFirst'))).toBeVisible();
        found.push(...(await severeViolations(page, 'error toast')));
        expect(found).toEqual([]);
      },
    );

    test.describe('a first visit in the session', () => {
      test.use({ promoPopup: true });

      test('the promo popup', async ({ page }) => {
        await visit(page, lang, '/');
        await expect(page.getByRole('dialog', { name: lang.t('promo.title') })).toBeVisible();
        expect(await severeViolations(page, 'promo popup')).toEqual([]);
      });
    });

    test('a signed-in shopper: profile, favourites and checkout', async ({ page, request }) => {
      const shopper = await signUp(request, 'Axe Shopper');
      await openSignedIn(page, lang, shopper, '/profile');
      const found = await auditPaths(page, lang, ['/profile', '/favourite', '/checkout']);
      expect(found).toEqual([]);
    });
  });
}
