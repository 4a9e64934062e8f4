/**
 * A product page that sells: breadcrumbs (with their BreadcrumbList), a gallery that swipes on phones, switches with
 * its thumbnails and magnifies under a mouse, "you may also like" for guests, savings on offers, and on phones a bar
 * that keeps price, size and Add to cart in reach once the controls have scrolled away.
 */
import type { Offer, Paginated, Product } from '@attar/contract';
import { findProduct, productName, type Catalogue } from '../support/api';
import { expect, test } from '../support/fixtures';
import { ALL_LANGS } from '../support/locales';
import { headerCartBadge, jsonLdBlocks, priceText, productDetail, toast, visit } from '../support/storefront';
import { API_URL } from '../support/urls';

/** A product with pictures beyond the main one. */
const withGallery = (catalogue: Catalogue) =>
  findProduct(catalogue, 'product with gallery pictures', (each) => each.productimages.length >= 2);

for (const lang of ALL_LANGS) {
  test.describe(lang.code, () => {
    test('breadcrumbs lead back to the category, the fragrances and home', async ({ page, catalogue }) => {
      const product = findProduct(catalogue, 'available product', (each) => each.availability === 'available');
      await visit(page, lang, `/fragrances/${product.slug}`);

      const trail = page.getByRole('navigation', { name: lang.t('breadcrumbs.label') });
      await expect(trail.getByRole('link')).toHaveText([lang.t('breadcrumbs.home'), lang.t('breadcrumbs.fragrances'), /\S/]);
      await expect(trail.getByRole('link').nth(2)).toHaveAttribute('href', lang.path(`/fragrances?category_slug=${product.category.slug}`));
      await expect(trail.locator('[aria-current="page"]')).toHaveText(productName(product, lang.code));

      const list = (await jsonLdBlocks(page)).find((block) => block['@type'] === 'BreadcrumbList');
      expect((list?.itemListElement as { position: number; name: string }[]).map((step) => step.position)).toEqual([1, 2, 3, 4]);
      await trail.getByRole('link', { name: lang.t('breadcrumbs.fragrances') }).click();
      await expect(page).toHaveURL(new RegExp(`${lang.path('/fragrances')}$`));
    });

    test('the gallery switches with its thumbnails and with a swipe', { tag: '@every-screen' }, async ({ page, catalogue, isMobile }) => {
      const product = withGallery(catalogue);
      await visit(page, lang, `/fragrances/${product.slug}`);

      const gallery = productDetail(page).getByRole('region', {
        name: lang.t('product.gallery', { name: productName(product, lang.code) }),
      });
      const thumbnail = (index: number) =>
        gallery.getByRole('button', { name: lang.t('product.showImage', { index: lang.number(index) }) });
      const slideInView = async (index: number) => {
        const viewport = (await gallery.locator('ul').first().locator('xpath=..').boundingBox())!;
        const slide = (await gallery
          .locator('ul')
          .first()
          .locator('li')
          .nth(index - 1)
          .boundingBox())!;
        return Math.abs(slide.x - viewport.x) < 2;
      };
      await expect(thumbnail(1)).toHaveAttribute('aria-current', 'true');

      await thumbnail(3).click();
      await expect(thumbnail(3)).toHaveAttribute('aria-current', 'true');
      await expect.poll(() => slideInView(3)).toBe(true);

      // On a phone, a swipe towards the start of the line brings the next picture (leftwards in English, rightwards in Arabic).
      if (!isMobile) return;
      await thumbnail(1).click();
      await expect.poll(() => slideInView(1)).toBe(true);
      const slides = gallery.locator('ul').first();
      const box = (await slides.boundingBox())!;
      const [from, to] = lang.dir === 'rtl' ? [0.2, 0.8] : [0.8, 0.2];
      await slides.evaluate(
        async (element, [startX, endX, y]) => {
          const touch = (x: number) => new Touch({ identifier: 1, target: element, clientX: x, clientY: y! });
          const send = (type: string, x: number) =>
            element.dispatchEvent(
              new TouchEvent(type, {
                touches: type === 'touchend' ? [] : [touch(x)],
                changedTouches: [touch(x)],
                bubbles: true,
                cancelable: true,
              }),
            );
          send('touchstart', startX!);
          for (let step = 1; step <= 10; step += 1) {
            send('touchmove', startX! + ((endX! - startX!) * step) / 10);
            await new Promise((resolve) => requestAnimationFrame(resolve));
          }
          send('touchend', endX!);
        },
        [box.x + box.width * from, box.x + box.width * to, box.y + box.height / 2],
      );
      await expect(thumbnail(2)).toHaveAttribute('aria-current', 'true');
    });

    test('"you may also like" shows a guest the products closest to this one', async ({ page, request, catalogue }) => {
      const product = findProduct(catalogue, 'available product with notes', (each) => each.notes.top.length > 0);
      const similar = (await (await request.get(`${API_URL}/api/products/${product.slug}/similar/?lang=${lang.code}`)).json()) as Product[];
      expect(similar.length).toBeGreaterThan(0);

      await visit(page, lang, `/fragrances/${product.slug}`);
      const rail = page.getByRole('region', { name: lang.t('product.similar') });
      await expect(rail.getByRole('heading', { level: 3 })).toHaveText(similar.map((each) => each.name));
      await rail.getByRole('link', { name: similar[0]!.name }).first().click();
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(similar[0]!.name);
    });

    test('an offer shows what it saves against its parts', async ({ page, request }) => {
      const offers = (await (await request.get(`${API_URL}/api/offers/?page_size=100`)).json()) as Paginated<Offer>;
      const offer = offers.results.find((each) => each.original_price > each.price)!;
      const saved = (Math.round(offer.original_price * 100) - Math.round(offer.price * 100)) / 100;
      const percent = Math.round((saved / offer.original_price) * 100);

      await visit(page, lang, `/offers/${offer.slug}`);
      await expect(productDetail(page)).toContainText(
        lang.t('price.savings', { amount: priceText(lang, saved), percent: lang.number(percent) }).replace(/<\/?ltr>/g, ''),
      );
    });
  });
}

test.describe('on a phone', { tag: '@phone' }, () => {
  // The buy bar is for phones.

  for (const lang of ALL_LANGS) {
    test(`${lang.code}: the buy bar appears once the controls scroll away, and adds the size chosen`, async ({ page, catalogue }) => {
      const product = findProduct(catalogue, 'available product', (each) => each.availability === 'available' && each.stock >= 2);
      const size = product.variants.find((each) => each.is_default)!;
      await visit(page, lang, `/fragrances/${product.slug}`);

      const bar = page.getByRole('region', { name: lang.t('product.buyBar') });
      await expect(bar).toHaveCount(0);
      // Straight from the top to the suggestions below: the controls are never on the screen on the way.
      await page.getByRole('heading', { name: lang.t('product.similar') }).scrollIntoViewIfNeeded();
      await expect(bar).toBeVisible();
      await expect(bar).toContainText(priceText(lang, size.price));
      await expect(bar).toContainText(lang.t('product.sizeMl', { size: lang.number(size.ml) }));
      await bar.getByRole('button', { name: lang.t('product.addToCart') }).click();
      await expect(toast(page, 'success', lang.t('product.addedToCart'))).toBeVisible();
      await expect(headerCartBadge(page)).toHaveText(lang.number(1));

      // Back at the controls, the bar steps aside.
      await page.getByRole('button', { name: lang.t('cart.close') }).click();
      await productDetail(page).getByRole('heading', { level: 1 }).scrollIntoViewIfNeeded();
      await expect(bar).toHaveCount(0);
    });
  }
});
