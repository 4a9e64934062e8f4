/**
 * The list's filters: each choice applies at once, shows as a chip that removes it, and the count follows; on a phone
 * the filters open as a sheet whose button shows the live count.
 */
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import type { Note, Paginated, Product } from '@attar/contract';
import { expect, test } from '../support/fixtures';
import { ALL_LANGS, type Lang } from '../support/locales';
import { currentPath, escapeRegExp, visit } from '../support/storefront';
import { API_URL } from '../support/urls';

async function apiCount(request: APIRequestContext, query: string): Promise<number> {
  return ((await (await request.get(`${API_URL}/api/products/?page_size=1&${query}`)).json()) as Paginated<Product>).count;
}

const filters = (page: Page, lang: Lang) => page.getByRole('form', { name: lang.t('list.filters') });
const countLine = (page: Page) => page.getByRole('main').locator('h2[aria-live]');
/** The filter group named `label`, opened (groups start closed unless a value is set in them). */
async function openGroup(page: Page, lang: Lang, label: string, scope: Locator = filters(page, lang)): Promise<Locator> {
  const group = scope
    .locator('details')
    .filter({ has: page.locator('summary').filter({ hasText: new RegExp(`^${escapeRegExp(label)}$`) }) });
  if ((await group.getAttribute('open')) === null) await group.locator('summary').click();
  return group;
}
const chip = (page: Page, lang: Lang, name: string) => page.getByRole('link', { name: lang.t('list.removeFilter', { name }) });

for (const lang of ALL_LANGS) {
  test.describe(lang.code, () => {
    // The inline filters of wide screens; phones use the sheet (below).

    test('a choice applies at once as a removable chip, and the count follows', async ({ page, request }) => {
      const notes = (await (await request.get(`${API_URL}/api/products/notes/?lang=${lang.code}`)).json()) as Note[];
      // A note three or more women's products share: the count line then shows its digits in both languages
      // (Arabic words one and two).
      let note: Note | undefined;
      for (const each of notes) {
        if ((await apiCount(request, `gender=women&notes=${each.slug}`)) >= 3) {
          note = each;
          break;
        }
      }
      if (!note) throw new Error('No note is shared by three women’s products in the seed');
      await visit(page, lang, '/fragrances');

      const women = lang.t('product.genders.women');
      await (await openGroup(page, lang, lang.t('list.gender'))).getByRole('radio', { name: women, exact: true }).check();
      await expect.poll(() => currentPath(page)).toBe(lang.path('/fragrances?gender=women'));
      await expect(chip(page, lang, women)).toBeVisible();
      await expect(countLine(page)).toContainText(lang.number(await apiCount(request, 'gender=women')));

      // The notes past the first few are found by their name.
      const notesGroup = await openGroup(page, lang, lang.t('list.notes'));
      await notesGroup.getByRole('searchbox', { name: lang.t('list.searchNotes') }).fill(note.name);
      await notesGroup.getByRole('checkbox', { name: note.name, exact: true }).check();
      await expect.poll(() => new URL(page.url()).searchParams.get('notes')).toBe(note.slug);
      await expect(chip(page, lang, note.name)).toBeVisible();
      await expect(countLine(page)).toContainText(lang.number(await apiCount(request, `gender=women&notes=${note.slug}`)));

      // A price bound applies once the field is left.
      const max = (await openGroup(page, lang, lang.t('list.price'))).getByLabel(`${lang.t('list.price')} ${lang.t('list.priceMax')}`);
      await max.fill('5000');
      await max.press('Tab');
      await expect.poll(() => new URL(page.url()).searchParams.get('price_max')).toBe('5000');
      const upTo = lang.t('list.priceUpTo', { price: lang.t('price.amount', { amount: lang.number(5000) }) });
      await expect(chip(page, lang, upTo)).toBeVisible();

      // Removing one chip keeps the others.
      await chip(page, lang, women).click();
      await expect(chip(page, lang, women)).toHaveCount(0);
      await expect(chip(page, lang, note.name)).toBeVisible();
      await expect(filters(page, lang).locator('input[name="gender"][value=""]')).toBeChecked();
      await expect(countLine(page)).toContainText(lang.number(await apiCount(request, `notes=${note.slug}&price_max=5000`)));

      await page.getByRole('link', { name: lang.t('list.clear') }).click();
      await expect.poll(() => currentPath(page)).toBe(lang.path('/fragrances'));
      await expect(chip(page, lang, note.name)).toHaveCount(0);
    });
  });
}

test.describe('on a phone', { tag: '@phone' }, () => {
  // The filter sheet is for phones.

  for (const lang of ALL_LANGS) {
    test(`${lang.code}: the filters open as a sheet that applies at once and shows the live count`, async ({ page, request }) => {
      await visit(page, lang, '/fragrances');
      await page.getByRole('button', { name: lang.t('list.openFilters'), exact: true }).click();
      const sheet = page.getByRole('dialog', { name: lang.t('list.filters') });
      await expect(sheet).toBeVisible();

      await (await openGroup(page, lang, lang.t('list.size'), sheet)).locator('input[name="size"][value="100"]').check();
      await expect.poll(() => new URL(page.url()).searchParams.get('size')).toBe('100');
      // Still open, and its button counts what the choice leaves.
      const count = await apiCount(request, 'size=100');
      await expect(sheet.getByRole('button', { name: new RegExp(lang.number(count)) })).toBeVisible();
      await sheet.getByRole('button', { name: new RegExp(lang.number(count)) }).click();
      await expect(sheet).toHaveCount(0);
      await expect(page.getByRole('button', { name: lang.t('list.openFiltersCount', { count: lang.number(1) }) })).toBeVisible();
      await expect(countLine(page)).toContainText(lang.number(count));
    });
  }
});
