/**
 * Orders taken by phone in the back office, in both languages: a new caller (no account) gets an order to the
 * address staff type in; a shopper with an account, found by their number typed in Arabic digits, gets one to their
 * saved address and sees it in their own history. The storefront's rules decide stock and amounts.
 */
import type { Page } from '@playwright/test';
import type { Order, Paginated, Product, ProductVariant } from '@attar/contract';
import { productName } from '../support/api';
import { adminContext, adminText, signIn } from '../support/admin';
import { expect, test } from '../support/fixtures';
import { ALL_LANGS, type Lang } from '../support/locales';
import { asShopper, randomMobile, saveAddress, signUp } from '../support/shoppers';
import { demoOwner } from '../support/staff';
import { API_URL } from '../support/urls';

/** Well-stocked products, a different one for each test so parallel runs never empty one. */
async function stockedProduct(request: Parameters<typeof signUp>[0], index: number): Promise<Product> {
  const { results } = (await (await request.get(`${API_URL}/api/products/?page_size=60`)).json()) as Paginated<Product>;
  const stocked = results.filter((each) => each.variants.every((size) => size.stock >= 30)).sort((a, b) => b.stock - a.stock);
  return stocked[index]!;
}

/** The product's smallest size: a caller may want another size than the one the storefront shows first. */
const smallestSize = (product: Product): ProductVariant => [...product.variants].sort((a, b) => a.ml - b.ml)[0]!;

const nameInSize = (lang: Lang, product: Product, size: ProductVariant) =>
  adminText(lang, 'productInSize', {
    name: productName(product, lang.code),
    size: adminText(lang, 'sizeMl', { ml: lang.number(size.ml) }),
  });

async function openPhoneOrder(page: Page, lang: Lang) {
  await page.getByRole('link', { name: adminText(lang, 'navPhoneOrder') }).click();
  await expect(page.getByRole('heading', { name: adminText(lang, 'phoneOrderTitle'), level: 1 })).toBeVisible();
}

async function findCaller(page: Page, lang: Lang, phone: string) {
  await page.getByLabel(adminText(lang, 'callerPhone')).fill(phone);
  await page.getByRole('button', { name: adminText(lang, 'findCaller'), exact: true }).click();
}

async function addProduct(page: Page, lang: Lang, product: Product, size: ProductVariant, units: number) {
  const name = nameInSize(lang, product, size);
  await page.getByLabel(adminText(lang, 'findProduct')).fill(productName(product, lang.code));
  await page.getByRole('button', { name: adminText(lang, 'addProduct', { name }), exact: true }).click();
  await page.getByLabel(adminText(lang, 'unitsOf', { name })).fill(String(units));
}

/** Places the order and answers its number, read from the page the screen lands on. */
async function placeOrder(page: Page, lang: Lang): Promise<string> {
  await page.getByRole('button', { name: adminText(lang, 'placePhoneOrder') }).click();
  await expect(page).toHaveURL(/\/admin\/orders\/\d+$/);
  const heading = page.getByRole('heading', { level: 1 });
  await expect(heading).toHaveText(/AT\d+/);
  return /AT\d+/.exec(await heading.innerText())![0];
}

