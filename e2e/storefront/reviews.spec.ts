/**
 * Reviews, in both languages: a shopper who has not received a perfume is told they can review
 * what they have received; a shopper whose order of it was delivered rates and reviews it on the product page, and
 * sees it there with "Verified buyer", the average and count under the name and in the page's JSON-LD; staff hide it
 * in the back office's reviews screen and it leaves the page.
 */
import type { Page } from '@playwright/test';
import type { Order, ProductDetail } from '@attar/contract';
import { adminContext, adminText, signIn } from '../support/admin';
import { expect, test } from '../support/fixtures';
import { ALL_LANGS, type Lang } from '../support/locales';
import { asShopper, openSignedIn, saveAddress, signUp } from '../support/shoppers';
import { deliverOrder, demoOwner } from '../support/staff';
import { jsonLdBlocks, visit } from '../support/storefront';
import { API_URL } from '../support/urls';

/** "4 out of 5, 1 review" under the product's name (its accessible name), leading to the reviews. */
const ratingSummary = (page: Page, lang: Lang, rating: number, count: number) =>
  page.getByRole('link', {
    name: lang.t('product.ratingSummary', { average: lang.number(rating), max: lang.number(5), count, shown: lang.number(count) }),
  });

/** Reloads until `check` passes: the product's rating is catalogue data the storefront reuses for a second. */
const afterReloads = (page: Page, check: () => Promise<void>) =>
  expect(async () => {
    await page.reload();
    await check();
  }).toPass({ timeout: 15_000 });

test.describe('reviews', () => {
  // The journey with the back office runs once per language, on a desktop screen.

  for (const [index, lang] of ALL_LANGS.entries()) {
    test(`${lang.code}: a shopper reviews a delivered perfume, sees it on the product page, and staff hide it`, async ({
      page,
      browser,
      request,
      catalogue,
    }) => {
      test.setTimeout(150_000);
      // A perfume in stock that nobody has reviewed yet, each language its own.
      const candidates: ProductDetail[] = [];
      for (const product of catalogue.products.filter((each) => each.stock >= 5)) {
        const detail = (await (await request.get(`${API_URL}/api/products/${product.slug}/`)).json()) as ProductDetail;
        if (detail.rating === null) candidates.push(detail);
        if (candidates.length > index) break;
      }
      const product = candidates[index]!;
      const productPath = `/fragrances/${product.slug}`;

      // Not received: told so, with no form.
      const strangerPage = await page.context().newPage();
      await openSignedIn(strangerPage, lang, await signUp(request, 'Karim Adel'), productPath);
      await expect(strangerPage.locator('#reviews')).toContainText(lang.t('reviews.notReceived'));
      await expect(strangerPage.locator('#reviews').getByRole('radio')).toHaveCount(0);
      await strangerPage.close();

      const buyer = await signUp(request, lang.code === 'ar' ? 'نادية كمال' : 'Nadia Kamal');
      const address = await saveAddress(request, buyer, '12 Review Street');
      await asShopper(request, buyer, 'post', '/api/cart-products/', { product: product.id, quantity: 1 });
      const order = await asShopper<Order>(request, buyer, 'post', '/api/orders/', { address: address.id, payment_method: 'cod' });
      await deliverOrder(order.id);

      const text =
        lang.code === 'ar' ? `عطر دافئ يدوم طوال اليوم ${Date.now().toString(36)}` : `Warm and lasts all day ${Date.now().toString(36)}`;
      await openSignedIn(page, lang, buyer, productPath);
      const reviews = page.locator('#reviews');
      // The one form: named "Write a review" until the review is published, "Edit your review" after.
      const form = reviews.getByRole('form');
      await expect(form).toHaveAccessibleName(lang.t('reviews.writeTitle'));
      // Nothing chosen: the form says what is missing and sends nothing.
      await form.getByRole('button', { name: lang.t('reviews.submit') }).click();
      await expect(form).toContainText(lang.t('reviews.writeText'));
      await form.getByRole('radio', { name: lang.t('reviews.star', { count: 4, shown: lang.number(4) }) }).check();
      await form.getByLabel(lang.t('reviews.textLabel')).fill(text);
      await form.getByRole('button', { name: lang.t('reviews.submit') }).click();
      await expect(form.getByRole('status')).toHaveText(lang.t('reviews.saved'));

      const review = reviews.getByRole('listitem').filter({ hasText: text });
      const author = lang.code === 'ar' ? 'نادية ك.' : 'Nadia K.';
      await afterReloads(page, async () => {
        await expect(review).toContainText(lang.t('reviews.verifiedBuyer'), { timeout: 1000 });
        await expect(ratingSummary(page, lang, 4, 1)).toBeVisible({ timeout: 1000 });
      });
      await expect(review).toContainText(author);
      await expect(review.getByText(lang.t('reviews.rated', { rating: lang.number(4), max: lang.number(5) }))).toBeAttached();
      // Their own review: no helpful button, and the form edits it.
      await expect(review).toContainText(lang.t('reviews.yours'));
      await expect(form).toHaveAccessibleName(lang.t('reviews.editTitle'));
      await expect(form.getByLabel(lang.t('reviews.textLabel'))).toHaveValue(text);
      const ld = (await jsonLdBlocks(page)).find((block) => block['@type'] === 'Product')!;
      expect(ld.aggregateRating).toMatchObject({ '@type': 'AggregateRating', ratingValue: 4, reviewCount: 1 });
      expect(ld.review).toEqual([expect.objectContaining({ reviewBody: text, reviewRating: expect.objectContaining({ ratingValue: 4 }) })]);

      // Staff hide it in the back office.
      const staff = await adminContext(browser, lang);
      const admin = await staff.newPage();
      await signIn(admin, lang, demoOwner());
      await admin.getByRole('link', { name: adminText(lang, 'navReviews') }).click();
      await expect(admin.getByRole('heading', { name: adminText(lang, 'reviewsTitle'), level: 1 })).toBeVisible();
      // The list applies what is typed once typing pauses: no button to press.
      await admin.getByLabel(adminText(lang, 'search'), { exact: true }).fill(text);
      const row = admin.getByTestId('review-row').filter({ hasText: text });
      await expect(row).toHaveCount(1);
      await expect(row).toContainText(lang.code === 'ar' ? product.name_ar : product.name_en);
      await row.getByRole('button', { name: adminText(lang, 'hideReview') }).click();
      await expect(row).toContainText(adminText(lang, 'reviewState_hidden'));
      await staff.close();

      // Gone from the page, its average and count, for everyone.
      await visit(page, lang, productPath);
      await afterReloads(page, async () => {
        await expect(review).toHaveCount(0, { timeout: 1000 });
        await expect(ratingSummary(page, lang, 4, 1)).toHaveCount(0, { timeout: 1000 });
      });
      await expect(reviews).toContainText(lang.t('reviews.none'));
    });
  }
});
