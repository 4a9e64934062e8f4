/**
 * The cart and favourites: the guest and signed-in cart panels, /bag, the guest cart joining
 * the account's cart at log-in, favourites on /favourite feeding the panel's suggestions, rollback of a failed
 * call, and the Egypt rule. Shoppers are signed up through the API (each from its own forwarded address, since the
 * API limits sign-ups per address); the log-in test signs in through the /login page.
 */
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import type { Cart, Offer, Paginated, Product } from '@attar/contract';
import { defaultSize, E2E_SLUG_PREFIX, findProduct, productName, type Catalogue } from '../support/api';
import { expect, test } from '../support/fixtures';
import { ALL_LANGS, type Lang } from '../support/locales';
import {
  currentPath,
  dataLayerEvents,
  escapeRegExp,
  headerCartBadge,
  priceText,
  productCard,
  productDetail,
  readLocalStorage,
  sizedName,
  toast,
  visit,
} from '../support/storefront';
import { asShopper, openSignedIn, SHOPPER_PASSWORD, signUp } from '../support/shoppers';
import { API_URL } from '../support/urls';

async function availableOffer(request: APIRequestContext): Promise<Offer> {
  const response = await request.get(`${API_URL}/api/offers/?page_size=100`);
  // Not one the back-office specs put together while the run goes on (slugs `e2e-…`): the seed's.
  const offer = ((await response.json()) as Paginated<Offer>).results.find(
    (each) => each.availability === 'offer' && each.stock >= 2 && !each.slug.startsWith(E2E_SLUG_PREFIX),
  );
  if (!offer) throw new Error('The seed catalogue has no offer in stock');
  return offer;
}

/** Two different available products with some stock, the first with at least three. */
function twoProducts(catalogue: Catalogue): [Product, Product] {
  const first = findProduct(
    catalogue,
    'available product with a stock of 3 or more',
    (each) => each.availability === 'available' && each.stock >= 3,
  );
  const second = findProduct(
    catalogue,
    'second available product',
    (each) => each.availability === 'available' && each.stock >= 2 && each.id !== first.id,
  );
  return [first, second];
}

const offerName = (offer: Offer, lang: Lang) => (lang.code === 'ar' ? offer.name_ar : offer.name_en);
const exactPounds = (...amounts: [price: number, quantity: number][]) =>
  amounts.reduce((sum, [price, quantity]) => sum + Math.round(price * 100) * quantity, 0) / 100;

function cartPanel(page: Page, lang: Lang): Locator {
  return page.getByRole('dialog', { name: new RegExp(`^${escapeRegExp(lang.t('cart.panelTitle'))}`) });
}

/** A line of a list (panel or /bag) by the item's name. */
function lineOf(scope: Locator, page: Page, name: string): Locator {
  return scope.getByRole('listitem').filter({ has: page.getByRole('link', { name, exact: true }) });
}

/** The cart's lines (panel or /bag), not the "You may also like" slides after them. */
function cartLines(scope: Locator): Locator {
  return scope.getByRole('listitem').and(scope.locator(':not([aria-roledescription="slide"])'));
}

async function addFromMain(page: Page, lang: Lang): Promise<void> {
  await productDetail(page)
    .getByRole('button', { name: lang.t('product.addToCart') })
    .click();
}

async function storedLines(page: Page, key: 'products' | 'offers'): Promise<unknown> {
  return JSON.parse((await readLocalStorage(page, key)) ?? '[]');
}

async function eventItems(page: Page, event: string) {
  return (await dataLayerEvents(page, event)).map((entry) => ({ value: entry.ecommerce?.value, items: entry.ecommerce?.items }));
}

