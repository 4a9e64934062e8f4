/**
 * The listing's layout (decision 0043): on a desktop the filters are a column at the inline start, their groups closed
 * until opened or set, the notes searchable, and the first row of products in the first screen; on a phone they are
 * a modal sheet over the bottom tab bar. A filter value the shop does not offer is ignored. Guests see "You may also
 * like" in the cart panel and on /bag.
 */
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import type { Note, Paginated, Product } from '@attar/contract';
import { findProduct, productName } from '../support/api';
import { expect, test } from '../support/fixtures';
import { ALL_LANGS, type Lang } from '../support/locales';
import { escapeRegExp, productCards, productDetail, visit } from '../support/storefront';
import { API_URL } from '../support/urls';

async function apiCount(request: APIRequestContext, query: string): Promise<number> {
  return ((await (await request.get(`${API_URL}/api/products/?page_size=1&${query}`)).json()) as Paginated<Product>).count;
}

const filters = (page: Page, lang: Lang) => page.getByRole('form', { name: lang.t('list.filters') });
const group = (form: Locator, label: string) =>
  form.locator('details').filter({
    has: form
      .page()
      .locator('summary')
      .filter({ hasText: new RegExp(`^${escapeRegExp(label)}$`) }),
  });
const countLine = (page: Page) => page.getByRole('main').locator('h2[aria-live]');
const chips = (page: Page, lang: Lang) =>
  page.getByRole('link', { name: new RegExp(`^${escapeRegExp(lang.t('list.removeFilter', { name: '' }))}`) });
const noteBoxes = (form: Locator) => form.locator('input[name="notes"]');

