/**
 * Search as Egypt types it, from the header's box: a Franco-Arabic word finds its product, and words that name a
 * gender and a kind of product become chips whose removal widens the list. Both languages.
 */
import type { APIRequestContext, Page } from '@playwright/test';
import type { Paginated, Product } from '@attar/contract';
import { expect, test } from '../support/fixtures';
import { ALL_LANGS, type Lang } from '../support/locales';
import { productCards, searchBox, visit } from '../support/storefront';
import { API_URL } from '../support/urls';

async function apiCount(request: APIRequestContext, query: string): Promise<number> {
  return ((await (await request.get(`${API_URL}/api/products/?page_size=1&${query}`)).json()) as Paginated<Product>).count;
}

const chip = (page: Page, lang: Lang, name: string) => page.getByRole('link', { name: lang.t('list.removeFilter', { name }) });
const countLine = (page: Page) => page.getByRole('main').locator('h2[aria-live]');

async function searchFromHeader(page: Page, lang: Lang, text: string): Promise<void> {
  const box = searchBox(page, lang);
  await box.fill(text);
  await box.press('Enter');
  await expect.poll(() => new URL(page.url()).searchParams.get('search')).toBe(text);
}

for (const lang of ALL_LANGS) {
  test.describe(lang.code, () => {
    test('a Franco-Arabic word finds its product from the header', async ({ page, request }) => {
      const jasmine = (await (await request.get(`${API_URL}/api/products/jasmine-blossom/?lang=${lang.code}`)).json()) as Product;
      await visit(page, lang, '/');
      await searchFromHeader(page, lang, 'yasmeen');
      // Among the first three results, as the relevance set asks of the API.
      await expect(productCards(page).first()).toBeVisible();
      const firstThree = (await productCards(page).getByRole('heading', { level: 3 }).allTextContents()).slice(0, 3);
      expect(firstThree).toContain(jasmine.name);
    });

    test('words that name a gender and a kind of product are chips, and removing one widens the list', async ({ page, request }) => {
      const typed = lang.code === 'ar' ? 'مزيل عرق حريمي' : 'women deodorant';
      await visit(page, lang, '/');
      await searchFromHeader(page, lang, typed);

      const women = lang.t('product.genders.women');
      const deodorants = lang.t('list.types.deodorant');
      await expect(chip(page, lang, women)).toBeVisible();
      await expect(chip(page, lang, deodorants)).toBeVisible();
      const both = await apiCount(request, 'gender=women&type=deodorant');
      await expect(countLine(page)).toContainText(lang.number(both));

      await chip(page, lang, women).click();
      await expect(chip(page, lang, women)).toHaveCount(0);
      await expect(chip(page, lang, deodorants)).toBeVisible();
      const deodorantsOnly = await apiCount(request, 'type=deodorant');
      expect(deodorantsOnly).toBeGreaterThan(both);
      await expect(countLine(page)).toContainText(lang.number(deodorantsOnly));
    });
  });
}
