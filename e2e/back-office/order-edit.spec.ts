/**
 * An order corrected in the back office before its hand-over, in both languages: a shopper's cash order of two units
 * becomes one unit and another product's smallest size, the summary showing the new total before saving; then the
 * shelves hold what the order gave back and took, the order's lines and total are the new ones, and its timeline says
 * what changed.
 */
import type { APIRequestContext } from '@playwright/test';
import type { Order, Paginated, Product, ProductVariant } from '@attar/contract';
import { productName } from '../support/api';
import { adminMoney, adminText, openOrderEdit } from '../support/admin';
import { expect, test } from '../support/fixtures';
import { ALL_LANGS, type Lang } from '../support/locales';
import { asShopper, saveAddress, signUp } from '../support/shoppers';
import { API_URL } from '../support/urls';

/** Two well-stocked products, a different pair for each language so parallel runs never share one. */
async function stockedPair(request: APIRequestContext, lang: Lang): Promise<[Product, Product]> {
  const { results } = (await (await request.get(`${API_URL}/api/products/?page_size=60`)).json()) as Paginated<Product>;
  const stocked = results.filter((each) => each.variants.every((size) => size.stock >= 30)).sort((a, b) => a.id - b.id);
  const first = lang.code === 'en' ? 4 : 6;
  return [stocked[first]!, stocked[first + 1]!];
}

const smallestSize = (product: Product): ProductVariant => [...product.variants].sort((a, b) => a.ml - b.ml)[0]!;

/** A size's stock as the catalogue answers it now. */
async function stockOf(request: APIRequestContext, product: Product, sizeId: number) {
  const now = (await (await request.get(`${API_URL}/api/products/${product.slug}/`)).json()) as Product;
  return now.variants.find((size) => size.id === sizeId)!.stock;
}

test.describe('editing an order before hand-over', () => {
  for (const lang of ALL_LANGS) {
    test(`${lang.code}: units and lines changed, stock and totals right, the change in the timeline`, async ({ browser, request }) => {
      const [kept, added] = await stockedPair(request, lang);
      const keptSize = kept.variants.find((size) => size.is_default)!;
      const addedSize = smallestSize(added);
      const shopper = await signUp(request, 'Edited Order');
      const address = await saveAddress(request, shopper, '4 Correction Street');
      await asShopper(request, shopper, 'post', '/api/cart-products/', { product: kept.id, quantity: 2 });
      const order = await asShopper<Order>(request, shopper, 'post', '/api/orders/', { address: address.id, payment_method: 'cod' });
      const [keptBefore, addedBefore] = [await stockOf(request, kept, keptSize.id), await stockOf(request, added, addedSize.id)];

      const { staff, page, dialog, summary } = await openOrderEdit(browser, lang, order);
      await expect(summary.getByTestId('edit-total-now')).toHaveText(adminMoney(lang, order.total));
      await expect(summary.getByTestId('edit-new-total')).toHaveText(adminMoney(lang, order.total));

      const keptName = productName(kept, lang.code);
      await dialog.getByLabel(adminText(lang, 'unitsOf', { name: keptName })).fill('1');
      const addedName = adminText(lang, 'productInSize', {
        name: productName(added, lang.code),
        size: adminText(lang, 'sizeMl', { ml: lang.number(addedSize.ml) }),
      });
      await dialog.getByLabel(adminText(lang, 'findProduct')).fill(productName(added, lang.code));
      await dialog.getByRole('button', { name: adminText(lang, 'addProduct', { name: addedName }), exact: true }).click();
      // The summary the API previews: the new total before anything is saved (one unit less, the added size more; the
      // fee and free delivery as they were, both orders well under its threshold).
      const told = adminMoney(lang, Math.round((order.total - keptSize.price + addedSize.price) * 100) / 100);
      await expect(summary.getByTestId('edit-new-total')).toHaveText(told);
      await expect(summary.getByTestId('edit-difference')).toHaveText(
        adminMoney(lang, Math.round((addedSize.price - keptSize.price) * 100) / 100),
      );
      await dialog.getByRole('button', { name: adminText(lang, 'saveChanges') }).click();
      await expect(dialog).toBeHidden();
      await expect(page.getByRole('status').filter({ hasText: order.order_number })).toBeVisible();

      // The order: its new lines and the total the summary showed.
      const lines = page.getByRole('region', { name: adminText(lang, 'lines') });
      await expect(lines).toContainText(addedName);
      const totalRow = lines.getByRole('row').filter({ has: page.getByRole('rowheader', { name: adminText(lang, 'total'), exact: true }) });
      await expect(totalRow).toContainText(told);
      // The timeline says what changed, by whom.
      const timeline = page.getByRole('region', { name: adminText(lang, 'timeline') });
      const entry = timeline.getByRole('listitem').filter({ hasText: adminText(lang, 'audit_order.edit') });
      await expect(entry).toContainText(adminText(lang, 'byStaff', { name: 'Demo owner' }));
      await expect(entry).toContainText(addedName);
      await expect(entry).toContainText(adminMoney(lang, order.total));

      // The shelves: one unit back of the kept product, one taken of the added one.
      await expect.poll(() => stockOf(request, kept, keptSize.id)).toBe(keptBefore + 1);
      await expect.poll(() => stockOf(request, added, addedSize.id)).toBe(addedBefore - 1);
      const mine = await asShopper<Order>(request, shopper, 'get', `/api/orders/order_number/?number=${order.order_number}`);
      expect(mine.items.map((item) => [item.product_obj?.id, item.quantity])).toEqual([
        [kept.id, 1],
        [added.id, 1],
      ]);
      expect(adminMoney(lang, mine.total)).toBe(told);
      await staff.close();
    });
  }
});
