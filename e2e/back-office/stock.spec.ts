/**
 * The back office's stock and offers (decisions 0018, 0019), in both languages: a fulfilment member (who cannot edit
 * the catalogue) finds a size by its SKU, receives stock, sees the ledger's new row and the new stock, and is refused
 * taking more out than there is under the field; a manager puts an offer of two sizes together (a price above the
 * parts is refused under the price in the API's words), publishes it and finds it on the storefront's offers page.
 *
 * One journey per language, in steps that run in order (serial mode: a step that fails skips the ones after it).
 */
import type { Browser, BrowserContext, Page } from '@playwright/test';
import type { StaffProduct, StaffSize, StaffTerm } from '@attar/contract';
import { expect, test } from '../support/fixtures';
import { ALL_LANGS, type Lang } from '../support/locales';
import { adminContext, adminText, signIn } from '../support/admin';
import { asOwner, newStaffMember } from '../support/staff';
import { pictureFile } from '../support/pictures';
import { productCard, visit } from '../support/storefront';

type AdminKey = Parameters<typeof adminText>[1];

/** How the back office writes numbers, amounts and changes in a language (lib/format.ts). */
const adminNumber = (lang: Lang, value: number) => new Intl.NumberFormat(`${lang.code}-EG`).format(value);
const adminMoney = (lang: Lang, pounds: number) =>
  `${new Intl.NumberFormat(`${lang.code}-EG`, { minimumFractionDigits: 2 }).format(pounds)} ${lang.code === 'ar' ? 'ج.م.' : 'LE'}`;
const adminChange = (lang: Lang, units: number) =>
  new Intl.NumberFormat(`${lang.code}-EG`, { signDisplay: 'exceptZero', maximumFractionDigits: 0 }).format(units);

/** A draft product of the run's own (slug `e2e-…`, which the other specs leave out) in 50 ml at 400 LE and 100 ml at 650 LE. */
async function productToStock(stamp: string, skus: { small: string; large: string }) {
  const [category] = await asOwner<StaffTerm[]>('GET', '/api/staff/catalogue/categories/');
  const sizes = await asOwner<StaffSize[]>('GET', '/api/staff/catalogue/sizes/');
  const sizeOf = (ml: number) => sizes.find((size) => size.ml === ml)!.id;
  return asOwner<StaffProduct>('POST', '/api/staff/products/', {
    slug: `e2e-stock-musk-${stamp}`,
    type: 'perfume',
    category: category!.id,
    family: null,
    name_en: `E2E Stock Musk ${stamp}`,
    name_ar: `مسك المخزن ${stamp}`,
    description_en: 'White musk.',
    description_ar: 'مسك أبيض.',
    concentration_en: null,
    concentration_ar: null,
    gender: 'unisex',
    is_new: false,
    notes: { top: [], heart: [], base: [] },
    occasions: [],
    sizes: [
      { size: sizeOf(50), sku: skus.small, price: 400, stock: 3, is_default: true },
      { size: sizeOf(100), sku: skus.large, price: 650, stock: 2, is_default: false },
    ],
  });
}

async function signedInAs(browser: Browser, lang: Lang, who: { email: string; password: string }): Promise<[BrowserContext, Page]> {
  const context = await adminContext(browser, lang);
  const page = await context.newPage();
  await signIn(page, lang, who);
  return [context, page];
}

