/**
 * Product cards that tell the truth, in both languages: with a size filter a card opens on that size, shows its price
 * and adds it; a card shows a reviewed product's stars with their words; the product page's size is in its address,
 * a shared link opens on it, and it says the points that size earns.
 */
import type { Page } from '@playwright/test';
import type { Order, Product, ProductDetail, ProductVariant } from '@attar/contract';
import { findProduct, productName, type Catalogue } from '../support/api';
import { expect, test } from '../support/fixtures';
import { ALL_LANGS, type Lang } from '../support/locales';
import { asShopper, saveAddress, signUp } from '../support/shoppers';
import { deliverOrder } from '../support/staff';
import {
  escapeRegExp,
  headerCartBadge,
  priceText,
  productCard,
  productDetail,
  readLocalStorage,
  searchBox,
  visit,
} from '../support/storefront';
import { API_URL } from '../support/urls';

/** A product whose smallest size in stock is not its default, at a price of its own. */
function smallerSizeOnSale(catalogue: Catalogue): { product: Product; small: ProductVariant; large: ProductVariant } {
  const product = findProduct(catalogue, 'product with a smaller size in stock at its own price', (each) => {
    const small = smallest(each);
    const large = each.variants.find((size) => size.is_default)!;
    return each.availability === 'available' && small !== undefined && !small.is_default && small.price !== large.price;
  });
  return { product, small: smallest(product)!, large: product.variants.find((size) => size.is_default)! };
}

const smallest = (product: Product): ProductVariant | undefined =>
  product.variants.filter((size) => size.availability === 'available' && size.stock >= 3).sort((a, b) => a.ml - b.ml)[0];
const sizeLabel = (lang: Lang, ml: number) => lang.t('product.sizeMl', { size: lang.number(ml) });
const filters = (page: Page, lang: Lang) => page.getByRole('form', { name: lang.t('list.filters') });
const checkedSize = (page: Page) => productDetail(page).getByRole('radio', { checked: true });
const startsWith = (text: string) => new RegExp(`^${escapeRegExp(text)}`);

/** The stars' words: "5 out of 5, 1 review". */
const ratingWords = (lang: Lang, average: number, count: number) =>
  lang.t('product.ratingSummary', { average: lang.number(average), max: lang.number(5), count, shown: lang.number(count) });

test.describe('cards', () => {
  // The inline filters are a wide screen's (phones open them as a sheet, listing-filters.spec.ts).

  for (const [index, lang] of ALL_LANGS.entries()) {
    test(`${lang.code}: a size filter opens the card on that size, its price and its bottle`, async ({ page, catalogue }) => {
      const { product, small } = smallerSizeOnSale(catalogue);
      const name = productName(product, lang.code);

      await visit(page, lang, `/fragrances?search=${encodeURIComponent(product.name_en)}`);
      // The size group starts closed (no size is set yet).
      await filters(page, lang)
        .locator('summary')
        .filter({ hasText: lang.t('list.size') })
        .click();
      await filters(page, lang).locator(`input[name="size"][value="${small.ml}"]`).check();
      await expect.poll(() => new URL(page.url()).searchParams.get('size')).toBe(String(small.ml));

      const card = productCard(page, name);
      // The size's own price, not the default's nor "from …".
      await expect(card.locator('p').filter({ hasText: priceText(lang, small.price) })).toHaveText(priceText(lang, small.price));
      await expect(card.getByRole('combobox', { name: lang.t('product.chooseSize', { name }) })).toHaveValue(String(small.id));
      await card.getByRole('button', { name: lang.t('product.addToCart') }).click();
      await expect(headerCartBadge(page)).toHaveText(lang.number(1));
      expect(JSON.parse((await readLocalStorage(page, 'products')) ?? 'null')).toEqual([
        { id: product.id, variant: small.id, quantity: 1 },
      ]);
    });

    test(`${lang.code}: a reviewed perfume shows its stars on its card, with their words`, async ({ page, request, catalogue }) => {
      test.setTimeout(90_000);
      // A perfume in stock nobody has reviewed, each language its own, taken from the end (reviews.spec.ts takes the first).
      const candidates: ProductDetail[] = [];
      for (const each of catalogue.products.filter((product) => product.stock >= 5).reverse()) {
        const detail = (await (await request.get(`${API_URL}/api/products/${each.slug}/`)).json()) as ProductDetail;
        if (detail.rating === null) candidates.push(detail);
        if (candidates.length > index) break;
      }
      const product = candidates[index]!;
      const buyer = await signUp(request, lang.code === 'ar' ? 'سلمى فريد' : 'Salma Farid');
      const address = await saveAddress(request, buyer, '4 Stars Street');
      await asShopper(request, buyer, 'post', '/api/cart-products/', { product: product.id, quantity: 1 });
      const order = await asShopper<Order>(request, buyer, 'post', '/api/orders/', { address: address.id, payment_method: 'cod' });
      await deliverOrder(order.id);
      await asShopper(request, buyer, 'post', `/api/products/${product.slug}/reviews/`, { rating: 5, text: 'Lovely on a warm evening.' });

      await visit(page, lang, `/fragrances?search=${encodeURIComponent(product.name_en)}`);
      const card = productCard(page, productName(product, lang.code));
      // The catalogue is reused for a second or two: reloaded until the card has the review.
      await expect(async () => {
        await page.reload();
        await expect(card.getByText(ratingWords(lang, 5, 1), { exact: true })).toBeAttached({ timeout: 1000 });
      }).toPass({ timeout: 15_000 });
      // The figures are for the eye; the words are what a screen reader says.
      await expect(card).toContainText(`${lang.number(5)} (${lang.number(1)})`);

      // The search box's suggestion of it says the same.
      await searchBox(page, lang).fill(product.name_en);
      const suggestion = page
        .getByRole('listbox', { name: lang.t('header.suggestions') })
        .getByRole('option')
        .filter({ hasText: productName(product, lang.code) });
      await expect(suggestion).toContainText(ratingWords(lang, 5, 1));
    });

    test(`${lang.code}: the size chosen is in the address, and a shared link opens on it`, async ({ page, catalogue }) => {
      const { product, small, large } = smallerSizeOnSale(catalogue);
      const path = `/fragrances/${product.slug}`;

      await visit(page, lang, `${path}?size=${small.ml}`);
      await expect(checkedSize(page)).toHaveAccessibleName(startsWith(sizeLabel(lang, small.ml)));
      await expect(productDetail(page).locator('p[aria-live]')).toHaveText(priceText(lang, small.price));
      // Points for that size, by the shop's rate.
      const perPoint = Math.round(catalogue.siteConfig.spend_per_point * 100);
      const points = Math.floor(Math.round(small.price * 100) / perPoint);
      if (points > 0)
        await expect(productDetail(page)).toContainText(lang.t('product.earnPoints', { count: points, shown: lang.number(points) }));

      // Choosing another size rewrites the address without a reload.
      await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));
      await productDetail(page)
        .getByRole('group', { name: lang.t('product.size') })
        .locator('label')
        .filter({ hasText: startsWith(sizeLabel(lang, large.ml)) })
        .click();
      await expect.poll(() => new URL(page.url()).searchParams.get('size')).toBe(String(large.ml));
      expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);

      // A size the product is not sold in opens on its default.
      await visit(page, lang, `${path}?size=9999`);
      await expect(checkedSize(page)).toHaveAccessibleName(startsWith(sizeLabel(lang, large.ml)));
    });
  }
});
