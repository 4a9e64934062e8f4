/**
 * Promotions in the back office (decision 0020), in both languages: a manager creates a fixed-amount
 * code limited to the Deodorants category; a shopper with a deodorant in the bag applies it at checkout, sees the
 * amount taken off and places the order, which the code's usage then counts; a shopper with only a perfume is told
 * the code applies to nothing in their cart.
 *
 * One journey per language, in steps that run in order on one signed-in back office (serial mode).
 */
import type { APIRequestContext, BrowserContext, Page } from '@playwright/test';
import type { Order, Product } from '@attar/contract';
import { findProduct, productName, type Catalogue } from '../support/api';
import { adminContext, adminText, signIn } from '../support/admin';
import { expect, test } from '../support/fixtures';
import { ALL_LANGS, type Lang } from '../support/locales';
import { asShopper, openSignedIn, randomClientAddress, saveAddress, signUp } from '../support/shoppers';
import { createStaffMember } from '../support/staff';
import { checkoutSummary, expectAddressChosen, priceText } from '../support/storefront';

type AdminKey = Parameters<typeof adminText>[1];

/** The code's amount off, in pounds. */
const AMOUNT_OFF = 40;
/** The API's refusal of a cart with nothing the code applies to (apps/api/src/i18n/catalogue.ts `promoNotApplicable`). */
const NOT_APPLICABLE = {
  en: 'This code does not apply to any item in your cart.',
  ar: 'لا ينطبق هذا الكود على أي منتج في سلتك.',
};

const inStock = (product: Product) => product.availability === 'available' && product.stock >= 5;
const deodorant = (catalogue: Catalogue) =>
  findProduct(catalogue, 'a deodorant in stock', (p) => inStock(p) && p.category.slug === 'deodorants');
const perfume = (catalogue: Catalogue) =>
  findProduct(catalogue, 'a perfume in stock', (p) => inStock(p) && p.category.slug !== 'deodorants' && p.price < 1000);

/** A new shopper with a saved address and one unit of `product` in the cart, each from a client address of their own. */
async function shopperWithOne(request: APIRequestContext, product: Product) {
  const shopper = await signUp(request);
  await asShopper(request, shopper, 'post', '/api/cart-products/', { product: product.id, quantity: 1 });
  await saveAddress(request, shopper, '9 Road 233');
  return shopper;
}

async function applyCode(page: Page, lang: Lang, code: string): Promise<void> {
  await page.getByRole('textbox', { name: lang.t('account.fields.promoCode'), exact: true }).fill(code);
  await page.getByRole('button', { name: lang.t('checkout.applyCode'), exact: true }).click();
}

for (const lang of ALL_LANGS) {
  test.describe(`the back office’s promotions, ${lang.code}`, () => {
    test.describe.configure({ mode: 'serial' });
    // The staff journeys run once per language, on a desktop screen.

    const code = `DEO-${lang.code}-${Date.now().toString(36)}`.toUpperCase();
    const text = (key: AdminKey, values: Record<string, string | number> = {}) => adminText(lang, key, values);
    let staff: BrowserContext;
    let admin: Page;
    const field = (key: AdminKey) => admin.getByLabel(text(key), { exact: true });

    test.beforeAll(async ({ browser }) => {
      staff = await adminContext(browser, lang);
      admin = await staff.newPage();
      await signIn(admin, lang, await createStaffMember('manager', `Promotions ${lang.code}`));
    });
    test.afterAll(async () => {
      await staff.close();
    });

    test('a manager creates a fixed-amount code limited to Deodorants', async () => {
      await admin.getByRole('link', { name: text('navPromotions'), exact: true }).click();
      await admin.getByRole('link', { name: text('newPromotion') }).click();
      await expect(admin.getByRole('heading', { level: 1, name: text('newPromotion') })).toBeVisible();
      await field('promotionCode').fill(code.toLowerCase());
      await field('discountKind').selectOption({ label: text('kind_amount') });
      // A window that ends before it starts is refused under its field, in the screen's language.
      await field('promotionEndsAt').fill('2020-01-01T10:00');
      await field('amountOffLe').fill(String(AMOUNT_OFF));
      await admin.getByRole('button', { name: text('createPromotion') }).click();
      await expect(admin.getByText(text('errorWindowEnd'))).toBeVisible();
      await field('promotionEndsAt').fill('');
      await admin.getByRole('checkbox', { name: lang.code === 'ar' ? 'مزيلات العرق' : 'Deodorants', exact: true }).check();
      await admin.getByRole('button', { name: text('createPromotion') }).click();
      await expect(admin.getByRole('status').filter({ hasText: text('promotionCreated', { code }) })).toBeVisible();
      await expect(admin.getByRole('heading', { level: 1, name: code })).toBeVisible();
    });

    test('a shopper with a deodorant sees the amount taken off at checkout, and the order counts in the code’s usage', async ({
      page,
      request,
      catalogue,
    }) => {
      await page.context().setExtraHTTPHeaders({ 'X-Forwarded-For': randomClientAddress() });
      const product = deodorant(catalogue);
      const shopper = await shopperWithOne(request, product);
      await openSignedIn(page, lang, shopper, '/checkout');
      await expectAddressChosen(page, lang);
      await applyCode(page, lang, code.toLowerCase());
      const amount = priceText(lang, AMOUNT_OFF);
      await expect(page.getByRole('status').filter({ hasText: code })).toContainText(amount);

      const discount = Math.min(AMOUNT_OFF, product.price);
      const summary = checkoutSummary(page, lang);
      await expect(summary).toContainText(productName(product, lang.code));
      await expect(summary).toContainText(`−${priceText(lang, discount)}`);
      await summary.getByRole('button', { name: lang.t('checkout.placeOrder') }).click();
      await expect(page.getByRole('heading', { level: 1, name: lang.t('checkout.result.placedTitle') })).toBeVisible();
      const number = new URL(page.url()).searchParams.get('order_id');
      const order = await asShopper<Order>(request, shopper, 'get', `/api/orders/order_number/?number=${number}`);
      expect(order).toMatchObject({ promo_code: code, discount });

      // The back office counts the order, its discount and what it came to.
      await admin.reload();
      const usage = admin.getByTestId('promotion-usage');
      await expect(usage).toContainText(new Intl.NumberFormat(`${lang.code}-EG`).format(1));
      await expect(usage).toContainText(new Intl.NumberFormat(`${lang.code}-EG`, { minimumFractionDigits: 2 }).format(discount));
    });

    test('a shopper with only a perfume is told the code applies to nothing in their cart', async ({ page, request, catalogue }) => {
      await page.context().setExtraHTTPHeaders({ 'X-Forwarded-For': randomClientAddress() });
      const shopper = await shopperWithOne(request, perfume(catalogue));
      await openSignedIn(page, lang, shopper, '/checkout');
      await expect(page.getByRole('heading', { level: 1, name: lang.t('checkout.title') })).toBeVisible();
      await applyCode(page, lang, code);
      await expect(page.getByText(NOT_APPLICABLE[lang.code]).first()).toBeVisible();
      await expect(checkoutSummary(page, lang)).not.toContainText(code);
    });
  });
}
