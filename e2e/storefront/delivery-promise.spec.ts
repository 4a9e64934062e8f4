/**
 * The delivery promise (decision 0037): a visitor picks a governorate on the product page and it is remembered; the
 * product page, the cart panel, /bag and checkout promise the same dates for it, and the placed order, its page and its
 * e-mail keep exactly those dates; what the back office sets for a governorate is what the storefront promises next.
 * Both languages.
 */
import type { Locator, Page } from '@playwright/test';
import type { DeliveryCalendar, Order } from '@attar/contract';
import { deliveryPromise } from '@attar/contract/rules';
import { formatDeliveryDay } from '../../apps/web/src/i18n/formats';
import { adminContext, adminText, signIn } from '../support/admin';
import { cheapProduct } from '../support/checkout';
import { expect, test } from '../support/fixtures';
import { ALL_LANGS, type Lang } from '../support/locales';
import { mailTo } from '../support/mail';
import { asShopper, openSignedIn, signUp } from '../support/shoppers';
import { demoOwner } from '../support/staff';
import { checkoutSummary, productDetail, visit } from '../support/storefront';
import { ADMIN_URL, API_URL } from '../support/urls';

/** A governorate far from Cairo, so its dates differ from the default's. */
const CHOSEN = 'aswan';

const promiseIn = (scope: Locator | Page) => scope.getByTestId('delivery-promise').first();
const datesIn = (scope: Locator | Page) => scope.getByTestId('delivery-promise-dates').first();

/** What the storefront says for a promise's two dates. */
function arrivalText(lang: Lang, promise: { earliest: string; latest: string }): string {
  return promise.earliest === promise.latest
    ? lang.t('delivery.arrivesOn', { day: formatDeliveryDay(promise.earliest, lang.code) })
    : lang.t('delivery.arrives', {
        from: formatDeliveryDay(promise.earliest, lang.code),
        to: formatDeliveryDay(promise.latest, lang.code),
      });
}