for (const lang of ALL_LANGS) {
  test.describe(`${lang.code}`, () => {
    test(
      'a guest adds a product and an offer, proceeds from the panel to /bag, changes a quantity and removes a line',
      { tag: '@every-screen' },
      async ({ page, catalogue, request }) => {
        const [product] = twoProducts(catalogue);
        const offer = await availableOffer(request);
        const name = productName(product, lang.code);
        const bundle = offerName(offer, lang);
        const panel = cartPanel(page, lang);

        await visit(page, lang, `/fragrances/${product.slug}`);
        await addFromMain(page, lang);
        await expect(toast(page, 'success', lang.t('product.addedToCart'))).toBeVisible();
        await expect(panel).toBeVisible();
        await expect(lineOf(panel, page, name)).toContainText(
          lang.t('cart.lineQuantity', { quantity: lang.number(1), price: priceText(lang, product.price) }),
        );
        await expect(headerCartBadge(page)).toHaveText(lang.number(1));
        expect(await eventItems(page, 'add_to_cart')).toEqual([
          { value: product.price, items: [expect.objectContaining({ item_id: product.id, price: product.price, quantity: 1 })] },
        ]);
        await panel.getByRole('button', { name: lang.t('cart.continue') }).click();
        await expect(panel).toHaveCount(0);

        await visit(page, lang, '/offers');
        await productCard(page, bundle)
          .getByRole('button', { name: lang.t('product.addToCart') })
          .click();
        await expect(panel).toBeVisible();
        await expect(cartLines(panel)).toHaveCount(2);
        await expect(lineOf(panel, page, bundle)).toBeVisible();
        expect(await storedLines(page, 'offers')).toEqual([{ id: offer.id, quantity: 1 }]);
        await expect(headerCartBadge(page)).toHaveText(lang.number(2));

        await panel.getByRole('link', { name: lang.t('cart.proceed') }).click();
        await expect.poll(() => currentPath(page)).toBe(lang.path('/bag'));
        await expect(panel).toHaveCount(0);
        const main = page.getByRole('main');
        const productLine = lineOf(main, page, name);
        await expect(productLine.getByRole('status')).toHaveText(lang.number(1));
        await expect(main.getByRole('complementary')).toContainText(priceText(lang, exactPounds([product.price, 1], [offer.price, 1])));
        await expect.poll(async () => (await dataLayerEvents(page, 'view_cart')).length).toBe(1);

        await productLine.getByRole('button', { name: lang.t('product.increase') }).click();
        await expect(productLine.getByRole('status')).toHaveText(lang.number(2));
        await expect.poll(() => storedLines(page, 'products')).toEqual([{ id: product.id, variant: defaultSize(product).id, quantity: 2 }]);
        await expect(main.getByRole('complementary')).toContainText(priceText(lang, exactPounds([product.price, 2], [offer.price, 1])));

        await lineOf(main, page, bundle)
          .getByRole('button', { name: lang.t('bag.remove', { name: bundle }) })
          .click();
        await expect(toast(page, 'success', lang.t('bag.removed'))).toBeVisible();
        await expect(lineOf(main, page, bundle)).toHaveCount(0);
        await expect(headerCartBadge(page)).toHaveText(lang.number(2));
        expect(await storedLines(page, 'offers')).toEqual([]);
        expect(await eventItems(page, 'remove_from_cart')).toEqual([
          { value: offer.price, items: [expect.objectContaining({ item_id: offer.id, quantity: 1 })] },
        ]);
      },
    );

    test('a guest cart joins the account cart at log-in', async ({ page, catalogue, request }) => {
      const [product, alreadyThere] = twoProducts(catalogue);
      const shopper = await signUp(request);
      await asShopper(request, shopper, 'post', '/api/cart-products/', { product: alreadyThere.id, quantity: 1 });

      await visit(page, lang, `/fragrances/${product.slug}`);
      await productDetail(page)
        .getByRole('button', { name: lang.t('product.increase') })
        .click();
      await addFromMain(page, lang);
      await expect(headerCartBadge(page)).toHaveText(lang.number(2));

      await visit(page, lang, '/login');
      const form = page.getByRole('main').locator('form');
      await form.getByLabel(lang.t('account.fields.identifier'), { exact: true }).fill(shopper.email);
      await form.getByLabel(lang.t('account.fields.password'), { exact: true }).fill(SHOPPER_PASSWORD);
      await form.getByRole('button', { name: lang.t('account.login.submit'), exact: true }).click();
      await expect.poll(() => readLocalStorage(page, 'token')).not.toBeNull();
      await expect.poll(() => storedLines(page, 'products')).toEqual([]);
      await expect(headerCartBadge(page)).toHaveText(lang.number(3));

      const cart = await asShopper<Cart>(request, shopper, 'get', '/api/carts/me/');
      expect(cart.products.map((line) => [line.product_obj.id, line.quantity]).sort()).toEqual(
        [
          [product.id, 2],
          [alreadyThere.id, 1],
        ].sort(),
      );
      await visit(page, lang, '/bag');
      const main = page.getByRole('main');
      await expect(lineOf(main, page, productName(product, lang.code)).getByRole('status')).toHaveText(lang.number(2));
      await expect(lineOf(main, page, productName(alreadyThere, lang.code)).getByRole('status')).toHaveText(lang.number(1));
    });

    test('a signed-in shopper keeps favourites on /favourite, and they feed the panel suggestions', async ({
      page,
      context,
      catalogue,
      request,
    }) => {
      // A long journey (two pages, a second tab, several calls): more time than the default on a busy machine.
      test.slow();
      const [product, favourite] = twoProducts(catalogue);
      const shopper = await signUp(request);
      await asShopper(request, shopper, 'post', '/api/user_wish_lists/', { product_write: favourite.id });

      await openSignedIn(page, lang, shopper, '/favourite');
      const favouriteName = productName(favourite, lang.code);
      const favouriteCard = productCard(page, favouriteName);
      await expect(favouriteCard).toBeVisible();
      // A favourite's heart says what pressing it does: remove it.
      await expect(favouriteCard.getByRole('button', { name: lang.t('product.removeFavourite', { name: favouriteName }) })).toBeVisible();

      const name = productName(product, lang.code);
      await visit(page, lang, `/fragrances/${product.slug}`);
      const main = page.getByRole('main');
      await main.getByRole('button', { name: lang.t('product.addFavourite', { name }), exact: true }).click();
      await expect(main.getByRole('button', { name: lang.t('product.removeFavourite', { name }), exact: true })).toBeVisible();
      expect(await eventItems(page, 'add_to_wishlist')).toEqual([
        { value: product.price, items: [expect.objectContaining({ item_id: product.id, quantity: 1 })] },
      ]);

      await addFromMain(page, lang);
      const panel = cartPanel(page, lang);
      await expect(panel).toBeVisible();
      await expect(toast(page, 'success', lang.t('product.addedToCart'))).toBeVisible();
      const suggestions = panel.getByRole('region', { name: lang.t('cart.suggestions') });
      await expect(suggestions.getByRole('link', { name: favouriteName, exact: true })).toHaveCount(1);
      // What is in the cart is not suggested.
      await expect(suggestions.getByRole('link', { name, exact: true })).toHaveCount(0);
      const cart = await asShopper<Cart>(request, shopper, 'get', '/api/carts/me/');
      expect(cart.products.map((line) => [line.product_obj.id, line.quantity])).toEqual([[product.id, 1]]);

      // A second tab agrees once it loads.
      const otherTab = await context.newPage();
      await visit(otherTab, lang, '/bag');
      await expect(lineOf(otherTab.getByRole('main'), otherTab, name)).toBeVisible();

      // Removing the last item of a signed-in cart closes the panel.
      await lineOf(panel, page, name)
        .getByRole('button', { name: lang.t('bag.remove', { name: sizedName(lang, name, defaultSize(product).ml) }) })
        .click();
      await expect(panel).toHaveCount(0);
      await expect(toast(page, 'success', lang.t('bag.removed'))).toBeVisible();
      await expect(headerCartBadge(page)).toHaveCount(0);
      await expect.poll(async () => (await asShopper<Cart>(request, shopper, 'get', '/api/carts/me/')).count).toBe(0);
      await otherTab.reload();
      await expect(otherTab.getByRole('main').getByText(lang.t('bag.empty'), { exact: true })).toBeVisible();

      await visit(page, lang, '/favourite');
      await expect(productCard(page, name)).toBeVisible();
      await expect(productCard(page, favouriteName)).toBeVisible();
    });

    test('a failed add is rolled back with the error toast', async ({ page, catalogue, request }) => {
      const [product] = twoProducts(catalogue);
      const shopper = await signUp(request);
      const refusal = { detail: lang.code === 'ar' ? 'المتوفر 1 فقط.' : 'Only 1 available.', code: 'insufficient_stock', available: 1 };
      await page.route('**/api/cart-products/', (route) =>
        route.request().method() === 'POST' ? route.fulfill({ status: 400, json: refusal }) : route.fallback(),
      );

      await openSignedIn(page, lang, shopper, `/fragrances/${product.slug}`);
      await addFromMain(page, lang);

      await expect(toast(page, 'error', refusal.detail)).toBeVisible();
      await expect(cartPanel(page, lang).getByText(lang.t('cart.empty'), { exact: true })).toBeVisible();
      await expect(headerCartBadge(page)).toHaveCount(0);
      expect(await dataLayerEvents(page, 'add_to_cart')).toEqual([]);
      await expect(toast(page, 'success', lang.t('product.addedToCart'))).toHaveCount(0);
    });

    test('an unpublished item and a corrupt local cart do not break the bag', async ({ page, catalogue }) => {
      const [product] = twoProducts(catalogue);
      const goneId = 987_654;
      // Seeded once per tab: the reload below must find what the page itself stored.
      await page.addInitScript(
        ([productId, missingId]) => {
          if (window.sessionStorage.getItem('cartSeeded')) return;
          window.sessionStorage.setItem('cartSeeded', 'true');
          window.localStorage.setItem(
            'products',
            JSON.stringify([
              { id: productId, quantity: 2 },
              { id: missingId, quantity: 1 },
            ]),
          );
          window.localStorage.setItem('offers', '{corrupt');
        },
        [product.id, goneId],
      );

      await visit(page, lang, '/bag');
      const main = page.getByRole('main');
      const gone = main.getByRole('listitem').filter({ hasText: lang.t('bag.unavailable', { id: goneId }) });
      await expect(gone).toContainText(lang.t('cart.unavailableNote'));
      await expect(cartLines(main)).toHaveCount(2);
      await expect(main.getByRole('complementary')).toContainText(priceText(lang, exactPounds([product.price, 2])));
      // The header counts what the total counts: the unavailable line is shown but not counted.
      await expect(headerCartBadge(page)).toHaveText(lang.number(2));

      await page.evaluate(() => window.localStorage.setItem('products', 'not json at all'));
      await page.reload();
      await expect(main.getByText(lang.t('bag.empty'), { exact: true })).toBeVisible();
      await expect(headerCartBadge(page)).toHaveCount(0);
    });

    test('a dead stored token leaves the visitor with the guest cart', async ({ page, catalogue }) => {
      const [product] = twoProducts(catalogue);
      await page.addInitScript((productId) => {
        if (window.sessionStorage.getItem('cartSeeded')) return;
        window.sessionStorage.setItem('cartSeeded', 'true');
        window.localStorage.setItem('token', 'no-longer-valid');
        window.localStorage.setItem('products', JSON.stringify([{ id: productId, quantity: 1 }]));
      }, product.id);

      await visit(page, lang, '/bag');

      await expect(lineOf(page.getByRole('main'), page, productName(product, lang.code)).getByRole('status')).toHaveText(lang.number(1));
      await expect(headerCartBadge(page)).toHaveText(lang.number(1));
      expect(await readLocalStorage(page, 'token')).toBeNull();
      await visit(page, lang, `/fragrances/${product.slug}`);
      await addFromMain(page, lang);
      await expect(toast(page, 'success', lang.t('product.addedToCart'))).toBeVisible();
      expect(await storedLines(page, 'products')).toEqual([{ id: product.id, variant: defaultSize(product).id, quantity: 2 }]);
    });

    test.describe('a visitor outside Egypt', () => {
      test.use({ presetCountry: 'France' });

      test('sees no prices and cannot add to or change the cart', async ({ page, catalogue }) => {
        const [product] = twoProducts(catalogue);
        await page.route('**/api/check-ip-address*', (route) =>
          route.request().method() === 'POST' ? route.fulfill({ json: { country: 'France', country_code: 'FR' } }) : route.fallback(),
        );
        await page.addInitScript(
          (productId) => window.localStorage.setItem('products', JSON.stringify([{ id: productId, quantity: 2 }])),
          product.id,
        );

        await visit(page, lang, `/fragrances/${product.slug}`);
        const main = page.getByRole('main');
        await expect(productDetail(page).getByRole('button', { name: lang.t('product.addToCart') })).toBeDisabled();
        await expect(main).not.toContainText(lang.t('price.currency'));

        await visit(page, lang, '/bag');
        const line = lineOf(main, page, productName(product, lang.code));
        await expect(line.getByRole('status')).toHaveText(lang.number(2));
        await expect(main.getByText(lang.t('price.egyptOnly'))).toBeVisible();
        await expect(main).not.toContainText(lang.t('price.currency'));
        await expect(line.getByRole('button', { name: lang.t('product.increase') })).toBeDisabled();
        await expect(line.getByRole('button', { name: lang.t('product.decrease') })).toBeDisabled();
      });
    });
  });
}
