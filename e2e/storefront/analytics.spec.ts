/** Analytics: list and item views reach window.dataLayer with prices in EGP. */
import { findProduct, getProduct, listProducts } from '../support/api';
import { expect, test } from '../support/fixtures';
import { ALL_LANGS } from '../support/locales';
import { currentPath, dataLayerEvents, productCards, visit } from '../support/storefront';

for (const lang of ALL_LANGS) {
  test.describe(`${lang.code}`, () => {
    test('a listing pushes view_item_list with its products in EGP', async ({ page, request }) => {
      const expected = await listProducts(request, { category_slug: 'eau-de-toilette' }, lang.code);

      await visit(page, lang, '/fragrances?category_slug=eau-de-toilette');

      await expect.poll(async () => (await dataLayerEvents(page, 'view_item_list')).length).toBe(1);
      const [event] = await dataLayerEvents(page, 'view_item_list');
      expect(event?.ecommerce?.currency).toBe('EGP');
      expect(event?.ecommerce?.items).toEqual(
        expected.results.map((product) =>
          expect.objectContaining({ item_id: product.id, price: product.price, quantity: 1, item_category: product.category.name }),
        ),
      );
      // Not 'purchase': the value is price times quantity, summed in piastres.
      const piastres = expected.results.reduce((sum, product) => sum + Math.round(product.price * 100), 0);
      expect(event?.ecommerce?.value).toBe(piastres / 100);
    });

    test('opening a card pushes select_item and moves to the product without reloading the page', async ({ page, request }) => {
      const expected = await listProducts(request, { category_slug: 'eau-de-parfum' }, lang.code);
      const first = expected.results[0]!;

      await visit(page, lang, '/fragrances?category_slug=eau-de-parfum');
      await expect.poll(async () => (await dataLayerEvents(page, 'view_item_list')).length).toBe(1);
      // Survives an in-app navigation, not a reload.
      await page.evaluate(() => Object.assign(window, { sameDocument: true }));
      await productCards(page).first().getByRole('link', { name: first.name }).click();

      await expect.poll(() => currentPath(page)).toBe(lang.path(`/fragrances/${first.slug}`));
      await expect(page.getByRole('heading', { level: 1, name: first.name })).toBeVisible();
      expect(await page.evaluate(() => (window as { sameDocument?: boolean }).sameDocument)).toBe(true);
      const [event] = await dataLayerEvents(page, 'select_item');
      expect(event?.ecommerce?.items).toEqual([expect.objectContaining({ item_id: first.id, price: first.price })]);
    });

    test('a product page pushes view_item in EGP', async ({ page, request, catalogue }) => {
      const { slug } = findProduct(catalogue, 'available product', (each) => each.availability === 'available');
      // In the page's language, as the listing test reads it: the category name is the one shown.
      const product = await getProduct(request, slug, lang.code);

      await visit(page, lang, `/fragrances/${product.slug}`);

      await expect.poll(async () => (await dataLayerEvents(page, 'view_item')).length).toBe(1);
      const [event] = await dataLayerEvents(page, 'view_item');
      expect(event?.ecommerce).toMatchObject({
        currency: 'EGP',
        value: product.price,
        items: [{ item_id: product.id, item_category: product.category.name, price: product.price, quantity: 1 }],
      });
    });
  });
}
