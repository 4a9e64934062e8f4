/**
 * The audit log on the shared data table (decision 0051), in both languages: the owner filters the entries down to a new
 * staff member's, hides the changes column from the Columns menu (which opens on the end side, inside the
 * page), and finds it still hidden after a reload.
 */
import type { StaffMember } from '@attar/contract';
import { expect, test } from '../support/fixtures';
import { ALL_LANGS } from '../support/locales';
import { adminContext, adminText, signIn } from '../support/admin';
import { asOwner, demoOwner, newStaffMember } from '../support/staff';

for (const lang of ALL_LANGS) {
  test(`${lang.code}: the audit log hides an optional column and remembers it`, async ({ browser }) => {
    const text = (key: Parameters<typeof adminText>[1], values: Record<string, string | number> = {}) => adminText(lang, key, values);
    const member = await newStaffMember('support', `Auditor ${lang.code}`);
    const { results } = await asOwner<{ results: StaffMember[] }>('GET', '/api/staff/members/');
    const id = results.find((each) => each.email === member.email)!.id;

    const context = await adminContext(browser, lang);
    const page = await context.newPage();
    await signIn(page, lang, demoOwner());
    await page.getByRole('link', { name: text('navAudit') }).click();
    const filters = page.getByRole('search', { name: text('filters') });
    await filters.getByLabel(text('auditEntity'), { exact: true }).fill('staff');
    await filters.getByLabel(text('auditEntityId')).fill(String(id));
    await filters.getByRole('button', { name: text('filter'), exact: true }).click();
    // The filter is read from the address (the id as quoted text): until it holds the id, the table may still list other members' entries.
    await expect(page).toHaveURL(new RegExp(`[?&]entity_id=(%22)?${id}(%22)?(&|$)`));
    const table = page.getByRole('table', { name: text('auditTitle') });
    const added = table.getByRole('row').filter({ hasText: text('audit_staff.create') });
    await expect(added).toContainText(member.email);
    await expect(table.getByRole('row').filter({ hasText: text('audit_staff.set_password') })).toHaveCount(1);
    // Two entries: one page, so no pager.
    await expect(page.getByRole('navigation', { name: text('pages') })).toHaveCount(0);

    const columns = page.getByRole('button', { name: text('tableColumns') });
    await columns.click();
    const menu = page.getByRole('group', { name: text('tableColumnsShown') });
    // Measured once it is open: a box read while it is still being drawn is empty.
    await expect(menu.getByRole('checkbox', { name: text('auditChanges') })).toBeVisible();
    const [button, opened] = [(await columns.boundingBox())!, (await menu.boundingBox())!];
    // The menu hangs from the button's end: its right edge in English, its left edge in Arabic; never off the page.
    if (lang.dir === 'rtl') expect(Math.abs(opened.x - button.x)).toBeLessThan(2);
    else expect(Math.abs(opened.x + opened.width - (button.x + button.width))).toBeLessThan(2);
    expect(opened.x).toBeGreaterThanOrEqual(0);
    expect(opened.x + opened.width).toBeLessThanOrEqual(1280);

    await menu.getByRole('checkbox', { name: text('auditChanges') }).uncheck();
    await expect(table.getByRole('columnheader', { name: text('auditChanges') })).toHaveCount(0);
    await expect(added).not.toContainText(member.email);
    await page.keyboard.press('Escape');
    await expect(menu).toHaveCount(0);

    await page.reload();
    await expect(added).toContainText(text('audit_staff.create'));
    await expect(table.getByRole('columnheader', { name: text('auditChanges') })).toHaveCount(0);
    await expect(table.getByRole('columnheader', { name: text('auditWhat') })).toBeVisible();
    await expect(columns).toContainText(text('tableColumnsHidden', { count: 1 }));
    await context.close();
  });
}
