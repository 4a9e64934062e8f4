/**
 * The back office's catalogue (decision 0017), in both languages: a manager names a new note in English and Arabic,
 * creates a product with it in two sizes as a draft (a negative price and a SKU another product has are refused under
 * their fields, and nothing is saved), gives it two uploaded pictures (publishing is refused before), publishes it,
 * finds it on the storefront with its name, price, note and pictures and by its Arabic name in search, renames
 * its address (the old one still reaches it), finds it in the products list by a SKU, and changes its price by a CSV
 * import: previewed first (a bad line is left out, nothing is saved until applied), applied, then undone.
 *
 * One journey per language, in steps that run in order on one signed-in back office (serial mode: a step that fails
 * skips the ones after it), so that each step stays short and the manager signs in once per language.
 */
import type { BrowserContext, Page } from '@playwright/test';
import type { Paginated, StaffProductRow } from '@attar/contract';
import { expect, test } from '../support/fixtures';
import { ALL_LANGS, LANGS, type Lang } from '../support/locales';
import { adminContext, adminText, signIn } from '../support/admin';
import { newStaffMember } from '../support/staff';
import { pictureFile } from '../support/pictures';
import { escapeRegExp, priceText, productCard, productDetail, visit } from '../support/storefront';
import { API_URL } from '../support/urls';

type AdminKey = Parameters<typeof adminText>[1];

/** The API's refusal to publish a product that has only the placeholder picture. */
const PICTURE_REQUIRED = {
  en: 'Upload at least one picture before publishing.',
  ar: 'ارفع صورة واحدة على الأقل قبل النشر.',
};

/** A number as the back office writes it: "2" in English, "٢" in Arabic. */
const adminNumber = (lang: Lang, value: number) => new Intl.NumberFormat(`${lang.code}-EG`).format(value);

