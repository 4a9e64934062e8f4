/**
 * The back office's two languages: each is fetched when first shown. A member who opened it in one switches to the
 * other (the screen turns right to left or back, and the choice is remembered), and prints an order's slip in
 * the language the screen is not in.
 */
import { expect, test } from '../support/fixtures';
import { ALL_LANGS } from '../support/locales';
import { adminContext, adminText, signIn } from '../support/admin';
import { placeCashOrder } from '../support/shoppers';
import { newStaffMember } from '../support/staff';
import { ADMIN_URL } from '../support/urls';

for (const lang of ALL_LANGS) {
  const other = ALL_LANGS.find((each) => each.code !== lang.code)!;

  test(`${lang.code}: the back office turns to ${other.code}, and prints a slip in ${other.code}`, async ({ browser, request }) => {
    const { order } = await placeCashOrder(request, { name: `Two Languages ${lang.code}`, street: '5 Bilingual Street' });

    const context = await adminContext(browser, lang);
    const page = await context.newPage();
    await signIn(page, lang, await newStaffMember('fulfilment', `Languages ${lang.code}`));
    await page.getByRole('button', { name: adminText(lang, 'languageLabel') }).click();
    await expect(page.locator('html')).toHaveAttribute('dir', other.dir);
    await expect(page.getByRole('heading', { name: adminText(other, 'ordersTitle'), level: 1 })).toBeVisible();
    // Remembered in this browser (the journey's context sets the first language on every load, so it is read, not reloaded).
    expect(await page.evaluate(() => localStorage.getItem('attar-admin-locale'))).toBe(other.code);

    // A new load opens in the context's language again; a slip asked for in the other one fetches its texts.
    await page.goto(`${ADMIN_URL}/print?orders=${order.id}&lang=${other.code}`);
    await expect(page.getByRole('heading', { name: adminText(lang, 'printTitle'), level: 1 })).toBeVisible();
    const slip = page.getByRole('main');
    await expect(slip).toHaveAttribute('dir', other.dir);
    await expect(slip.getByRole('heading', { name: adminText(other, 'slipNumber', { number: order.order_number }) })).toBeVisible();
    await context.close();
  });
}
