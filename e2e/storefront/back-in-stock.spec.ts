/**
 * Back in stock and the bell, in both languages: a signed-in shopper asks, on an
 * out-of-stock perfume of the run's own, to be told when it is back; a fulfilment member receives stock of it in the
 * back office's stock screen; the shopper gets the e-mail (read from the development outbox), sees the bell's count,
 * opens the list, and the notification is read. A guest asks with an e-mail address after a mistyped number.
 */
import type { Page } from '@playwright/test';
import type { MediaUpload, StaffProduct, StaffSize, StaffTerm } from '@attar/contract';
import { expect } from '../support/fixtures';
// Guests' alerts and sign-ups count per address (a busy one is asked for a proof of work): each test has its own.
import { testFromOwnAddress as test } from '../support/own-address';
import { ALL_LANGS, type Lang } from '../support/locales';
import { adminContext, adminNumber, adminText, signIn } from '../support/admin';
import { solidPng } from '../support/pictures';
import { openSignedIn, outbox, signUp } from '../support/shoppers';
import { asOwner, newStaffMember } from '../support/staff';
import { escapeRegExp, visit } from '../support/storefront';

/** A published perfume (slug `e2e-…`, which the other specs leave out) of one size, 100 ml, with none in stock. */
async function soldOutPerfume(stamp: string, sku: string): Promise<StaffProduct> {
  const [category] = await asOwner<StaffTerm[]>('GET', '/api/staff/catalogue/categories/');
  const sizes = await asOwner<StaffSize[]>('GET', '/api/staff/catalogue/sizes/');
  const draft = await asOwner<StaffProduct>('POST', '/api/staff/products/', {
    slug: `e2e-restock-amber-${stamp}`,
    type: 'perfume',
    category: category!.id,
    family: null,
    name_en: `E2E Restock Amber ${stamp}`,
    name_ar: `عنبر العودة ${stamp}`,
    description_en: 'Warm amber.',
    description_ar: 'عنبر دافئ.',
    concentration_en: 'Eau de Parfum',
    concentration_ar: 'أو دو بارفان',
    gender: 'women',
    is_new: true,
    notes: { top: [], heart: [], base: [] },
    occasions: [],
    sizes: [{ size: sizes.find((size) => size.ml === 100)!.id, sku, price: 700, stock: 0, is_default: true }],
  });
  // A picture of its own, which publishing asks for.
  const picture = await asOwner<MediaUpload>('POST', '/api/staff/media/?purpose=product', solidPng(600, [200, 140, 60]));
  const pictured = await asOwner<StaffProduct>('PUT', `/api/staff/products/${draft.id}/images/`, {
    version: draft.version,
    images: [{ src: picture.src, alt_en: '', alt_ar: '' }],
  });
  return asOwner<StaffProduct>('POST', `/api/staff/products/${draft.id}/publication/`, { state: 'published', version: pictured.version });
}

/** The bell the screen shows: the header's on a wide screen, the bottom bar's on a phone. */
const bell = (page: Page, lang: Lang, count: number) =>
  page.getByRole('link', { name: lang.t('alerts.bell', { count, shown: lang.number(count) }), exact: true }).filter({ visible: true });

