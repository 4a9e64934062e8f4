/** The product page: details, structured data, the quantity stepper, availability and the guest cart. */
import { findProduct, getProduct, productName } from '../support/api';
import { expect, test } from '../support/fixtures';
import { ALL_LANGS } from '../support/locales';
import {
  escapeRegExp,
  expectToastInBrand,
  headerCartBadge,
  isRed,
  jsonLdBlocks,
  priceText,
  productDetail,
  readLocalStorage,
  textColorRgb,
  toast,
  visit,
} from '../support/storefront';

for (const lang of ALL_LANGS) {
  test.describe(`${lang.code}`, () => {
    test('a product page shows the name, the price in LE, the notes and Product JSON-LD', async ({ page, request, catalogue }) => {
      const product = findProduct(
        catalogue,
        'available product with top, heart and base notes',
        (each) => each.availability === 'available' && Object.values(each.notes).every((list) => list.length > 0),
      );
      // The catalogue was read in English; the Arabic page shows the Arabic notes.
      const localized = await getProduct(request, product.slug, lang.code);
      const name = productName(product, lang.code);

      const response = await visit(page, lang, `/fragrances/${product.slug}`);
      expect(response?.status()).toBe(200);
      await expect(page).toHaveTitle(new RegExp(`^${escapeRegExp(name)}`));
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(name);
      await expect(page.getByRole('main').getByText(priceText(lang, product.price), { exact: true }).first()).toBeVisible();

      const notes = page.getByRole('region', { name: lang.t('product.notes') });
      for (const key of ['topNotes', 'heartNotes', 'baseNotes'] as const) {
        await expect(notes.getByText(lang.t(`product.${key}`), { exact: true })).toBeVisible();
      }
      for (const note of Object.values(localized.notes).flat()) {
        await expect(notes).toContainText(note);
      }

      const structured = (await jsonLdBlocks(page)).find((block) => block['@type'] === 'Product');
      expect(structured, 'a Product JSON-LD block').toBeDefined();
      expect(structured).toMatchObject({
        '@context': 'https://schema.org',
        name,
        sku: product.variants.find((size) => size.is_default)!.sku,
      });
      // One offer per size, each with its SKU and price, as the API has them now (other tests buy and restock sizes
      // while this one runs, and the storefront shows a change within a second).
      expect(structured!.offers).toEqual(
        localized.variants.map((size) => ({
          '@type': 'Offer',
          url: expect.any(String),
          sku: size.sku,
          price: size.price,
          priceCurrency: 'EGP',
          availability: size.availability === 'available' ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock',
        })),
      );
      await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /\S/);
      await expect(page.locator('meta[name="keywords"]')).toHaveAttribute('content', new RegExp(escapeRegExp(name)));
    });

    test('the quantity stepper stops at 1 and at the stock', async ({ page, catalogue }) => {
      const lowStock = catalogue.products
        .filter((each) => each.availability === 'available' && each.stock >= 2)
        .sort((a, b) => a.stock - b.stock)[0];
      if (!lowStock) throw new Error('The seed catalogue has no available product with a small stock');

      await visit(page, lang, `/fragrances/${lowStock.slug}`);
      const stepper = productDetail(page).getByRole('group', { name: lang.t('product.quantity') });
      const minus = stepper.getByRole('button', { name: lang.t('product.decrease') });
      const plus = stepper.getByRole('button', { name: lang.t('product.increase') });
      const quantity = stepper.getByRole('status');

      await expect(quantity).toHaveText(lang.number(1));
      await expect(minus).toBeDisabled();
      await expect(plus).toBeEnabled();
      for (let shown = 2; shown <= lowStock.stock; shown += 1) {
        await plus.click();
        await expect(quantity).toHaveText(lang.number(shown));
      }
      await expect(plus).toBeDisabled();
      await expect(minus).toBeEnabled();
      await minus.click();
      await expect(quantity).toHaveText(lang.number(lowStock.stock - 1));
      await expect(plus).toBeEnabled();
    });

    test('an out-of-stock product shows a red label and neither stepper nor add-to-cart', async ({ page, catalogue }) => {
      const soldOut = findProduct(catalogue, 'out-of-stock product', (each) => each.availability === 'out_of_stock');

      await visit(page, lang, `/fragrances/${soldOut.slug}`);
      const main = productDetail(page);
      await expect(main.getByRole('heading', { level: 1 })).toHaveText(productName(soldOut, lang.code));
      const label = main.getByText(lang.t('product.outOfStock'), { exact: true });
      await expect(label).toBeVisible();
      expect(isRed(await textColorRgb(label)), 'the out-of-stock label is red').toBe(true);
      await expect(main.getByRole('group', { name: lang.t('product.quantity') })).toHaveCount(0);
      await expect(main.getByRole('button', { name: lang.t('product.addToCart') })).toHaveCount(0);
    });

    test(
      'adding to the guest cart shows the success toast and counts the item on CART',
      { tag: '@every-screen' },
      async ({ page, catalogue }) => {
        const product = findProduct(
          catalogue,
          'available product with a stock of 2 or more',
          (each) => each.availability === 'available' && each.stock >= 2,
        );

        await visit(page, lang, `/fragrances/${product.slug}`);
        await expect(headerCartBadge(page)).toHaveCount(0);
        const main = productDetail(page);
        await main.getByRole('button', { name: lang.t('product.increase') }).click();
        await main.getByRole('button', { name: lang.t('product.addToCart') }).click();

        const added = toast(page, 'success', lang.t('product.addedToCart'));
        await expect(added).toBeVisible();
        await expectToastInBrand(added, 'success');
        await expect(headerCartBadge(page)).toHaveText(lang.number(2));
        const defaultSize = product.variants.find((size) => size.is_default)!;
        expect(JSON.parse((await readLocalStorage(page, 'products')) ?? 'null')).toEqual([
          { id: product.id, variant: defaultSize.id, quantity: 2 },
        ]);
        // Toasts hide by themselves (3 s).
        await expect(added).toHaveCount(0);

        // The guest cart outlives the page.
        await page.reload();
        await expect(headerCartBadge(page)).toHaveText(lang.number(2));
      },
    );

    test('a guest who taps the heart is told to log in first', async ({ page, catalogue }) => {
      const product = findProduct(catalogue, 'available product', (each) => each.availability === 'available');

      await visit(page, lang, `/fragrances/${product.slug}`);
      const heart = productDetail(page).getByRole('button', {
        name: lang.t('product.addFavourite', { name: productName(product, lang.code) }),
      });
      await heart.click();

      const told = toast(page, 'error', lang.t('product.loginFirst'));
      await expect(told).toBeVisible();
      await expectToastInBrand(told, 'error');
      // Still not a favourite: the heart still offers to add it.
      await expect(heart).toBeVisible();

      // The toast offers to log in, and logging in comes back to the product.
      await told.getByRole('link', { name: lang.t('product.logInLink') }).click();
      await expect(page).toHaveURL(lang.path(`/login?next=/fragrances/${product.slug}`));
    });

    for (const [what, pathname] of [
      ['an unknown product slug', '/fragrances/no-such-fragrance-e2e'],
      ['an unknown path', '/no-such-page-e2e'],
    ] as const) {
      test(`${what} answers 404 with the translated not-found page`, async ({ page }) => {
        const response = await visit(page, lang, pathname);

        expect(response?.status()).toBe(404);
        await expect(page.getByText(lang.number(404), { exact: true })).toBeVisible();
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(lang.t('notFound.title'));
        await expect(page.getByText(lang.t('notFound.text'), { exact: true })).toBeVisible();
        await expect(page.getByRole('link', { name: lang.t('notFound.home') })).toHaveAttribute('href', lang.path('/'));
      });
    }
  });
}