for (const lang of ALL_LANGS) {
  test.describe(lang.code, () => {
    test('the dates shown for a chosen governorate on the product page, cart and checkout are the order’s and its e-mail’s', async ({
      page,
      request,
      catalogue,
    }) => {
      const product = cheapProduct(catalogue);
      const calendar = (await (await request.get(`${API_URL}/api/delivery/?lang=${lang.code}`)).json()) as DeliveryCalendar;
      const aswan = calendar.regions.find((region) => region.slug === CHOSEN)!;

      // A visitor: Cairo until they choose, then the governorate they chose, remembered on the next visit.
      await visit(page, lang, `/fragrances/${product.slug}`);
      const onProduct = promiseIn(productDetail(page));
      await expect(onProduct).toHaveAttribute('data-region', 'cairo');
      await onProduct.getByLabel(lang.t('delivery.region'), { exact: true }).selectOption({ label: aswan.name });
      await expect(onProduct).toHaveAttribute('data-region', CHOSEN);
      await expect(onProduct).toContainText(aswan.name);
      const shown = (await datesIn(onProduct).textContent())!;
      expect(shown).toMatch(lang.code === 'ar' ? /^يصل / : /^Arrives /);
      await page.reload();
      await expect(promiseIn(productDetail(page))).toHaveAttribute('data-region', CHOSEN);
      await expect(datesIn(productDetail(page))).toHaveText(shown);
      const directions = await page.locator('html').getAttribute('dir');
      expect(directions).toBe(lang.dir);

      // A shopper whose address is in that governorate: the same dates everywhere, the address deciding.
      const shopper = await signUp(request, 'Promise Tester', lang.code);
      const regions = (await (await request.get(`${API_URL}/api/region/?lang=${lang.code}`)).json()) as { id: number; name: string }[];
      const region = regions.find((r) => r.id === aswan.id)!;
      const [city] = (await (await request.get(`${API_URL}/api/city/?region=${region.id}`)).json()) as { id: number }[];
      await asShopper(request, shopper, 'post', '/api/addresses/', {
        name: shopper.user.name,
        phone: '01012345678',
        region: region.id,
        city: city!.id,
        street: '9 Corniche Street',
      });
      await openSignedIn(page, lang, shopper, `/fragrances/${product.slug}`);
      await expect(datesIn(productDetail(page))).toHaveText(shown);
      await productDetail(page)
        .getByRole('button', { name: lang.t('product.addToCart') })
        .click();
      const panel = page.getByRole('dialog', { name: new RegExp(`^${lang.t('cart.panelTitle')}`) });
      await expect(datesIn(panel)).toHaveText(shown);
      await expect(promiseIn(panel)).toContainText(aswan.name);

      await visit(page, lang, '/bag');
      await expect(datesIn(page.getByRole('main'))).toHaveText(shown);

      await visit(page, lang, '/checkout');
      await expect(page.getByRole('heading', { level: 1, name: lang.t('checkout.title') })).toBeVisible();
      await expect(datesIn(page.getByRole('main'))).toHaveText(shown);
      await checkoutSummary(page, lang)
        .getByRole('button', { name: lang.t('checkout.placeOrder') })
        .click();
      await expect(page.getByRole('heading', { level: 1, name: lang.t('checkout.result.placedTitle') })).toBeVisible();
      const number = new URL(page.url()).searchParams.get('order_id')!;
      // The order-result page (as the account's orders) repeats the order's own dates.
      await expect(page.getByTestId('order-arrival')).toHaveText(shown);

      const order = await asShopper<Order>(request, shopper, 'get', `/api/orders/order_number/?number=${number}`);
      expect(order.delivery_promise).toBeTruthy();
      expect(arrivalText(lang, order.delivery_promise!)).toBe(shown);

      // The order's e-mail (in the shopper's language) repeats the dates.
      await expect
        .poll(async () => (await mailTo(shopper.email)).find((mail) => mail.subject.includes(number))?.text ?? '')
        .toContain(shown);
    });
  });

  test(`${lang.code}: the owner sets a governorate's delivery days and the product page promises by them`, async ({
    browser,
    page,
    request,
    catalogue,
  }) => {
    // A governorate of its own per language: the journeys run side by side on one shop.
    const slug = lang.code === 'en' ? 'luxor' : 'qena';
    const context = await adminContext(browser, lang);
    try {
      const admin = await context.newPage();
      await signIn(admin, lang, demoOwner());
      const text = (key: Parameters<typeof adminText>[1], values: Record<string, string> = {}) => adminText(lang, key, values);
      await admin.goto(`${ADMIN_URL}/content/delivery`);
      await expect(admin.getByRole('heading', { level: 1, name: text('deliveryTitle') })).toBeVisible();
      await expect(admin.getByRole('heading', { level: 2, name: text('scheduleTitle') })).toBeVisible();
      const before = (await (await request.get(`${API_URL}/api/delivery/?lang=${lang.code}`)).json()) as DeliveryCalendar;
      const region = before.regions.find((each) => each.slug === slug)!;
      const min = admin.getByLabel(text('minDaysOf', { name: region.name }), { exact: true });
      const max = admin.getByLabel(text('maxDaysOf', { name: region.name }), { exact: true });
      // The most below the fewest is refused on the screen, before anything is sent.
      await min.fill('9');
      await max.fill('7');
      await max.press('Enter');
      await expect(admin.getByRole('alert').filter({ hasText: text('content_most_days_below_fewest') })).toBeVisible();
      await max.fill('11');
      await max.press('Enter');
      await expect(admin.getByRole('status').filter({ hasText: text('daysSaved', { name: region.name }) })).toBeVisible();

      const calendar = (await (await request.get(`${API_URL}/api/delivery/?lang=${lang.code}`)).json()) as DeliveryCalendar;
      expect(calendar.regions.find((each) => each.slug === slug)).toMatchObject({ min_days: 9, max_days: 11 });
      const product = cheapProduct(catalogue);
      await visit(page, lang, `/fragrances/${product.slug}`);
      const promise = promiseIn(productDetail(page));
      await promise.getByLabel(lang.t('delivery.region'), { exact: true }).selectOption({ label: region.name });
      const expected = deliveryPromise(
        new Date(),
        { minDays: 9, maxDays: 11 },
        { cutoff: calendar.cutoff, weeklyOff: calendar.weekly_off, holidays: calendar.holidays },
      );
      await expect(datesIn(promise)).toHaveText(arrivalText(lang, expected));
    } finally {
      await context.close();
    }
  });
}