for (const lang of ALL_LANGS) {
  test.describe(`${lang.code} on a desktop`, () => {
    test('the filters are a column at the inline start, and the first products are in the first screen', async ({ page }) => {
      await visit(page, lang, '/fragrances');
      const form = filters(page, lang);
      await expect(form).toBeVisible();
      const column = (await form.boundingBox())!;
      const first = productCards(page).first();
      await expect(first).toBeInViewport({ ratio: 1 });
      const card = (await first.boundingBox())!;
      // Beside the products, on the side a line of text starts from.
      if (lang.dir === 'rtl') expect(column.x).toBeGreaterThanOrEqual(card.x + card.width);
      else expect(column.x + column.width).toBeLessThanOrEqual(card.x);
      await expect(page.getByRole('button', { name: lang.t('list.openFilters'), exact: true })).toBeHidden();

      // Every group starts closed; one opens on its summary, and it applies at once.
      await expect(form.locator('details[open]')).toHaveCount(0);
      const family = group(form, lang.t('list.family'));
      await family.locator('summary').click();
      await expect(family).toHaveAttribute('open');
      const choice = family.getByRole('radio').nth(1);
      const slug = await choice.getAttribute('value');
      await choice.check();
      await expect.poll(() => new URL(page.url()).searchParams.get('family')).toBe(slug);
      // Read again with the value set, its group is open and the others stay closed.
      await page.reload();
      await expect(form.locator('details[open]')).toHaveCount(1);
      await expect(group(form, lang.t('list.family')).getByRole('radio', { checked: true })).toHaveValue(slug!);
    });

    test('the note search narrows the notes; the first few show until "show all"', async ({ page, request }) => {
      const notes = (await (await request.get(`${API_URL}/api/products/notes/?lang=${lang.code}`)).json()) as Note[];
      expect(notes.length).toBeGreaterThan(10);
      await visit(page, lang, '/fragrances');
      const form = filters(page, lang);
      const notesGroup = group(form, lang.t('list.notes'));
      await notesGroup.locator('summary').click();
      await expect(noteBoxes(form)).toHaveCount(10);

      const wanted = notes.at(-1)!;
      const search = notesGroup.getByRole('searchbox', { name: lang.t('list.searchNotes') });
      await search.fill(wanted.name);
      const matching = notes.filter((note) => note.name.toLocaleLowerCase().includes(wanted.name.toLocaleLowerCase()));
      await expect(noteBoxes(form)).toHaveCount(matching.length);
      // Enter in the search box sends nothing.
      await search.press('Enter');
      expect(new URL(page.url()).search).toBe('');
      await notesGroup.getByRole('checkbox', { name: wanted.name, exact: true }).check();
      await expect.poll(() => new URL(page.url()).searchParams.get('notes')).toBe(wanted.slug);
      await expect(countLine(page)).toContainText(lang.number(await apiCount(request, `notes=${wanted.slug}`)));

      await search.fill('');
      // The chosen note stays listed after the first ten.
      await expect(noteBoxes(form)).toHaveCount(11);
      await notesGroup
        .getByRole('button', { name: lang.t('list.showAllNotes', { count: notes.length, shown: lang.number(notes.length) }) })
        .click();
      await expect(noteBoxes(form)).toHaveCount(notes.length);
      await search.fill('zzzzqq');
      await expect(noteBoxes(form)).toHaveCount(0);
      await expect(notesGroup.getByText(lang.t('list.noNoteMatches'))).toBeVisible();
    });

    test('a note the shop does not have leaves no chip and does not empty the list', async ({ page, request }) => {
      const everything = await apiCount(request, '');
      await visit(page, lang, '/fragrances?notes=no-such-note');
      await expect(countLine(page)).toContainText(lang.number(everything));
      await expect(chips(page, lang)).toHaveCount(0);
      await expect(page.getByRole('link', { name: lang.t('list.clear') })).toHaveCount(0);
      await expect(productCards(page).first()).toBeVisible();

      // Beside a known note and an unknown family, only the known note filters and shows.
      const note = ((await (await request.get(`${API_URL}/api/products/notes/?lang=${lang.code}`)).json()) as Note[])[0]!;
      await visit(page, lang, `/fragrances?notes=no-such-note,${note.slug}&family=no-such-family`);
      await expect(countLine(page)).toContainText(lang.number(await apiCount(request, `notes=${note.slug}`)));
      await expect(chips(page, lang)).toHaveCount(1);
      await expect(page.getByRole('link', { name: lang.t('list.removeFilter', { name: note.name }) })).toBeVisible();
    });
  });

  test.describe(`${lang.code} on a phone`, { tag: '@phone' }, () => {
    test('the filter sheet is a modal dialog over the bottom tab bar', async ({ page }) => {
      await visit(page, lang, '/fragrances');
      const opener = page.getByRole('button', { name: lang.t('list.openFilters'), exact: true });
      const tabBar = page.getByRole('navigation', { name: lang.t('a11y.bottomNav') });
      const bar = (await tabBar.boundingBox())!;
      await opener.click();
      const sheet = page.getByRole('dialog', { name: lang.t('list.filters') });
      await expect(sheet).toBeVisible();
      await expect(sheet).toHaveAttribute('aria-modal', 'true');

      // What is drawn where the tab bar's labels are is the sheet, not the bar.
      const onTop = async (x: number, y: number) =>
        page.evaluate(([px, py]) => Boolean(document.elementFromPoint(px!, py!)?.closest('[role="dialog"]')), [x, y]);
      for (const x of [bar.x + 20, bar.x + bar.width / 2, bar.x + bar.width - 20]) {
        expect(await onTop(x, bar.y + bar.height / 2)).toBe(true);
      }
      const sheetBox = (await sheet.boundingBox())!;
      expect(sheetBox.y + sheetBox.height).toBeGreaterThanOrEqual(bar.y + bar.height - 1);

      // Focus is in the sheet and stays there.
      await expect.poll(() => sheet.evaluate((dialog) => dialog.contains(document.activeElement))).toBe(true);
      for (let step = 0; step < 25; step += 1) {
        await page.keyboard.press(step % 5 === 4 ? 'Shift+Tab' : 'Tab');
        expect(await sheet.evaluate((dialog) => dialog.contains(document.activeElement))).toBe(true);
      }
      // A group opens inside it, and Escape closes the sheet, giving focus back to its button.
      const sizes = group(filters(page, lang), lang.t('list.size'));
      await sizes.locator('summary').click();
      await expect(sizes.getByRole('radio').first()).toBeVisible();
      await page.keyboard.press('Escape');
      await expect(sheet).toHaveCount(0);
      await expect(opener).toBeFocused();
      await expect(tabBar.getByRole('link').first()).toBeVisible();
    });
  });

  test.describe(`${lang.code}: a guest's suggestions`, () => {
    test('the guest cart panel and /bag suggest products', async ({ page, catalogue }) => {
      const product = findProduct(
        catalogue,
        'an available product with notes',
        (each) => each.availability === 'available' && each.stock >= 2 && Object.values(each.notes).flat().length > 0,
      );
      await visit(page, lang, `/fragrances/${product.slug}`);
      await productDetail(page)
        .getByRole('button', { name: lang.t('product.addToCart') })
        .click();
      const panel = page.getByRole('dialog', { name: new RegExp(`^${escapeRegExp(lang.t('cart.panelTitle'))}`) });
      const inPanel = panel.getByRole('region', { name: lang.t('cart.suggestions') });
      await expect(inPanel.getByRole('listitem').first()).toBeVisible();
      await expect(inPanel.getByRole('link', { name: productName(product, lang.code), exact: true })).toHaveCount(0);

      await visit(page, lang, '/bag');
      const onBag = page.getByRole('main').getByRole('region', { name: lang.t('cart.suggestions') });
      await expect(onBag.getByRole('listitem').first()).toBeVisible();
    });
  });
}