for (const lang of ALL_LANGS) {
  test.describe(`the back office’s stock and offers, ${lang.code}`, () => {
    test.describe.configure({ mode: 'serial' });
    // The staff journeys run once per language, on a desktop screen.

    const stamp = `${lang.code}-${Date.now().toString(36)}`;
    const skus = { small: `E2E-STK-${stamp}-50`.toUpperCase(), large: `E2E-STK-${stamp}-100`.toUpperCase() };
    const offerName = { en: `E2E Stock Duo ${stamp}`, ar: `ثنائي المخزن ${stamp}` };
    const text = (key: AdminKey, values: Record<string, string | number> = {}) => adminText(lang, key, values);
    const sizeName = (ml: number) => text('sizeMl', { ml: adminNumber(lang, ml) });
    let product: StaffProduct;
    let productName: string;
    const contexts: BrowserContext[] = [];

    test.beforeAll(async () => {
      product = await productToStock(stamp, skus);
      productName = lang.code === 'ar' ? product.name_ar : product.name_en;
    });
    test.afterAll(async () => {
      for (const context of contexts) await context.close();
    });

    test('fulfilment finds a size by its SKU, receives stock and sees the ledger’s row and the new stock', async ({ browser }) => {
      const member = await newStaffMember('fulfilment', `Packer ${stamp}`);
      const [context, admin] = await signedInAs(browser, lang, member);
      contexts.push(context);
      // Stock, not the catalogue.
      await expect(admin.getByRole('link', { name: text('navProducts'), exact: true })).toHaveCount(0);
      await admin.getByRole('link', { name: text('navStock'), exact: true }).click();
      await expect(admin.getByRole('heading', { level: 1, name: text('stockTitle') })).toBeVisible();
      await admin.getByRole('searchbox', { name: text('search') }).fill(skus.small.toLowerCase());
      await admin.getByRole('button', { name: text('search'), exact: true }).click();
      const found = admin.getByTestId('stock-row');
      await expect(found).toHaveCount(1);
      await expect(found).toContainText(skus.small);
      await expect(found.getByTestId('stock-units')).toContainText(adminNumber(lang, 3));
      // At or below the product's threshold (5 by default).
      await expect(found.getByTestId('stock-units')).toContainText(text('lowChip'));

      await found.getByRole('link', { name: productName }).click();
      await expect(admin.getByRole('heading', { level: 1, name: text('productStockTitle', { name: productName }) })).toBeVisible();
      const named = { name: productName, size: sizeName(50) };
      await admin.getByRole('button', { name: text('adjustOf', named) }).click();
      const dialog = admin.getByRole('dialog', { name: text('adjustTitle', named) });
      await dialog.getByLabel(text('reason')).selectOption(text('stockReason_received'));
      const units = dialog.getByLabel(text('quantity_received'));
      // Checked before sending, in this language.
      await units.fill('0');
      await dialog.getByRole('button', { name: text('recordAdjustment') }).click();
      await expect(units).toHaveAccessibleDescription(text('errorUnits'));
      await units.fill('6');
      await dialog.getByLabel(text('adjustmentNote')).fill(`Delivery ${stamp}`);
      await dialog.getByRole('button', { name: text('recordAdjustment') }).click();
      await expect(
        admin.getByRole('status').filter({ hasText: text('stockAdjusted', { ...named, stock: adminNumber(lang, 9) }) }),
      ).toBeVisible();

      const sizes = admin.getByRole('region', { name: text('sizesTitle') }).getByTestId('stock-row');
      await expect(sizes.filter({ hasText: skus.small }).getByTestId('stock-units')).toHaveText(adminNumber(lang, 9));
      const newest = admin.getByTestId('ledger-row').first();
      await expect(newest).toContainText(text('stockReason_received'));
      await expect(newest).toContainText(adminChange(lang, 6));
      await expect(newest).toContainText(member.name);
      await expect(newest).toContainText(`Delivery ${stamp}`);
      await expect(newest.getByRole('cell').nth(4)).toHaveText(adminNumber(lang, 9));

      // More out than there is: the API's own words, under the field, and nothing changes.
      await admin.getByRole('button', { name: text('adjustOf', named) }).click();
      await dialog.getByLabel(text('reason')).selectOption(text('stockReason_damaged'));
      const damaged = dialog.getByLabel(text('quantity_damaged'));
      await damaged.fill('20');
      await dialog.getByRole('button', { name: text('recordAdjustment') }).click();
      await expect(damaged).toHaveAttribute('aria-invalid', 'true');
      await expect(damaged).toHaveAccessibleDescription(new RegExp(adminNumber(lang, 9)));
      await dialog.getByRole('button', { name: text('keepAsIs') }).click();
      await expect(sizes.filter({ hasText: skus.small }).getByTestId('stock-units')).toHaveText(adminNumber(lang, 9));
    });

    test('a manager puts an offer of two sizes together, publishes it and finds it on the storefront', async ({ browser, page }) => {
      test.setTimeout(150_000);
      const member = await newStaffMember('manager', `Manager ${stamp}`);
      const [context, admin] = await signedInAs(browser, lang, member);
      contexts.push(context);
      await admin.getByRole('link', { name: text('navOffers'), exact: true }).click();
      await admin.getByRole('link', { name: text('newOffer') }).click();
      const field = (key: AdminKey) => admin.getByLabel(text(key), { exact: true });
      await field('nameEn').fill(offerName.en);
      await field('nameAr').fill(offerName.ar);
      await field('descriptionEn').fill('Musk in two sizes.');
      await field('descriptionAr').fill('مسك بحجمين.');
      await expect(field('slug')).toHaveValue(`e2e-stock-duo-${stamp}`);
      await field('offerStock').fill('3');

      await field('partSearch').fill(skus.large);
      await admin.getByRole('button', { name: text('showSizesOf', { name: productName }) }).click();
      const sizes = admin.getByRole('region', { name: text('sizesOf', { name: productName }) });
      for (const ml of [50, 100])
        await sizes.getByRole('button', { name: text('addPartOf', { name: productName, size: sizeName(ml) }) }).click();
      await expect(admin.getByTestId('offer-part')).toHaveCount(2);
      await expect(admin.getByTestId('parts-total')).toContainText(adminMoney(lang, 1050));

      // Above its parts: the API refuses it under the price, naming their total, and saves nothing.
      await field('offerPrice').fill('1100');
      await admin.getByRole('button', { name: text('createDraft') }).click();
      await expect(field('offerPrice')).toHaveAttribute('aria-invalid', 'true');
      await expect(field('offerPrice')).toHaveAccessibleDescription(/1[,٬]?050|١٬?٠٥٠/);
      await expect(admin.getByRole('heading', { level: 1, name: text('newOffer') })).toBeVisible();

      await field('offerPrice').fill('950');
      await admin.getByRole('button', { name: text('createDraft') }).click();
      const name = offerName[lang.code];
      await expect(admin.getByRole('heading', { level: 1, name })).toBeVisible();
      const publication = admin.getByRole('region', { name: text('publication') });
      await expect(publication).toContainText(text('pubState_draft'));
      // A picture of its own before it can be published.
      const pictures = admin.getByRole('region', { name: text('sectionPictures') });
      await pictures.getByLabel(text('choosePictures')).setInputFiles(pictureFile('duo.png', [120, 80, 40]));
      await pictures.getByRole('button', { name: text('savePictures') }).click();
      await expect(admin.getByRole('status').filter({ hasText: text('picturesSaved') })).toBeVisible();
      await publication.getByRole('button', { name: text('publishNow') }).click();
      await expect(admin.getByRole('status').filter({ hasText: text('pubDone_published', { name }) })).toBeVisible();
      await expect(publication).toContainText(text('pubState_published'));

      // The storefront reuses the list for a second at most.
      await expect(async () => {
        await visit(page, lang, '/offers');
        await expect(productCard(page, name)).toBeVisible({ timeout: 1_000 });
      }).toPass({ timeout: 10_000 });
    });
  });
}
