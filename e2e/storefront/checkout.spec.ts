/**
 * Checkout: a signed-in shopper adds an address, applies a promo code, pays cash on delivery, lands on the
 * order-result page and finds the order in their history; a guest confirms their number with an SMS code, applies
 * a code and pays by card through the built-in test gateway; a declined card leaves no placed order. Both languages.
 * Each test comes from its own client address: the API limits code sends per address.
 */
import type { APIRequestContext, Page } from '@playwright/test';
import type { Order } from '@attar/contract';
import { productName, type Catalogue } from '../support/api';
import { cheapProduct, fillAddress, firstRegionAndCity, guestAtCheckout, type Place } from '../support/checkout';
import { adminContext, adminText, signIn } from '../support/admin';
import { COUNTRY_COOKIE, expect, test as base } from '../support/fixtures';
import { ALL_LANGS, type Lang } from '../support/locales';
import {
  asShopper,
  codeSentTo,
  openSignedIn,
  outbox,
  randomClientAddress,
  saveAddress,
  SHOPPER_PASSWORD,
  signUp,
  verifyPhone,
} from '../support/shoppers';
import { demoOwner } from '../support/staff';
import {
  checkoutSummary,
  currentPath,
  dataLayerEvents,
  expectAddressChosen,
  jsonLdBlocks,
  priceText,
  readLocalStorage,
  testGateway,
  toast,
  visit,
} from '../support/storefront';
import { ADMIN_URL, API_URL, STOREFRONT_URL } from '../support/urls';

const test = base.extend<{ clientAddress: string }>({
  clientAddress: async ({}, use) => use(randomClientAddress()),
  context: async ({ context, clientAddress }, use) => {
    await context.setExtraHTTPHeaders({ 'X-Forwarded-For': clientAddress });
    await use(context);
  },
});

/** Cairo's delivery fee in the seed (apps/api/src/checkout/regions-data.ts) and the site's free-shipping threshold. */
const CAIRO_FEE = 50;
const FREE_SHIPPING_AFTER = 1500;

/** What the API will charge, by the rules of docs/orders.md: percent off rounded down to piastres, fee below the threshold. */
function expectedTotal(subtotal: number, percent: number): { discount: number; fee: number; total: number } {
  const piastres = Math.round(subtotal * 100);
  const discount = Math.floor((piastres * percent) / 100);
  const payable = piastres - discount;
  const fee = payable >= FREE_SHIPPING_AFTER * 100 ? 0 : CAIRO_FEE * 100;
  return { discount: discount / 100, fee: fee / 100, total: (payable + fee) / 100 };
}

/** A new shopper with a saved address and one unit of a cheap perfume in the bag. */
async function signedInWithOne(request: APIRequestContext, catalogue: Catalogue, street: string) {
  const shopper = await signUp(request);
  const product = cheapProduct(catalogue);
  await asShopper(request, shopper, 'post', '/api/cart-products/', { product: product.id, quantity: 1 });
  await saveAddress(request, shopper, street);
  return { shopper, product };
}

/** The signed-in shopper's saved addresses, one of which is chosen. */

async function applyCode(page: Page, lang: Lang, code: string): Promise<void> {
  await page.getByRole('textbox', { name: lang.t('account.fields.promoCode'), exact: true }).fill(code);
  await page.getByRole('button', { name: lang.t('checkout.applyCode'), exact: true }).click();
}

/**
 * Chooses to pay by card from the keyboard (Space on the focused radio): on phones the sticky header and the fixed
 * bottom bar can sit over the choice wherever a pointer click scrolls it.
 */
async function chooseCard(page: Page, lang: Lang): Promise<void> {
  await page.getByRole('radio', { name: lang.t('checkout.methods.card') }).focus();
  await page.keyboard.press('Space');
  await expect(page.getByRole('radio', { name: lang.t('checkout.methods.card') })).toBeChecked();
}