for (const lang of ALL_LANGS) {
  test.describe(`the back office’s catalogue, ${lang.code}`, () => {
    test.describe.configure({ mode: 'serial' });
    // The staff journeys run once per language, on a desktop screen.

    const stamp = `${lang.code}-${Date.now().toString(36)}`;
    const note = { en: `Smoked Fig ${stamp}`, ar: `تين مدخن ${stamp}` };
    // `E2E …` makes its slug start with `e2e-`: the other specs' catalogue leaves it out (support/api.ts).
    const name = { en: `E2E Catalogue Oud ${stamp}`, ar: `عود الكتالوج ${stamp}` };
    const slug = `e2e-catalogue-oud-${stamp}`;
    const skus = { small: `E2E-${stamp}-50`.toUpperCase(), large: `E2E-${stamp}-100`.toUpperCase() };
    const text = (key: AdminKey, values: Record<string, string | number> = {}) => adminText(lang, key, values);
    let staff: BrowserContext;
    let admin: Page;
    const field = (key: AdminKey, values: Record<string, string | number> = {}) => admin.getByLabel(text(key, values), { exact: true });
    const toast = (key: AdminKey, values: Record<string, string | number>) =>
      admin.getByRole('status').filter({ hasText: text(key, values) });

    test.beforeAll(async ({ browser }) => {
      staff = await adminContext(browser, lang);
      admin = await staff.newPage();
      // A manager: the catalogue is theirs as much as the owner's.
      await signIn(admin, lang, await newStaffMember('manager', `Catalogue manager ${stamp}`));
    });
    test.afterAll(async () => {
      await staff.close();
    });

    test('the manager adds a note in both languages; its slug follows the English name', async () => {
      await admin.getByRole('link', { name: text('navCatalogueNames'), exact: true }).click();
      const notes = admin.getByRole('region', { name: text('taxonomy_notes'), exact: true });
      await notes.getByRole('button', { name: text('addTerm_notes') }).click();
      const dialog = admin.getByRole('dialog', { name: text('addTerm_notes') });
      await dialog.getByLabel(text('nameEn')).fill(note.en);
      await dialog.getByLabel(text('nameAr')).fill(note.ar);
      await expect(dialog.getByLabel(text('columnSlug'))).toHaveValue(`smoked-fig-${stamp}`);
      await dialog.getByRole('button', { name: text('create') }).click();
      await expect(toast('termCreated', { name: note[lang.code] })).toBeVisible();
      await expect(notes.getByRole('row').filter({ hasText: note.en })).toContainText(note.ar);
    });

    test('creates a product with it in two sizes as a draft; bad sizes are refused under their fields and save nothing', async ({
      catalogue,
    }) => {
      await admin.getByRole('link', { name: text('navProducts'), exact: true }).click();
      await admin.getByRole('link', { name: text('newProduct') }).click();
      await expect(admin.getByRole('heading', { level: 1, name: text('newProduct') })).toBeVisible();
      await field('nameEn').fill(name.en);
      await field('nameAr').fill(name.ar);
      await expect(field('nameAr')).toHaveAttribute('dir', 'rtl');
      await field('descriptionEn').fill('Smoke, fig and a dry oud.');
      await field('descriptionAr').fill('دخان وتين وعود جاف.');
      await expect(field('slug')).toHaveValue(slug);
      await field('category').selectOption({ index: 1 });
      const top = admin.getByRole('group', { name: text('layer_top'), exact: true });
      await top.getByRole('combobox').selectOption({ label: note[lang.code] });
      await top.getByRole('button', { name: text('add'), exact: true }).click();
      await expect(top.getByRole('listitem')).toContainText(note[lang.code]);

      const row = (index: number) => ({ row: adminNumber(lang, index) });
      const sizeName = (ml: number) => text('sizeMl', { ml: adminNumber(lang, ml) });
      await field('sizeOfRow', row(1)).selectOption({ label: sizeName(50) });
      await field('skuOfRow', row(1)).fill(skus.small);
      await field('priceOfRow', row(1)).fill('1250.50');
      await field('stockOfRow', row(1)).fill('7');
      await admin.getByRole('button', { name: text('addSize') }).click();
      await field('sizeOfRow', row(2)).selectOption({ label: sizeName(100) });
      await field('skuOfRow', row(2)).fill(skus.large);
      await field('stockOfRow', row(2)).fill('3');

      // A negative price is refused under its field before anything is sent.
      await field('priceOfRow', row(2)).fill('-5');
      await admin.getByRole('button', { name: text('createDraft') }).click();
      await expect(field('priceOfRow', row(2))).toHaveAccessibleDescription(text('errorPrice'));
      // A SKU another product has: the API refuses the sizes, in this language, and nothing is saved.
      const takenSku = catalogue.products[0]!.variants[0]!.sku;
      await field('priceOfRow', row(2)).fill('1999');
      await expect(field('priceOfRow', row(2))).not.toHaveAttribute('aria-invalid');
      await field('skuOfRow', row(2)).fill(takenSku);
      await admin.getByRole('button', { name: text('createDraft') }).click();
      await expect(field('skuOfRow', row(2))).toHaveAccessibleDescription(new RegExp(escapeRegExp(takenSku)));
      const found = await staff.request.get(`${API_URL}/api/staff/products/?search=${slug}`);
      expect(((await found.json()) as Paginated<StaffProductRow>).count).toBe(0);

      await field('skuOfRow', row(2)).fill(skus.large);
      await admin.getByRole('button', { name: text('createDraft') }).click();
      await expect(admin.getByRole('heading', { level: 1, name: name[lang.code] })).toBeVisible();
      await expect(toast('productCreated', { name: name[lang.code] })).toBeVisible();
      await expect(admin.getByRole('region', { name: text('publication') })).toContainText(text('pubState_draft'));
      await expect(field('defaultOfRow', row(1))).toBeChecked();
      await expect(admin.getByText(text('stockNote'))).toBeVisible();
    });

    test('gives it two uploaded pictures in order, with descriptions; it cannot be published before', async () => {
      const publication = admin.getByRole('region', { name: text('publication') });
      await publication.getByRole('button', { name: text('publishNow') }).click();
      await expect(publication.getByRole('alert')).toHaveText(PICTURE_REQUIRED[lang.code]);

      const pictures = admin.getByRole('region', { name: text('sectionPictures') });
      await expect(pictures.getByText(text('noPicturesYet'))).toBeVisible();
      await pictures
        .getByLabel(text('choosePictures'))
        .setInputFiles([pictureFile('side.png', [34, 51, 68]), pictureFile('front.png', [176, 141, 87])]);
      const items = pictures.getByRole('listitem');
      await expect(items).toHaveCount(2);
      // The second one chosen becomes the main picture.
      await pictures.getByRole('button', { name: text('moveEarlier', { n: adminNumber(lang, 2) }) }).click();
      await items.nth(0).getByLabel(text('pictureAltEn')).fill('The bottle from the front');
      await items.nth(0).getByLabel(text('pictureAltAr')).fill('الزجاجة من الأمام');
      await items.nth(1).getByLabel(text('pictureAltEn')).fill('The bottle from the side');
      await items.nth(1).getByLabel(text('pictureAltAr')).fill('الزجاجة من الجانب');
      await pictures.getByRole('button', { name: text('savePictures') }).click();
      await expect(admin.getByRole('status').filter({ hasText: text('picturesSaved') })).toBeVisible();
      await expect(items.nth(0)).toContainText(text('mainPicture'));
    });

    test('publishes it: the storefront shows its name, price, note and pictures, and finds it by its Arabic name', async ({ page }) => {
      const publication = admin.getByRole('region', { name: text('publication') });
      await publication.getByRole('button', { name: text('publishNow') }).click();
      await expect(toast('pubDone_published', { name: name[lang.code] })).toBeVisible();
      await expect(publication).toContainText(text('pubState_published'));

      await visit(page, lang, `/fragrances/${slug}`);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(name[lang.code]);
      await expect(productDetail(page).getByText(priceText(lang, 1250.5), { exact: true }).first()).toBeVisible();
      await expect(page.getByRole('region', { name: lang.t('product.notes') })).toContainText(note[lang.code]);
      const shots = productDetail(page).locator('img[src*="uploads%2Fproduct"], img[src*="uploads/product"]');
      await expect(shots.first()).toBeVisible();

      // The storefront's search, by the Arabic name, in this language.
      await visit(page, lang, `/fragrances?search=${encodeURIComponent(name.ar)}`);
      await expect(productCard(page, name[lang.code])).toBeVisible();
    });

    test('renames its address: the old one still reaches it; the list finds it by a SKU', async ({ page }) => {
      await field('slug').fill(`${slug}-renamed`);
      await admin.getByRole('button', { name: text('save'), exact: true }).click();
      await expect(toast('productSaved', { name: name[lang.code] })).toBeVisible();
      // Asked for in the other language: the storefront has not cached that page's product yet.
      const other = LANGS[lang.other];
      await visit(page, other, `/fragrances/${slug}`);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(name[other.code]);
      // Moved on for good: the address bar (and a search engine) now has the new address.
      expect(new URL(page.url()).pathname).toBe(other.path(`/fragrances/${slug}-renamed`));

      await admin.getByRole('link', { name: text('navProducts'), exact: true }).click();
      await admin.getByRole('searchbox', { name: text('search') }).fill(skus.large.toLowerCase());
      const rows = admin.getByTestId('product-row');
      await expect(rows).toHaveCount(1);
      await expect(rows).toContainText(name[lang.code]);
      await expect(rows).toContainText(name[other.code]);
      await expect(rows).toContainText(text('pubState_published'));
    });

    test('changes a price by a CSV file: previewed first (a bad line is left out), applied, then undone', async ({ page }) => {
      await admin.getByRole('link', { name: text('navCatalogueCsv'), exact: true }).click();
      const file = (name: string, body: string) => ({ name, mimeType: 'text/csv', buffer: Buffer.from(body) });
      const price = (pounds: number) => productDetail(page).getByText(priceText(lang, pounds), { exact: true }).first();
      // The storefront reuses an answer for a second at most, and the first visit after that may still be given the
      // kept answer while it is renewed: within a few visits, the page has the new price.
      const storefrontShows = (pounds: number) =>
        expect(async () => {
          await visit(page, lang, `/fragrances/${slug}-renamed`);
          await expect(price(pounds)).toBeVisible({ timeout: 500 });
        }).toPass({ timeout: 30_000 });

      // A bad line alone: it is left out with why, and there is nothing to apply.
      await admin.getByLabel(text('csvChoose')).setInputFiles(file(`bad-${stamp}.csv`, `sku,price\n${skus.small},-1\n`));
      const refused = admin.getByRole('region', { name: text('csvRefusedTitle') });
      await expect(refused.getByRole('row').filter({ hasText: 'price' })).toContainText(adminNumber(lang, 2));
      await expect(admin.getByText(text('csvNothingToApply'))).toBeVisible();
      await admin.getByRole('button', { name: text('csvDiscard') }).click();
      await expect(admin.getByRole('status').filter({ hasText: text('csvDiscarded') })).toBeVisible();

      // The preview says what would change; the storefront still has the old price until it is applied.
      await admin.getByLabel(text('csvChoose')).setInputFiles(file(`prices-${stamp}.csv`, `sku,price\n${skus.small},1111.25\n`));
      const change = admin.getByRole('region', { name: text('csvChangesTitle') }).getByTestId('import-change');
      await expect(change).toHaveCount(1);
      await expect(change).toContainText(skus.small);
      await expect(change).toContainText(text('csvField_price'));
      await visit(page, lang, `/fragrances/${slug}-renamed`);
      await expect(price(1250.5)).toBeVisible();

      await admin.getByRole('button', { name: text('csvApply', { count: 1 }) }).click();
      const applied = text('csvApplied', { created: text('csvCreated', { count: 0 }), updated: text('csvUpdated', { count: 1 }) });
      await expect(admin.getByRole('status').filter({ hasText: applied })).toBeVisible();
      const record = admin.getByTestId('import-record').filter({ hasText: `prices-${stamp}.csv` });
      await expect(record).toContainText(text('csvStatus_applied'));
      await storefrontShows(1111.25);

      // Undone as one step: the old price is back, and the record says so.
      await admin.getByRole('button', { name: text('csvUndo'), exact: true }).click();
      await expect(admin.getByRole('status').filter({ hasText: text('csvUndone') })).toBeVisible();
      await expect(record).toContainText(text('csvStatus_undone'));
      await storefrontShows(1250.5);
    });
  });
}
