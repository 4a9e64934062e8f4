/**
 * The list's filters: each choice applies at once, shows as a chip that removes it, and the count follows; on a phone
 * the filters open as a sheet whose button shows the live count.
 */
import type { APIRequestContext, Page } from '@playwright/test';
import type { Note, Paginated, Product } from '@attar/contract';
import { expect, test } from './support/fixtures';
import { ALL_LANGS, type Lang } from './support/locales';
import { currentPath, visit } from './support/storefront';
import { API_URL } from './support/urls';

async function apiCount(request: APIRequestContext, query: string): Promise<number> {
  return ((await (await request.get(`${API_URL}/api/products/?page_size=1&${query}`)).json()) as Paginated<Product>).count;
}

const filters = (page: Page, lang: Lang) => page.getByRole('form', { name: lang.t('list.filters') });
const countLine = (page: Page) => page.getByRole('main').locator('p[aria-live]').first();
const chip = (page: Page, lang: Lang, name: string) => page.getByRole('link', { name: lang.t('list.removeFilter', { name }) });

for (const lang of ALL_LANGS) {
  test.describe(lang.code, { tag: '@desktop' }, () => {
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

      await filters(page, lang).getByLabel(lang.t('list.gender'), { exact: true }).selectOption('women');
      await expect.poll(() => currentPath(page)).toBe(lang.path('/fragrances?gender=women'));
      const women = lang.t('product.genders.women');
      await expect(chip(page, lang, women)).toBeVisible();
      await expect(countLine(page)).toContainText(lang.number(await apiCount(request, 'gender=women')));

      await filters(page, lang).getByText(note.name, { exact: true }).click();
      await expect.poll(() => new URL(page.url()).searchParams.get('notes')).toBe(note.slug);
      await expect(chip(page, lang, note.name)).toBeVisible();
      await expect(countLine(page)).toContainText(lang.number(await apiCount(request, `gender=women&notes=${note.slug}`)));

      // A price bound applies once the field is left.
      const max = filters(page, lang).getByLabel(`${lang.t('list.price')} ${lang.t('list.priceMax')}`);
      await max.fill('5000');
      await max.press('Tab');
      await expect.poll(() => new URL(page.url()).searchParams.get('price_max')).toBe('5000');
      const upTo = lang.t('list.priceUpTo', { price: lang.t('price.amount', { amount: lang.number(5000) }) });
      await expect(chip(page, lang, upTo)).toBeVisible();

      // Removing one chip keeps the others.
      await chip(page, lang, women).click();
      await expect(chip(page, lang, women)).toHaveCount(0);
      await expect(chip(page, lang, note.name)).toBeVisible();
      await expect(filters(page, lang).getByLabel(lang.t('list.gender'), { exact: true })).toHaveValue('');
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

      await sheet.getByLabel(lang.t('list.size'), { exact: true }).selectOption('100');
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
