/**
 * Search analytics (decision 0045), in both languages: a shopper searches for a word that finds nothing, reloads the
 * results (which does not count the search again), and a manager's Searches report lists the word among the searches
 * that found nothing.
 */
import type { SearchReport } from '@attar/contract';
import { adminContext, adminText, signIn } from '../support/admin';
import { expect, test } from '../support/fixtures';
import { ALL_LANGS } from '../support/locales';
import { asOwner, newStaffMember } from '../support/staff';
import { searchBox, visit } from '../support/storefront';

/** Today on Cairo's calendar, as the report takes it. */
const cairoToday = () => new Date().toLocaleDateString('en-CA', { timeZone: 'Africa/Cairo' });
const todaysReport = () => asOwner<SearchReport>('GET', `/api/staff/searches/?from=${cairoToday()}&to=${cairoToday()}`);

for (const lang of ALL_LANGS) {
  test.describe(`search analytics, ${lang.code}`, () => {
    // A word of this run's own, in the language's letters, that no product has.
    const word = `${lang.code === 'ar' ? 'ظغثذ' : 'qzxvj'}${Date.now().toString(36).replace(/\d/g, '')}`;

    test('a search that found nothing is counted once and shows in the manager’s Searches report', async ({ page, browser }) => {
      // The storefront and then the back office, signed in: more than one screen's worth of time.
      test.slow();
      await visit(page, lang, '/');
      const box = searchBox(page, lang);
      await box.fill(word);
      await box.press('Enter');
      const main = page.getByRole('main');
      await expect(main.getByText(lang.t('list.empty'))).toBeVisible();
      // The address names the recorded search, so a reload is the same search, not another.
      await expect.poll(() => new URL(page.url()).searchParams.get('search_id')).toMatch(/^\d+$/);
      await page.reload();
      await expect(main.getByText(lang.t('list.empty'))).toBeVisible();
      const counted = (await todaysReport()).no_result_queries.find((each) => each.query === word);
      expect(counted).toMatchObject({ searches: 1, results: 0 });

      const staff = await adminContext(browser, lang);
      const admin = await staff.newPage();
      await signIn(admin, lang, await newStaffMember('manager', `Searches Manager ${lang.code}`));
      await admin.getByRole('link', { name: adminText(lang, 'navSearches'), exact: true }).click();
      await expect(admin.getByRole('heading', { level: 1, name: adminText(lang, 'searchesTitle') })).toBeVisible();
      await expect(admin.locator('html')).toHaveAttribute('dir', lang.dir);
      const nothingFound = admin.getByRole('region', { name: adminText(lang, 'searchesNoResultsTitle') });
      await expect(nothingFound.getByRole('row').filter({ hasText: word })).toBeVisible();
      await staff.close();
    });
  });
}
