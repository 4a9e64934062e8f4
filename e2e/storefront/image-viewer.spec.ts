/**
 * On a phone, a tap on a product's main picture opens its pictures full screen: a labelled modal dialog that Escape,
 * the back button and the close button shut, leaving the shopper on the product page; axe finds nothing moderate or
 * worse while it is open.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { findProduct, productName, type Catalogue } from '../support/api';
import { expect, test } from '../support/fixtures';
import { ALL_LANGS, type Lang } from '../support/locales';
import { escapeRegExp, productDetail, visit } from '../support/storefront';

const SEVERE = new Set(['moderate', 'serious', 'critical']);

const withGallery = (catalogue: Catalogue) =>
  findProduct(catalogue, 'product with gallery pictures', (each) => each.productimages.length >= 2);

test.describe('the full-screen picture viewer', { tag: '@phone' }, () => {
  for (const lang of ALL_LANGS) {
    test(`${lang.code}: a tap opens it; Escape, back and the close button close it`, async ({ page, catalogue }) => {
      const product = withGallery(catalogue);
      const name = productName(product, lang.code);
      const path = `/fragrances/${product.slug}`;
      const count = lang.number(product.productimages.length + 1);
      await visit(page, lang, path);
      const viewer = page.getByRole('dialog', { name: lang.t('product.gallery', { name }) });
      const open = () => mainPicture(page, lang, name).tap();

      await open();
      await expect(viewer).toBeVisible();
      await expect(viewer.getByRole('img', { name: lang.t('product.image', { name, index: lang.number(1) }) })).toBeVisible();
      await expect(viewer).toContainText(lang.t('product.viewer.position', { index: lang.number(1), count }));
      const violations = (await new AxeBuilder({ page }).analyze()).violations.filter((each) => SEVERE.has(each.impact ?? ''));
      expect(violations.map((each) => `${each.id}: ${each.nodes.map((node) => node.target.join(' ')).join(' | ')}`)).toEqual([]);

      // The next picture, with the button a keyboard or screen reader uses.
      await viewer.getByRole('button', { name: lang.t('product.viewer.next') }).click();
      await expect(viewer).toContainText(lang.t('product.viewer.position', { index: lang.number(2), count }));

      await page.keyboard.press('Escape');
      await expect(viewer).toBeHidden();
      await expect(page).toHaveURL(new RegExp(`${lang.path(path)}$`));

      // Back closes the viewer and stays on the product.
      await open();
      await expect(viewer).toBeVisible();
      await page.goBack();
      await expect(viewer).toBeHidden();
      await expect(productDetail(page).getByRole('heading', { level: 1 })).toHaveText(name);
      await expect(page).toHaveURL(new RegExp(`${lang.path(path)}$`));

      await open();
      await viewer.getByRole('button', { name: lang.t('product.viewer.close') }).tap();
      await expect(viewer).toBeHidden();
      await expect(productDetail(page).getByRole('heading', { level: 1 })).toHaveText(name);
      // Its history entry went with it: one Back leaves the product page.
      await page.goBack();
      await expect(page).not.toHaveURL(new RegExp(escapeRegExp(path)));
    });
  }
});

function mainPicture(page: Page, lang: Lang, name: string) {
  return productDetail(page)
    .getByRole('region', { name: lang.t('product.gallery', { name }) })
    .getByRole('button', { name: new RegExp(escapeRegExp(lang.t('product.viewer.open'))) })
    .first();
}