for (const lang of ALL_LANGS) {
  test(`a shopper asks to be told of a restock, staff restock it, and the shopper is told and sees the bell, ${lang.code}`, async ({
    page,
    browser,
    request,
  }, testInfo) => {
    test.setTimeout(120_000);
    const stamp = `${lang.code}-${testInfo.project.name}-${Date.now().toString(36)}`;
    const sku = `E2E-RST-${stamp}`.toUpperCase();
    const product = await soldOutPerfume(stamp, sku);
    const name = lang.code === 'ar' ? product.name_ar : product.name_en;
    const shopper = await signUp(request, 'Restock Tester', lang.code);

    // Out of stock: no Add to cart, but one click asks to be told.
    await openSignedIn(page, lang, shopper, `/fragrances/${product.slug}`);
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    await expect(page.getByText(lang.t('product.outOfStock'), { exact: true }).first()).toBeVisible();
    await expect(page.getByRole('button', { name: lang.t('product.addToCart') })).toHaveCount(0);
    const ask = page.getByRole('form', { name: lang.t('alerts.notifyTitle') });
    // Signed in, the account is told: no address to type.
    await expect(ask.getByLabel(lang.t('alerts.contactLabel'))).toHaveCount(0);
    await ask.getByRole('button', { name: lang.t('alerts.notifyMe') }).click();
    await expect(page.getByRole('status').filter({ hasText: lang.t('alerts.notifyDone') })).toBeVisible();
    await expect(bell(page, lang, 0)).toBeVisible();

    // The back office's stock screen: a fulfilment member receives four units of the size.
    const member = await newStaffMember('fulfilment', `Restocker ${stamp}`);
    const context = await adminContext(browser, lang);
    try {
      const admin = await context.newPage();
      await signIn(admin, lang, member);
      const text = (key: Parameters<typeof adminText>[1], values: Record<string, string | number> = {}) => adminText(lang, key, values);
      await admin.getByRole('link', { name: text('navStock'), exact: true }).click();
      await expect(admin.getByRole('heading', { level: 1, name: text('stockTitle') })).toBeVisible();
      await admin.getByRole('searchbox', { name: text('search') }).fill(sku);
      await admin.getByRole('button', { name: text('search'), exact: true }).click();
      await admin.getByTestId('stock-row').getByRole('link', { name }).click();
      const named = { name, size: text('sizeMl', { ml: adminNumber(lang, 100) }) };
      await admin.getByRole('button', { name: text('adjustOf', named) }).click();
      const dialog = admin.getByRole('dialog', { name: text('adjustTitle', named) });
      await dialog.getByLabel(text('reason')).selectOption(text('stockReason_received'));
      await dialog.getByLabel(text('quantity_received')).fill('4');
      await dialog.getByRole('button', { name: text('recordAdjustment') }).click();
      await expect(
        admin.getByRole('status').filter({ hasText: text('stockAdjusted', { ...named, stock: adminNumber(lang, 4) }) }),
      ).toBeVisible();
    } finally {
      await context.close();
    }

    // Told once, by e-mail, with a link to the product's page in the account's language (that of its sign-up page).
    const productUrl = `${lang.path(`/fragrances/${product.slug}`)}`;
    await expect
      .poll(async () => (await outbox(shopper.email)).filter((message) => message.body.includes(productUrl)).length, { timeout: 30_000 })
      .toBe(1);

    // The bell counts it on the next page; the list shows it as new, and opening it reads it.
    await visit(page, lang, '/');
    await expect(bell(page, lang, 1)).toBeVisible({ timeout: 15_000 });
    await expect(bell(page, lang, 1).getByTestId('notification-count')).toHaveText(lang.number(1));
    await bell(page, lang, 1).click();
    await expect(page.getByRole('heading', { level: 1, name: lang.t('alerts.listTitle') })).toBeVisible();
    const item = page.getByTestId('notification-list').getByRole('listitem');
    await expect(item).toHaveCount(1);
    await expect(item).toContainText(lang.t('alerts.kinds.back_in_stock', { name }));
    await expect(item.getByTestId('notification-new')).toHaveText(lang.t('alerts.unread'));
    await expect(bell(page, lang, 0)).toBeVisible();
    await page.reload();
    await expect(item).toHaveCount(1);
    await expect(item.getByTestId('notification-new')).toHaveCount(0);
    await expect(bell(page, lang, 0)).toBeVisible();
    await item.getByRole('link').click();
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  });

  test(`a guest asks with an e-mail address, after a number that is not a mobile, ${lang.code}`, async ({ page }, testInfo) => {
    const stamp = `${lang.code}-${testInfo.project.name}-guest-${Date.now().toString(36)}`;
    const product = await soldOutPerfume(stamp, `E2E-RST-${stamp}`.toUpperCase());
    await visit(page, lang, `/fragrances/${product.slug}`);
    const ask = page.getByRole('form', { name: lang.t('alerts.notifyTitle') });
    const contact = ask.getByLabel(lang.t('alerts.contactLabel'));
    await contact.fill('12345');
    await ask.getByRole('button', { name: lang.t('alerts.notifyMe') }).click();
    await expect(contact).toHaveAttribute('aria-invalid', 'true');
    await expect(contact).toHaveAccessibleDescription(new RegExp(escapeRegExp(lang.t('alerts.contactInvalid'))));
    await contact.fill('guest.restock@example.com');
    await ask.getByRole('button', { name: lang.t('alerts.notifyMe') }).click();
    await expect(page.getByRole('status').filter({ hasText: lang.t('alerts.notifyDone') })).toBeVisible();
    // No bell for a guest.
    await expect(page.getByRole('link', { name: lang.t('alerts.bell', { count: 0, shown: lang.number(0) }), exact: true })).toHaveCount(0);
  });
}
