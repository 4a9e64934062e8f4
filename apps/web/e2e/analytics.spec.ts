/** Analytics (spec §7): list and item views reach window.dataLayer with prices in EGP. */
import { findProduct, getProduct, listProducts } from './support/api';
import { expect, test } from './support/fixtures';
import { ALL_LANGS } from './support/locales';
import { dataLayerEvents, visit } from './support/storefront';

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