/** A signed-up shopper with a saved address and one cheap perfume in the cart. */
async function shopperWithCart(request: APIRequestContext, catalogue: Catalogue, lang: Lang) {
  const shopper = await signUp(request);
  const product = cheapProduct(catalogue);
  const place = await firstRegionAndCity(request, lang);
  await asShopper(request, shopper, 'post', '/api/addresses/', {
    name: shopper.user.name,
    phone: '01012345678',
    region: place.region.id,
    city: place.city.id,
    street: '9 Road 233',
  });
  await asShopper(request, shopper, 'post', '/api/cart-products/', { product: product.id, quantity: 1 });
  return { shopper, product };
}

/** The order-result page: its heading, and the order number from the address. */
async function expectResult(page: Page, lang: Lang, title: string): Promise<string> {
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  const url = new URL(page.url());
  expect(url.pathname).toBe(lang.path('/'));
  const number = url.searchParams.get('order_id');
  expect(number).toMatch(/^AT\d+$/);
  await expect(page.getByRole('main')).toContainText(number!);
  return number!;
}

for (const lang of ALL_LANGS) {
  test.describe(lang.code, () => {
    test(
      'a signed-in shopper adds an address, applies a code, pays cash on delivery, finds the order and reorders',
      { tag: '@every-screen' },
      async ({ page, request, catalogue }) => {
        const shopper = await signUp(request);
        // ATTAR15 is limited per customer, and such codes need a verified phone.
        await verifyPhone(request, shopper);
        const product = cheapProduct(catalogue);
        await asShopper(request, shopper, 'post', '/api/cart-products/', { product: product.id, quantity: 2 });
        const place = await firstRegionAndCity(request, lang);

        await openSignedIn(page, lang, shopper, '/checkout');
        await expect(page.getByRole('heading', { level: 1, name: lang.t('checkout.title') })).toBeVisible();
        // No saved address yet: the form to add one is open, with the shopper's name and number filled in.
        const addressForm = page.getByRole('form', { name: lang.t('checkout.addAddress') });
        await expect(addressForm.getByLabel(lang.t('account.fields.name'), { exact: true })).toHaveValue(shopper.user.name);
        await fillAddress(addressForm, lang, place);
        await addressForm.getByRole('button', { name: lang.t('checkout.saveAddress') }).click();
        await expect(toast(page, 'success', lang.t('checkout.addressSaved'))).toBeVisible();
        await expectAddressChosen(page, lang);

        await applyCode(page, lang, 'ATTAR15');
        await expect(page.getByRole('status').filter({ hasText: 'ATTAR15' })).toBeVisible();

        const expected = expectedTotal(product.price * 2, 15);
        const summary = checkoutSummary(page, lang);
        await expect(summary).toContainText(productName(product, lang.code));
        await expect(summary).toContainText(priceText(lang, expected.discount));
        await expect(summary).toContainText(expected.fee === 0 ? lang.t('checkout.free') : priceText(lang, expected.fee));
        await expect(summary).toContainText(priceText(lang, expected.total));

        await summary.getByRole('button', { name: lang.t('checkout.placeOrder') }).click();
        const number = await expectResult(page, lang, lang.t('checkout.result.placedTitle'));

        const order = await asShopper<Order>(request, shopper, 'get', `/api/orders/order_number/?number=${number}`);
        expect(order).toMatchObject({ status: 'placed', payment_method: 'cod', promo_code: 'ATTAR15', total: expected.total });
        await expect(page.getByRole('main')).toContainText(priceText(lang, expected.total));

        // Analytics: each step once, purchase with the order number and the value of the prices alone.
        for (const event of ['begin_checkout', 'add_shipping_info', 'add_payment_info']) {
          const [entry] = await dataLayerEvents(page, event);
          expect(entry?.ecommerce).toMatchObject({ currency: 'EGP', value: Math.round(product.price * 2 * 100) / 100 });
        }
        const purchases = await dataLayerEvents(page, 'purchase');
        expect(purchases).toHaveLength(1);
        expect(purchases[0]!.ecommerce).toMatchObject({ transaction_id: number, currency: 'EGP', value: product.price });
        expect(purchases[0]!.ecommerce?.items).toEqual([expect.objectContaining({ item_id: product.id, quantity: 2 })]);

        // The cart was emptied by the order.
        const cart = await asShopper<{ count: number }>(request, shopper, 'get', '/api/carts/me/');
        expect(cart.count).toBe(0);

        // The order waits in the shopper's history, and one click puts it back in the bag.
        await page.getByRole('link', { name: lang.t('checkout.result.myOrders') }).click();
        await expect.poll(() => currentPath(page)).toBe(lang.path('/profile'));
        const card = page.getByRole('article').filter({ hasText: number });
        await expect(card).toContainText(lang.t('orders.status.placed'));
        await card.getByRole('button', { name: lang.t('orders.history.reorder'), exact: true }).click();
        await expect.poll(() => currentPath(page)).toBe(lang.path('/bag'));
        await expect(page.getByRole('main').getByRole('link', { name: productName(product, lang.code), exact: true })).toBeVisible();
      },
    );

    test('choosing another governorate clears the chosen city, so no city of the old one is sent', async ({ page, request, catalogue }) => {
      const shopper = await signUp(request);
      await asShopper(request, shopper, 'post', '/api/cart-products/', { product: cheapProduct(catalogue).id, quantity: 1 });
      const regions = (await (await request.get(`${API_URL}/api/region/?lang=${lang.code}`)).json()) as Place[];
      expect(regions.length, 'the seed has several governorates').toBeGreaterThan(1);
      const place = await firstRegionAndCity(request, lang);

      await openSignedIn(page, lang, shopper, '/checkout');
      const addressForm = page.getByRole('form', { name: lang.t('checkout.addAddress') });
      await fillAddress(addressForm, lang, place);
      const city = addressForm.getByLabel(lang.t('account.fields.city'), { exact: true });
      await expect(city).toHaveValue(String(place.city.id));

      await addressForm.getByLabel(lang.t('account.fields.region'), { exact: true }).selectOption({ label: regions[1]!.name });
      // The new governorate's cities have arrived (the choice is disabled while they load), none of them chosen.
      await expect(city).toBeEnabled();
      await expect(city).toHaveValue('');
      await addressForm.getByRole('button', { name: lang.t('checkout.saveAddress') }).click();
      // The form's own rule answers (the old governorate's city is not sent for the server to refuse).
      await expect(
        addressForm.getByText(lang.t('account.form.required', { label: lang.t('account.fields.city') }), { exact: true }),
      ).toBeVisible();
      await expect(city).toHaveAttribute('aria-invalid', 'true');
      await expect(city).toBeFocused();
      expect(await asShopper<unknown[]>(request, shopper, 'get', '/api/addresses/')).toEqual([]);
    });

    test('a guest confirms their number, applies a code and pays by card through the test gateway', async ({
      page,
      request,
      catalogue,
    }) => {
      const { product, place, phone } = await guestAtCheckout(page, request, catalogue, lang);

      await visit(page, lang, '/checkout');
      const main = page.getByRole('main');
      await main.getByLabel(lang.t('account.fields.name'), { exact: true }).fill(lang.code === 'ar' ? 'منى خالد' : 'Mona Khaled');
      await main.getByLabel(lang.t('account.fields.phone'), { exact: true }).fill(phone);
      await fillAddress(main, lang, place);
      // A promo code waits for the confirmed number.
      await main.getByRole('textbox', { name: lang.t('account.fields.promoCode'), exact: true }).fill('WELCOME10');
      await expect(main.getByRole('button', { name: lang.t('checkout.applyCode'), exact: true })).toBeDisabled();
      await expect(main).toContainText(lang.t('checkout.guestCodeFirst'));

      await main.getByRole('button', { name: lang.t('checkout.sendCode') }).click();
      const code = await codeSentTo(`+20${phone.slice(1)}`);
      await main.getByLabel(lang.t('account.fields.code'), { exact: true }).fill(code);
      await applyCode(page, lang, 'WELCOME10');
      await expect(page.getByRole('status').filter({ hasText: 'WELCOME10' })).toBeVisible();
      const expected = expectedTotal(product.price, 10);
      await expect(checkoutSummary(page, lang)).toContainText(priceText(lang, expected.total));

      await chooseCard(page, lang);
      await checkoutSummary(page, lang)
        .getByRole('button', { name: lang.t('checkout.payNow') })
        .click();

      // The test gateway stands in for the card page; it calls back through the signed path, then sends the shopper back.
      await expect(testGateway(page, lang).heading).toBeVisible();
      // On the shop's own address (its /api/ leads to the API), so the shopper comes back to the same address.
      expect(page.url().startsWith(`${STOREFRONT_URL}/api/payments/test/`)).toBe(true);
      await testGateway(page, lang).approve.click();
      await page.waitForURL((url) => url.href.startsWith(STOREFRONT_URL) && url.searchParams.has('order_id'));
      const number = await expectResult(page, lang, lang.t('checkout.result.paidTitle'));
      expect(new URL(page.url()).searchParams.get('payment')).toBe('paid');
      await expect(page.getByRole('main')).toContainText(productName(product, lang.code));

      await expect
        .poll(async () => (await dataLayerEvents(page, 'purchase')).map((entry) => entry.ecommerce?.transaction_id))
        .toEqual([number]);
      // The guest cart is cleared once the order exists.
      expect(JSON.parse((await readLocalStorage(page, 'products')) ?? '[]')).toEqual([]);
    });

    test('in demo, a shopper on localhost pays on localhost and comes back to it, its links on localhost too', async ({
      page,
      context,
      request,
      catalogue,
    }) => {
      // The addresses do not depend on the screen.
      // The runner's storefront is 127.0.0.1 (STOREFRONT_URL): the same server asked for as localhost.
      const local = STOREFRONT_URL.replace('127.0.0.1', 'localhost');
      await context.addCookies([{ name: COUNTRY_COOKIE, value: 'Egypt', url: local }]);
      const { shopper, product } = await shopperWithCart(request, catalogue, lang);

      await page.addInitScript((token) => window.localStorage.setItem('token', token), shopper.token);
      await page.goto(`${local}${lang.path('/checkout')}`);
      await expectAddressChosen(page, lang);
      await chooseCard(page, lang);
      await checkoutSummary(page, lang)
        .getByRole('button', { name: lang.t('checkout.payNow') })
        .click();
      await expect(testGateway(page, lang).heading).toBeVisible();
      expect(page.url().startsWith(`${local}/api/payments/test/`)).toBe(true);
      await testGateway(page, lang).approve.click();
      await page.waitForURL((url) => url.href.startsWith(local) && url.searchParams.get('payment') === 'paid');
      await expectResult(page, lang, lang.t('checkout.result.paidTitle'));

      // The page's absolute links name the address it was asked for.
      const productPath = lang.path(`/fragrances/${product.slug}`);
      await page.goto(`${local}${productPath}`);
      await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', `${local}${productPath}`);
      await expect(page.locator('meta[property="og:url"]')).toHaveAttribute('content', `${local}${productPath}`);
      const productLd = (await jsonLdBlocks(page)).find((block) => block['@type'] === 'Product');
      expect(productLd?.url).toBe(`${local}${productPath}`);
      const images = productLd?.image as string[];
      expect(images.length).toBeGreaterThan(0);
      expect(images.filter((src) => !src.startsWith(`${local}/media/`))).toEqual([]);
    });

    test('a declined card leaves no placed order and the items can go back to the bag', async ({ page, request, catalogue }) => {
      const { shopper, product } = await shopperWithCart(request, catalogue, lang);

      await openSignedIn(page, lang, shopper, '/checkout');
      await expectAddressChosen(page, lang);
      await chooseCard(page, lang);
      await checkoutSummary(page, lang)
        .getByRole('button', { name: lang.t('checkout.payNow') })
        .click();
      await testGateway(page, lang).decline.click();
      await page.waitForURL((url) => url.href.startsWith(STOREFRONT_URL) && url.searchParams.has('order_id'));
      const number = await expectResult(page, lang, lang.t('checkout.result.declinedTitle'));

      const order = await asShopper<Order>(request, shopper, 'get', `/api/orders/order_number/?number=${number}`);
      expect(order.status).toBe('cancelled');
      const placed = await asShopper<{ count: number }>(request, shopper, 'get', '/api/orders/?status=placed,confirmed,shipped,delivered');
      expect(placed.count).toBe(0);
      expect(await dataLayerEvents(page, 'purchase')).toEqual([]);

      await page.getByRole('button', { name: lang.t('checkout.result.tryAgain') }).click();
      await expect.poll(() => currentPath(page)).toBe(lang.path('/bag'));
      await expect(page.getByRole('main')).toContainText(productName(product, lang.code));
    });

    test("a guest's checkout survives a reload without its SMS code, and logging in from it comes back to it", async ({
      page,
      request,
      catalogue,
    }) => {
      // What the form keeps does not depend on the screen.
      const { product, place, phone } = await guestAtCheckout(page, request, catalogue, lang);
      const name = lang.code === 'ar' ? 'منى خالد' : 'Mona Khaled';
      const notes = lang.code === 'ar' ? 'الرجاء الاتصال قبل الوصول' : 'Please call before arriving';

      await visit(page, lang, '/checkout');
      const main = page.getByRole('main');
      const field = (label: string) => main.getByLabel(lang.t(label), { exact: true });
      await field('account.fields.name').fill(name);
      await field('account.fields.phone').fill(phone);
      await fillAddress(main, lang, place);
      await chooseCard(page, lang);
      await field('checkout.notes').fill(notes);
      await main.getByRole('button', { name: lang.t('checkout.sendCode') }).click();
      const code = await codeSentTo(`+20${phone.slice(1)}`);
      await field('account.fields.code').fill(code);

      await page.reload();
      await expect(field('account.fields.name')).toHaveValue(name);
      await expect(field('account.fields.phone')).toHaveValue(phone);
      await expect(field('account.fields.region')).toHaveValue(String(place.region.id));
      await expect(field('account.fields.city')).toHaveValue(String(place.city.id));
      await expect(field('account.fields.street')).not.toHaveValue('');
      await expect(page.getByRole('radio', { name: lang.t('checkout.methods.card') })).toBeChecked();
      await expect(field('checkout.notes')).toHaveValue(notes);
      // The SMS code proves the number for one visit only: it is asked for again, and was never stored.
      await expect(field('account.fields.code')).toHaveCount(0);
      const stored = await page.evaluate(() => JSON.stringify({ ...window.sessionStorage, ...window.localStorage }));
      expect(stored).not.toContain(code);

      // Logging in from the checkout comes back to it, with the bag joined to the account.
      const shopper = await signUp(request, 'Checkout Returner');
      await main.getByRole('link', { name: lang.t('checkout.signIn'), exact: true }).click();
      await expect.poll(() => currentPath(page)).toBe(`${lang.path('/login')}?next=%2Fcheckout`);
      await field('account.fields.identifier').fill(shopper.email);
      await field('account.fields.password').fill(SHOPPER_PASSWORD);
      await main.getByRole('button', { name: lang.t('account.login.submit'), exact: true }).click();
      await expect.poll(() => currentPath(page)).toBe(lang.path('/checkout'));
      await expect(checkoutSummary(page, lang)).toContainText(productName(product, lang.code));
      await expect(page.getByRole('radio', { name: lang.t('checkout.methods.card') })).toBeChecked();
    });

    test('a promo code refused shows why under its field; another code replaces it, and it can be removed', async ({
      page,
      request,
      catalogue,
    }) => {
      // The code box is the same on every screen.
      const shopper = await signUp(request);
      // Both codes are limited per customer, and such codes need a verified phone.
      await verifyPhone(request, shopper);
      const product = cheapProduct(catalogue);
      await asShopper(request, shopper, 'post', '/api/cart-products/', { product: product.id, quantity: 2 });
      await saveAddress(request, shopper, '3 Promo Street');
      const refusal = await request.get(`${API_URL}/api/promotions/NOSUCHCODE`, {
        headers: { Authorization: `Token ${shopper.token}`, 'Accept-Language': lang.code },
      });
      expect(refusal.status()).toBe(400);
      const { detail } = (await refusal.json()) as { detail: string };

      await openSignedIn(page, lang, shopper, '/checkout');
      await expectAddressChosen(page, lang);
      const summary = checkoutSummary(page, lang);
      const codeField = page.getByRole('textbox', { name: lang.t('account.fields.promoCode'), exact: true });
      await applyCode(page, lang, 'NOSUCHCODE');
      await expect(toast(page, 'error', detail)).toBeVisible();
      await expect(codeField).toHaveAttribute('aria-invalid', 'true');
      await expect(codeField).toHaveAccessibleDescription(detail);
      // Typing again clears the refusal.
      await codeField.fill('WELCOME10');
      await expect(codeField).not.toHaveAttribute('aria-invalid');
      await page.getByRole('button', { name: lang.t('checkout.applyCode'), exact: true }).click();
      await expect(page.getByRole('status').filter({ hasText: 'WELCOME10' })).toBeVisible();
      await expect(summary).toContainText(priceText(lang, expectedTotal(product.price * 2, 10).discount));

      // Another code replaces it.
      await page.getByRole('textbox', { name: lang.t('checkout.otherCode'), exact: true }).fill('ATTAR15');
      await page.getByRole('button', { name: lang.t('checkout.applyCode'), exact: true }).click();
      await expect(page.getByRole('status').filter({ hasText: 'ATTAR15' })).toBeVisible();
      await expect(page.getByRole('status').filter({ hasText: 'WELCOME10' })).toHaveCount(0);
      const expected = expectedTotal(product.price * 2, 15);
      await expect(summary).toContainText(priceText(lang, expected.total));
      // The line's points are earned on what is paid after the discount (10 LE a point).
      const payable = Math.round(product.price * 2 * 100) - Math.round(expected.discount * 100);
      await expect(summary.getByRole('listitem')).toContainText(`+${lang.number(Math.floor(payable / 1000))}`);

      await page.getByRole('button', { name: `${lang.t('checkout.removeCode', { code: 'ATTAR15' }).replace(/<\/?ltr>/g, '')}` }).click();
      await expect(page.getByRole('status').filter({ hasText: 'ATTAR15' })).toHaveCount(0);
      await expect(summary).toContainText(priceText(lang, expectedTotal(product.price * 2, 0).total));
      await expect
        .poll(async () => (await asShopper<{ promotion: unknown }>(request, shopper, 'get', '/api/carts/me/')).promotion)
        .toBeNull();
    });

    test(
      'on a phone the total and Place order stay in view above the navigation, wherever the form is scrolled',
      { tag: '@phone' },
      async ({ page, request, catalogue }) => {
        // The bar is for phones.
        const { shopper, product } = await signedInWithOne(request, catalogue, '5 Phone Street');

        await openSignedIn(page, lang, shopper, '/checkout');
        await expectAddressChosen(page, lang);
        const place = checkoutSummary(page, lang).getByRole('button', { name: lang.t('checkout.placeOrder') });
        const navigation = page.getByRole('navigation', { name: lang.t('a11y.bottomNav'), exact: true });
        for (const spot of [
          page.getByRole('heading', { level: 1 }),
          page.getByRole('textbox', { name: lang.t('account.fields.promoCode'), exact: true }),
          page.getByLabel(lang.t('checkout.notes'), { exact: true }),
        ]) {
          await spot.scrollIntoViewIfNeeded();
          await expect(place).toBeInViewport();
          const [button, bar] = [await place.boundingBox(), await navigation.boundingBox()];
          expect(button!.y + button!.height).toBeLessThanOrEqual(bar!.y);
        }
        await expect(place.locator('..')).toContainText(priceText(lang, expectedTotal(product.price, 0).total));
        await place.click();
        await expectResult(page, lang, lang.t('checkout.result.placedTitle'));
      },
    );

    test('a mobile wallet pays through the test gateway, and valU waits for an order from its minimum', async ({
      page,
      request,
      catalogue,
    }) => {
      // The ways to pay are the same on every screen.
      const { shopper, product } = await signedInWithOne(request, catalogue, '8 Wallet Street');
      const config = (await (await request.get(`${API_URL}/api/siteconfigb/`)).json()) as { valu_min_order: number };
      expect(product.price, 'the order stays under valU’s minimum').toBeLessThan(config.valu_min_order);

      await openSignedIn(page, lang, shopper, '/checkout');
      await expectAddressChosen(page, lang);
      await expect(page.getByRole('radio', { name: lang.t('checkout.methods.valu') })).toBeDisabled();
      await expect(page.getByRole('main')).toContainText(
        lang.t('checkout.methods.valuFrom', { amount: priceText(lang, config.valu_min_order) }),
      );
      await page.getByRole('radio', { name: lang.t('checkout.methods.wallet') }).check();
      await page.getByRole('textbox', { name: lang.t('checkout.walletPhone'), exact: true }).fill('01098765432');
      await checkoutSummary(page, lang)
        .getByRole('button', { name: lang.t('checkout.payNow') })
        .click();

      await expect(testGateway(page, lang).heading).toBeVisible();
      await expect(testGateway(page, lang).walletLine).toBeVisible();
      await testGateway(page, lang).approve.click();
      await page.waitForURL((url) => url.href.startsWith(STOREFRONT_URL) && url.searchParams.has('order_id'));
      const number = await expectResult(page, lang, lang.t('checkout.result.paidTitle'));
      const order = await asShopper<Order>(request, shopper, 'get', `/api/orders/order_number/?number=${number}`);
      expect(order).toMatchObject({ status: 'placed', payment_method: 'wallet', payment: { status: 'paid' } });
      await expect(page.getByRole('main')).toContainText(lang.t('orders.delivery.wallet'));
    });

    test('a kiosk order shows the reference to copy and no Pay now, its SMS and e-mail carry it, and it is placed once paid', async ({
      page,
      request,
      catalogue,
    }) => {
      // The ways to pay are the same on every screen.
      const { shopper } = await signedInWithOne(request, catalogue, '9 Kiosk Street');
      await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);

      await openSignedIn(page, lang, shopper, '/checkout');
      await expectAddressChosen(page, lang);
      await page.getByRole('radio', { name: lang.t('checkout.methods.kiosk') }).check();
      await checkoutSummary(page, lang)
        .getByRole('button', { name: lang.t('checkout.placeOrder') })
        .click();

      const number = await expectResult(page, lang, lang.t('checkout.result.kioskTitle'));
      const order = await asShopper<Order>(request, shopper, 'get', `/api/orders/order_number/?number=${number}`);
      expect(order).toMatchObject({ status: 'pending_payment', payment_method: 'kiosk' });
      const main = page.getByRole('main');
      await expect(main).toContainText(lang.t('checkout.result.kioskNote', { amount: priceText(lang, order.total) }));
      const reference = order.kiosk_reference!;
      await expect(main.getByTestId('kiosk-reference')).toHaveText(reference);
      await expect(main.locator('strong[dir="ltr"]').filter({ hasText: reference })).toBeVisible();
      // Paid in cash at a kiosk: no page to pay on.
      await expect(main.getByRole('link', { name: lang.t('checkout.result.payNow'), exact: true })).toHaveCount(0);
      // The copy button copies the bare number, and says so.
      await main.getByRole('button', { name: lang.t('checkout.result.kioskCopy') }).click();
      await expect(toast(page, 'success', lang.t('checkout.result.kioskCopied'))).toBeVisible();
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(reference);

      // The SMS and the e-mail carry the reference too, in the page's language, and never speak of a card.
      const told = async (recipient: string) =>
        (await outbox(recipient)).filter((message) => message.body.includes(number)).map((message) => message.body);
      for (const recipient of ['+201098765432', shopper.email]) {
        await expect.poll(async () => (await told(recipient)).length, { timeout: 30_000 }).toBeGreaterThan(0);
        const [body] = await told(recipient);
        expect(body).toContain(reference);
        expect(body).not.toMatch(lang.code === 'ar' ? /بطاقة/ : /\bcard\b/i);
      }

      // In demo the test gateway stands in for the kiosk: its page is the order's payment address.
      await page.goto(order.payment_url!);
      await testGateway(page, lang).approve.click();
      await page.waitForURL((url) => url.href.startsWith(STOREFRONT_URL) && url.searchParams.get('payment') === 'paid');
      await expectResult(page, lang, lang.t('checkout.result.paidTitle'));
      expect((await asShopper<Order>(request, shopper, 'get', `/api/orders/order_number/?number=${number}`)).status).toBe('placed');
    });

    test('a gift order: wrapped at the shop’s fee with a card message, in the summary, the order and the packing slip without prices', async ({
      page,
      browser,
      request,
      catalogue,
    }) => {
      // The gift choices are the same on every screen.
      const { shopper, product } = await signedInWithOne(request, catalogue, '10 Gift Street');
      const { gift_wrap_fee: fee } = (await (await request.get(`${API_URL}/api/siteconfigb/`)).json()) as { gift_wrap_fee: number };
      const message = lang.code === 'ar' ? 'كل عام وأنتِ بخير يا منى' : 'Happy birthday, Mona!';

      await openSignedIn(page, lang, shopper, '/checkout');
      await expectAddressChosen(page, lang);
      await page.getByRole('checkbox', { name: lang.t('checkout.gift.wrap', { fee: priceText(lang, fee) }) }).check();
      await page.getByLabel(lang.t('checkout.gift.message'), { exact: true }).fill(message);
      const summary = checkoutSummary(page, lang);
      const total = Math.round((expectedTotal(product.price, 0).total + fee) * 100) / 100;
      await expect(summary).toContainText(lang.t('checkout.gift.wrapRow'));
      await expect(summary).toContainText(priceText(lang, total));
      await summary.getByRole('button', { name: lang.t('checkout.placeOrder') }).click();

      const number = await expectResult(page, lang, lang.t('checkout.result.placedTitle'));
      const order = await asShopper<Order>(request, shopper, 'get', `/api/orders/order_number/?number=${number}`);
      expect(order).toMatchObject({ total, gift: { wrap: true, wrap_fee: fee, message } });
      const main = page.getByRole('main');
      await expect(main).toContainText(message);
      await expect(main).toContainText(lang.t('orders.summary.giftWrap'));

      // The packing slip tells the packer to wrap it and what to write, and shows no amount.
      const context = await adminContext(browser, lang);
      const admin = await context.newPage();
      await signIn(admin, lang, demoOwner());
      await admin.goto(`${ADMIN_URL}/print?orders=${order.id}&doc=slip`);
      const slip = admin.getByRole('article');
      await expect(slip).toContainText(adminText(lang, 'giftWrap'));
      await expect(slip).toContainText(message);
      expect(await slip.innerText()).not.toMatch(/\d\s*(LE|ج\.م\.)/);
      await context.close();
    });
  });
}