test.describe('phone orders in the back office', () => {
  // Taken at a desk: run once per language, on a desktop screen.

  for (const lang of ALL_LANGS) {
    test(`${lang.code}: a new caller's order, to the address typed in`, async ({ browser, request }) => {
      const product = await stockedProduct(request, lang.code === 'en' ? 0 : 1);
      const staff = await adminContext(browser, lang);
      const page = await staff.newPage();
      await signIn(page, lang, demoOwner());
      await openPhoneOrder(page, lang);

      await findCaller(page, lang, '12345');
      await expect(page.getByRole('alert')).toContainText(adminText(lang, 'errorPhone'));
      const phone = randomMobile();
      await findCaller(page, lang, phone);
      await expect(page.getByText(adminText(lang, 'callerNew'))).toBeVisible();

      // Nothing filled in: each problem under its field, and nothing placed.
      await page.getByRole('button', { name: adminText(lang, 'placePhoneOrder') }).click();
      await expect(page.getByText(adminText(lang, 'phoneOrderNoItems'))).toBeVisible();
      await expect(page.getByLabel(adminText(lang, 'name'), { exact: true })).toHaveAttribute('aria-invalid', 'true');
      await expect(page).toHaveURL(/\/orders\/new$/);

      await page.getByLabel(adminText(lang, 'name'), { exact: true }).fill('Hoda Samir');
      const size = smallestSize(product);
      await addProduct(page, lang, product, size, 2);
      await page.getByLabel(adminText(lang, 'recipient'), { exact: true }).fill('Hoda Samir');
      // The total the caller is told: no fee before the governorate is chosen, its fee (or free delivery) after.
      const amounts = page.getByLabel(adminText(lang, 'phoneOrderAmounts'));
      await expect(amounts).toContainText(adminText(lang, 'phoneOrderFeeUnknown'));
      await page.getByLabel(adminText(lang, 'governorate')).selectOption({ index: 1 });
      await expect(amounts).not.toContainText(adminText(lang, 'phoneOrderFeeUnknown'));
      const told = await amounts.getByTestId('phone-order-total').innerText();
      await expect(page.getByLabel(adminText(lang, 'city'), { exact: true })).toBeEnabled();
      await page.getByLabel(adminText(lang, 'city'), { exact: true }).selectOption({ index: 1 });
      await page.getByLabel(adminText(lang, 'street')).fill('12 Tahrir Street');
      const number = await placeOrder(page, lang);
      // The order placed is the total the caller was told.
      const totalRow = page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: adminText(lang, 'total'), exact: true }) });
      await expect(totalRow).toContainText(told);

      const customer = page.getByRole('region', { name: adminText(lang, 'customer') });
      await expect(customer).toContainText('Hoda Samir');
      await expect(customer).toContainText(adminText(lang, 'customerGuest'));
      await expect(customer).toContainText(adminText(lang, 'placedByPhone', { name: 'Demo owner' }));
      await expect(page.getByRole('region', { name: adminText(lang, 'address') })).toContainText('12 Tahrir Street');
      // The line names the size to pick from the shelf, at that size's price.
      await expect(page.getByRole('main')).toContainText(nameInSize(lang, product, size));
      expect(number).toMatch(/^AT\d+$/);
      await staff.close();
    });

    test(`${lang.code}: a shopper found by their number gets the order to their saved address, in their history`, async ({
      browser,
      request,
    }) => {
      const product = await stockedProduct(request, lang.code === 'en' ? 2 : 3);
      const shopper = await signUp(request, 'Phone Caller');
      await saveAddress(request, shopper, '3 Saved Street');
      const staff = await adminContext(browser, lang);
      const page = await staff.newPage();
      await signIn(page, lang, demoOwner());
      await openPhoneOrder(page, lang);

      // An Arabic keyboard types Arabic-Indic digits: the number is found all the same.
      const national = `0${shopper.user.phone!.slice(3)}`;
      const typed = lang.code === 'ar' ? national.replace(/\d/g, (digit) => String.fromCharCode(0x0660 + Number(digit))) : national;
      await findCaller(page, lang, typed);
      await expect(page.getByRole('region', { name: adminText(lang, 'phoneOrderCaller') })).toContainText('Phone Caller');
      await expect(page.getByRole('radio', { name: /3 Saved Street/ })).toBeChecked();
      const size = product.variants.find((each) => each.is_default)!;
      await addProduct(page, lang, product, size, 1);
      await page.getByLabel(adminText(lang, 'customerLanguage')).selectOption(lang.code);
      const number = await placeOrder(page, lang);
      await expect(page.getByRole('region', { name: adminText(lang, 'customer') })).toContainText(adminText(lang, 'customerAccount'));
      // The account opens the customer's page, where this order is among theirs.
      await page.getByRole('link', { name: adminText(lang, 'customerAccountLink') }).click();
      await expect(page).toHaveURL(/\/admin\/customers\/\d+$/);
      await expect(page.getByRole('main')).toContainText(number);

      const history = await asShopper<Paginated<Order>>(request, shopper, 'get', '/api/orders/');
      expect(history.results).toEqual([
        expect.objectContaining({
          order_number: number,
          status: 'placed',
          payment_method: 'cod',
          items: [expect.objectContaining({ quantity: 1, price: product.price })],
          address: expect.objectContaining({ street: '3 Saved Street' }),
        }),
      ]);
      await staff.close();
    });
  }
});
