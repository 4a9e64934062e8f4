/**
 * Sizes with their own price and stock: the product page's size picker, "from …" on cards with a size list, one bag
 * line per size (guest and signed in), and an order that keeps the size bought.
 */
import type { Page } from '@playwright/test';
import type { Order, Product, ProductVariant } from '@attar/contract';
import { findProduct, productName, type Catalogue } from '../support/api';
import { expect, test } from '../support/fixtures';
import { ALL_LANGS, type Lang } from '../support/locales';
import { asShopper, openSignedIn, saveAddress, signUp } from '../support/shoppers';
import {
  checkoutSummary,
  escapeRegExp,
  expectAddressChosen,
  headerCartBadge,
  priceText,
  productCard,
  productDetail,
  readLocalStorage,
  toast,
  visit,
} from '../support/storefront';

/** A product sold in two or more sizes in stock, at different prices. */
function multiSize(catalogue: Catalogue): Product {
  return findProduct(catalogue, 'product with two sizes in stock at different prices', (product) => {
    const inStock = product.variants.filter((size) => size.availability === 'available' && size.stock >= 3);
    return product.availability === 'available' && new Set(inStock.map((size) => size.price)).size >= 2;
  });
}

const smallest = (product: Product): ProductVariant =>
  product.variants.filter((size) => size.availability === 'available').sort((a, b) => a.ml - b.ml)[0]!;
const fallback = (product: Product): ProductVariant => product.variants.find((size) => size.is_default)!;
const sizeLabel = (lang: Lang, ml: number) => lang.t('product.sizeMl', { size: lang.number(ml) });

async function chooseSize(page: Page, lang: Lang, size: ProductVariant): Promise<void> {
  const group = productDetail(page).getByRole('group', { name: lang.t('product.size') });
  const startsWithSize = new RegExp(`^${escapeRegExp(sizeLabel(lang, size.ml))}`);
  // The radio itself is visually hidden: the shopper taps its label, the size's tile.
  await group.locator('label').filter({ hasText: startsWithSize }).click();
  await expect(group.getByRole('radio', { name: startsWithSize })).toBeChecked();
}

for (const lang of ALL_LANGS) {
  test.describe(lang.code, () => {
    test(
      'a guest picks a size: its price and stock follow, and each size is its own bag line',
      { tag: '@every-screen' },
      async ({ page, catalogue }) => {
        const product = multiSize(catalogue);
        const small = smallest(product);
        const large = fallback(product);

        await visit(page, lang, `/fragrances/${product.slug}`);
        const main = productDetail(page);
        // The default size is chosen first, at the product's price.
        await expect(main.getByRole('radio', { checked: true })).toHaveAccessibleName(
          new RegExp(`^${escapeRegExp(sizeLabel(lang, large.ml))}`),
        );
        await expect(main.locator('p[aria-live]')).toHaveText(priceText(lang, large.price));

        await chooseSize(page, lang, small);
        await expect(main.locator('p[aria-live]')).toHaveText(priceText(lang, small.price));
        await main.getByRole('button', { name: lang.t('product.increase') }).click();
        await main.getByRole('button', { name: lang.t('product.addToCart') }).click();
        await expect(toast(page, 'success', lang.t('product.addedToCart'))).toBeVisible();
        // The cart panel opened with the line: closed, the shopper goes on choosing.
        await page.getByRole('button', { name: lang.t('cart.close') }).click();

        await chooseSize(page, lang, large);
        await main.getByRole('button', { name: lang.t('product.addToCart') }).click();
        await expect(headerCartBadge(page)).toHaveText(lang.number(3));
        expect(JSON.parse((await readLocalStorage(page, 'products')) ?? 'null')).toEqual([
          { id: product.id, variant: small.id, quantity: 2 },
          { id: product.id, variant: large.id, quantity: 1 },
        ]);

        await visit(page, lang, '/bag');
        const lines = page
          .getByRole('main')
          .getByRole('listitem')
          .filter({ hasText: productName(product, lang.code) });
        await expect(lines).toHaveCount(2);
        await expect(lines.nth(0)).toContainText(sizeLabel(lang, small.ml));
        await expect(lines.nth(0)).toContainText(priceText(lang, small.price * 2));
        await expect(lines.nth(1)).toContainText(sizeLabel(lang, large.ml));
        await expect(lines.nth(1)).toContainText(priceText(lang, large.price));

        // Removing one size leaves the other.
        const name = lang.t('bag.sizedName', { name: productName(product, lang.code), size: sizeLabel(lang, small.ml) });
        await lines
          .nth(0)
          .getByRole('button', { name: lang.t('bag.remove', { name }) })
          .click();
        await expect(lines).toHaveCount(1);
        expect(JSON.parse((await readLocalStorage(page, 'products')) ?? 'null')).toEqual([
          { id: product.id, variant: large.id, quantity: 1 },
        ]);
      },
    );

    test('a card says "from" the lowest price and adds the size chosen in its list', async ({ page, catalogue }) => {
      const product = multiSize(catalogue);
      const small = smallest(product);
      const lowest = Math.min(...product.variants.map((size) => size.price));

      await visit(page, lang, `/fragrances?search=${encodeURIComponent(product.name_en)}`);
      const card = productCard(page, productName(product, lang.code));
      await expect(card).toContainText(lang.t('price.from', { price: priceText(lang, lowest) }));
      await card
        .getByRole('combobox', { name: lang.t('product.chooseSize', { name: productName(product, lang.code) }) })
        .selectOption(String(small.id));
      await card.getByRole('button', { name: lang.t('product.addToCart') }).click();
      await expect(headerCartBadge(page)).toHaveText(lang.number(1));
      expect(JSON.parse((await readLocalStorage(page, 'products')) ?? 'null')).toEqual([
        { id: product.id, variant: small.id, quantity: 1 },
      ]);
    });

    test('a signed-in shopper orders a smaller size and the order keeps it', async ({ page, request, catalogue }) => {
      const product = multiSize(catalogue);
      const small = smallest(product);
      const shopper = await signUp(request);
      await saveAddress(request, shopper, '9 Sizes Street');

      await openSignedIn(page, lang, shopper, `/fragrances/${product.slug}`);
      await chooseSize(page, lang, small);
      await productDetail(page)
        .getByRole('button', { name: lang.t('product.addToCart') })
        .click();
      await expect(toast(page, 'success', lang.t('product.addedToCart'))).toBeVisible();

      await visit(page, lang, '/checkout');
      await expectAddressChosen(page, lang);
      const summary = checkoutSummary(page, lang);
      const name = lang.t('bag.sizedName', { name: productName(product, lang.code), size: sizeLabel(lang, small.ml) });
      await expect(summary).toContainText(name);
      await expect(summary).toContainText(priceText(lang, small.price));
      await summary.getByRole('button', { name: lang.t('checkout.placeOrder') }).click();
      await expect(page.getByRole('heading', { level: 1, name: lang.t('checkout.result.placedTitle') })).toBeVisible();
      await expect(page.getByRole('main')).toContainText(sizeLabel(lang, small.ml));

      const number = new URL(page.url()).searchParams.get('order_id');
      const order = await asShopper<Order>(request, shopper, 'get', `/api/orders/order_number/?number=${number}`);
      expect(order.items.map((line) => [line.product_obj?.id, line.size_ml, line.price])).toEqual([[product.id, small.ml, small.price]]);
    });
  });
}
