/**
 * The README's pictures of the shop, taken from the running shop as the journeys see it: home, a product page and
 * checkout of the storefront, and the back office's orders, in both languages. Run by `npm run screenshots` (its own
 * Playwright project, left out of `npm test`); it writes small JPEG files to docs/screenshots/.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import type { ListedProduct } from '@attar/contract';
import { adminContext, adminText, signIn } from '../support/admin';
import { fillAddress, guestAtCheckout } from '../support/checkout';
import { expect, test } from '../support/fixtures';
import { ALL_LANGS } from '../support/locales';
import { demoOwner } from '../support/staff';
import { productDetail, settle, visit } from '../support/storefront';

const SCREENSHOTS_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../docs/screenshots');

/** The visible screen, as a JPEG small enough for a README. */
async function picture(page: Page, name: string): Promise<void> {
  await settle(page);
  await page.screenshot({ path: path.join(SCREENSHOTS_DIR, `${name}.jpg`), type: 'jpeg', quality: 70, animations: 'disabled' });
}

for (const lang of ALL_LANGS) {
  test.describe(lang.code, { tag: '@screenshots' }, () => {
    // Several pages each, every one left to settle before its picture.
    test.describe.configure({ timeout: 120_000 });
    test('storefront: home, a reviewed product and checkout', async ({ page, request, catalogue }) => {
      await visit(page, lang, '/');
      await expect(page.getByRole('main')).toBeVisible();
      await picture(page, `home-${lang.code}`);

      // A product the demo's shoppers reviewed, so its stars show.
      const reviewed = catalogue.products.find((product) => (product as ListedProduct).rating) ?? catalogue.products[0]!;
      await visit(page, lang, `/fragrances/${reviewed.slug}`);
      await expect(productDetail(page)).toBeVisible();
      await picture(page, `product-${lang.code}`);

      const { place } = await guestAtCheckout(page, request, catalogue, lang);
      await visit(page, lang, '/checkout');
      await fillAddress(page.getByRole('main'), lang, place);
      await picture(page, `checkout-${lang.code}`);
    });

    test('back office: the orders board', async ({ browser }) => {
      const context = await adminContext(browser, lang);
      const page = await context.newPage();
      await signIn(page, lang, demoOwner());
      await expect(page.getByRole('heading', { name: adminText(lang, 'ordersTitle'), level: 1 })).toBeVisible();
      await picture(page, `back-office-${lang.code}`);
      await context.close();
    });
  });
}
