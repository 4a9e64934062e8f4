/**
 * The visitor's country: prices, add-to-cart and the free-shipping banner are for Egypt only.
 * The API counts loopback visitors as Egypt, so a visitor elsewhere is simulated by answering the location call.
 */
import type { BrowserContext, Page } from '@playwright/test';
import { findProduct } from '../support/api';
import { COUNTRY_COOKIE, expect, test } from '../support/fixtures';
import { ALL_LANGS } from '../support/locales';
import { freeShippingBanner, priceText, productCards, visit } from '../support/storefront';

const FRANCE = { country: 'France', country_code: 'FR' };

/** Answers the storefront's browser-side location call (POST /api/check-ip-address) with France. */
async function locateInFrance(page: Page): Promise<void> {
  await page.route('**/api/check-ip-address*', (route) =>
    route.request().method() === 'POST' ? route.fulfill({ json: FRANCE }) : route.fallback(),
  );
}

async function countryCookie(context: BrowserContext): Promise<string | undefined> {
  const cookie = (await context.cookies()).find((each) => each.name === COUNTRY_COOKIE);
  return cookie && decodeURIComponent(cookie.value);
}

for (const lang of ALL_LANGS) {
  test.describe(`${lang.code}`, () => {
    test.describe('a first visit', () => {
      test.use({ presetCountry: null });

      test('from Egypt is located, stored and shown prices and the free-shipping banner', async ({ page, context, catalogue }) => {
        const threshold = catalogue.siteConfig.free_shipping_after;

        await visit(page, lang, '/fragrances');

        expect(await countryCookie(context)).toBe('Egypt');
        await expect(freeShippingBanner(page, lang)).toBeVisible();
        await expect(page.getByRole('banner')).toContainText(lang.t('header.ordersAbove', { amount: priceText(lang, threshold) }));
        await expect(productCards(page).first()).toContainText(lang.t('price.currency'));
        await expect(
          page
            .getByRole('main')
            .getByRole('button', { name: lang.t('product.addToCart') })
            .first(),
        ).toBeEnabled();
      });

      test('located outside Egypt by the browser loses prices and add-to-cart', async ({ page, context }) => {
        await locateInFrance(page);

        await visit(page, lang, '/fragrances');

        await expect.poll(() => countryCookie(context)).toBe('France');
        const main = page.getByRole('main');
        await expect(main).not.toContainText(lang.t('price.currency'));
        await expect(main.getByRole('button', { name: lang.t('product.addToCart'), disabled: false })).toHaveCount(0);
        await expect(freeShippingBanner(page, lang)).toHaveCount(0);
      });
    });

    test.describe('a visitor outside Egypt', () => {
      test.use({ presetCountry: 'France' });

      test('sees no prices, no enabled add-to-cart and no free-shipping banner', async ({ page, catalogue }) => {
        await locateInFrance(page);
        const product = findProduct(catalogue, 'available product', (each) => each.availability === 'available');

        await visit(page, lang, '/fragrances');
        const main = page.getByRole('main');
        await expect(productCards(page).first()).toBeVisible();
        await expect(main).not.toContainText(lang.t('price.currency'));
        await expect(freeShippingBanner(page, lang)).toHaveCount(0);
        await expect(main.getByRole('button', { name: lang.t('product.addToCart'), disabled: false })).toHaveCount(0);

        await visit(page, lang, `/fragrances/${product.slug}`);
        await expect(main.getByRole('heading', { level: 1 })).toBeVisible();
        await expect(main).not.toContainText(priceText(lang, product.price));
        await expect(main.getByText(lang.t('price.egyptOnly'))).toBeVisible();
        await expect(main.getByRole('button', { name: lang.t('product.addToCart'), disabled: false })).toHaveCount(0);
      });
    });

    test('a visitor in Egypt sees the free-shipping banner on the home page', async ({ page, catalogue }) => {
      await visit(page, lang, '/');
      await expect(freeShippingBanner(page, lang)).toBeVisible();
      await expect(page.getByRole('banner')).toContainText(
        lang.t('header.ordersAbove', { amount: priceText(lang, catalogue.siteConfig.free_shipping_after) }),
      );
    });
  });
}
