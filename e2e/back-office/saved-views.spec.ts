/**
 * Saved views of the orders board (decision 0054), in both languages: a member filters the board, saves the filters
 * under a name, and in another browser, signed in again, finds the view and applies it: its filters are in the address
 * and in the filters' fields.
 */
import { expect, test } from '../support/fixtures';
import { ALL_LANGS } from '../support/locales';
import { adminContext, adminText, signIn } from '../support/admin';
import { newStaffMember } from '../support/staff';

for (const lang of ALL_LANGS) {
  test(`${lang.code}: a saved view of the board is there after signing in elsewhere`, async ({ browser }) => {
    const text = (key: Parameters<typeof adminText>[1], values: Record<string, string | number> = {}) => adminText(lang, key, values);
    const member = await newStaffMember('support', `Views ${lang.code}`);
    const name = lang.code === 'ar' ? 'الدفع عند الاستلام غير المدفوع' : 'Unpaid cash on delivery';

    const first = await adminContext(browser, lang);
    const page = await first.newPage();
    await signIn(page, lang, member);
    const filters = page.getByRole('search', { name: text('filters') });
    await filters.getByLabel(text('paymentMethod')).selectOption({ label: text('payment_cod') });
    await filters.getByLabel(text('paid')).selectOption({ label: text('paidNo') });
    await expect(page).toHaveURL(/paid=no/);

    await page.getByRole('button', { name: text('savedViews') }).click();
    const dialog = page.getByRole('dialog', { name: text('savedViewsTitle') });
    await expect(dialog.getByText(text('noSavedViews'))).toBeVisible();
    // A member who may not share views is not offered to.
    await expect(dialog.getByRole('checkbox')).toHaveCount(0);
    await dialog.getByLabel(text('name'), { exact: true }).fill(name);
    await dialog.getByRole('button', { name: text('saveView') }).click();
    await expect(dialog.getByRole('button', { name, exact: true })).toBeVisible();
    await first.close();

    const second = await adminContext(browser, lang);
    const again = await second.newPage();
    await signIn(again, lang, member);
    await expect(again).not.toHaveURL(/paid=no/);
    await again.getByRole('button', { name: text('savedViews') }).click();
    await again
      .getByRole('dialog', { name: text('savedViewsTitle') })
      .getByRole('button', { name, exact: true })
      .click();
    await expect(again.getByRole('dialog')).toHaveCount(0);
    await expect(again).toHaveURL(/payment_method=cod/);
    await expect(again).toHaveURL(/paid=no/);
    const applied = again.getByRole('search', { name: text('filters') });
    await expect(applied.getByLabel(text('paymentMethod'))).toHaveValue('cod');
    await expect(applied.getByLabel(text('paid'))).toHaveValue('no');
    await second.close();
  });
}
