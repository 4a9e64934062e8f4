/** The bag page (/bag) for a guest: the lines of the local cart, quantity changes and removal. */
import { defaultSize, findProduct, productName } from '../support/api';
import { expect, test } from '../support/fixtures';
import { ALL_LANGS } from '../support/locales';
import { currentPath, headerCartBadge, priceText, productDetail, readLocalStorage, sizedName, toast, visit } from '../support/storefront';

for (const lang of ALL_LANGS) {
  test(`${lang.code}: the bag shows the guest cart, changes quantities and removes lines`, async ({ page, catalogue }) => {
    const product = findProduct(
      catalogue,
      'available product with a stock of 3 or more',
      (each) => each.availability === 'available' && each.stock >= 3,
    );
    const name = productName(product, lang.code);
    const cartLines = async () => JSON.parse((await readLocalStorage(page, 'products')) ?? '[]') as unknown;

    await visit(page, lang, `/fragrances/${product.slug}`);
    await productDetail(page)
      .getByRole('button', { name: lang.t('product.increase') })
      .click();
    await productDetail(page)
      .getByRole('button', { name: lang.t('product.addToCart') })
      .click();
    await expect(headerCartBadge(page)).toHaveText(lang.number(2));

    await page.getByRole('banner').locator('a[href$="/bag"]').click();
    await expect.poll(() => currentPath(page)).toBe(lang.path('/bag'));
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { level: 1 })).toHaveText(lang.t('bag.title'));
    const line = main.getByRole('listitem').filter({ has: page.getByRole('link', { name, exact: true }) });
    await expect(line.getByRole('status')).toHaveText(lang.number(2));
    // Subtotal: price × quantity, in piastres so the sum is exact.
    await expect(main).toContainText(priceText(lang, (Math.round(product.price * 100) * 2) / 100));

    await line.getByRole('button', { name: lang.t('product.increase') }).click();
    await expect(line.getByRole('status')).toHaveText(lang.number(3));
    await expect.poll(cartLines).toEqual([{ id: product.id, variant: defaultSize(product).id, quantity: 3 }]);

    await line.getByRole('button', { name: lang.t('bag.remove', { name: sizedName(lang, name, defaultSize(product).ml) }) }).click();
    await expect(toast(page, 'success', lang.t('bag.removed'))).toBeVisible();
    await expect(main.getByText(lang.t('bag.empty'), { exact: true })).toBeVisible();
    await expect(headerCartBadge(page)).toHaveCount(0);
    await expect.poll(cartLines).toEqual([]);
  });

  test(`${lang.code}: a line above the stock left is lowered and says so, and the header counts what the bag counts`, async ({
    page,
    catalogue,
  }) => {
    // The header's count is on the desktop; the rule is the same on phones.
    const scarce = findProduct(
      catalogue,
      'an available product with 3 to 9 left',
      (each) => each.availability === 'available' && each.variants.length === 1 && each.stock >= 3 && each.stock <= 9,
    );
    const soldOut = findProduct(catalogue, 'a sold-out product', (each) => each.availability === 'out_of_stock');
    const asked = scarce.stock + 4;
    await page.addInitScript(
      ([lines]) => {
        if (!window.localStorage.getItem('products')) window.localStorage.setItem('products', lines!);
      },
      [
        JSON.stringify([
          { id: scarce.id, quantity: asked },
          { id: soldOut.id, quantity: 2 },
        ]),
      ],
    );

    await visit(page, lang, '/bag');
    const main = page.getByRole('main');
    const line = main.getByRole('listitem').filter({ has: page.getByRole('link', { name: productName(scarce, lang.code), exact: true }) });
    const reduced = lang.t('cart.reduced', { count: scarce.stock, shown: lang.number(scarce.stock), from: lang.number(asked) });
    await expect(line).toContainText(reduced);
    await expect(line.getByRole('status')).toHaveText(lang.number(scarce.stock));
    // The sold-out line is shown but not counted, in the total or in the header.
    await expect(headerCartBadge(page)).toHaveText(lang.number(scarce.stock));
    await expect(main).toContainText(priceText(lang, (Math.round(scarce.price * 100) * scarce.stock) / 100));
    await expect
      .poll(async () => JSON.parse((await readLocalStorage(page, 'products')) ?? '[]') as unknown)
      .toContainEqual({ id: scarce.id, variant: defaultSize(scarce).id, quantity: scarce.stock });

    // Said once: the bag now holds what is left.
    await page.reload();
    await expect(line.getByRole('status')).toHaveText(lang.number(scarce.stock));
    await expect(line).not.toContainText(reduced);
  });
}

for (const lang of ALL_LANGS) {
  test(
    `${lang.code}: on a phone, the bottom bar's current cart keeps its count legible on the gold icon`,
    { tag: '@phone' },
    async ({ page, catalogue }) => {
      // The bottom bar is for phones.
      const product = findProduct(catalogue, 'an available product', (each) => each.availability === 'available');
      await page.addInitScript((line) => window.localStorage.setItem('products', line), JSON.stringify([{ id: product.id, quantity: 1 }]));

      await visit(page, lang, '/bag');
      const cart = page.getByRole('navigation', { name: lang.t('a11y.bottomNav') }).getByRole('link', { name: lang.t('bottomBar.cart') });
      await expect(cart).toHaveAttribute('aria-current', 'page');
      const count = cart.getByTestId('cart-count');
      await expect(count).toHaveText(lang.number(1));
      // Cream with ink digits on the gold icon (gold on gold before), set apart by a ring in the bar's colour.
      await expect(count).toHaveCSS('background-color', 'rgb(244, 237, 225)');
      await expect(count).toHaveCSS('color', 'rgb(13, 11, 9)');
      await expect(cart.locator('svg')).toHaveCSS('color', 'rgb(212, 175, 106)');
    },
  );
}
