/**
 * What the back office fits on a laptop's and a tablet's screen, in both languages: the board's filter choices show
 * their whole words at 1440 px, its Status column stays in sight on a tablet (768 and 1024 px) while the wider table
 * scrolls, and the dashboard's chart key keeps each swatch apart from its name, in Arabic too.
 */
import type { Page } from '@playwright/test';
import { adminContext, adminText, signIn } from '../support/admin';
import { expect, test } from '../support/fixtures';
import { ALL_LANGS } from '../support/locales';
import { placeCashOrder } from '../support/shoppers';
import { newStaffMember } from '../support/staff';
import { ADMIN_URL } from '../support/urls';

/** Each filter choice's words against the room its box leaves them (its padding and the arrow's width taken off). */
async function choiceRoom(page: Page) {
  return page
    .getByRole('search')
    .locator('select')
    .evaluateAll((selects) =>
      selects.map((select) => {
        const element = select as HTMLSelectElement;
        const style = getComputedStyle(element);
        const measure = document.createElement('canvas').getContext('2d')!;
        measure.font = `${style.fontSize} ${style.fontFamily}`;
        const words = element.options[element.selectedIndex]?.text ?? '';
        const arrow = 20;
        const room = element.clientWidth - parseFloat(style.paddingInlineStart) - parseFloat(style.paddingInlineEnd) - arrow;
        return { words, needs: measure.measureText(words).width, room };
      }),
    );
}

for (const lang of ALL_LANGS) {
  test(`${lang.code}: the board's filters and Status column, and the chart's key, fit the screen`, async ({ browser, request }) => {
    await placeCashOrder(request, { name: `Fit Shopper ${lang.code}`, street: '5 Fit Street' });
    const staff = await adminContext(browser, lang);
    const admin = await staff.newPage();
    await signIn(admin, lang, await newStaffMember('manager', `Fit Manager ${lang.code}`));

    await admin.setViewportSize({ width: 1440, height: 900 });
    await expect(admin.getByTestId('order-row').first()).toBeVisible();
    const choices = await choiceRoom(admin);
    expect(choices.length).toBeGreaterThanOrEqual(3);
    for (const choice of choices) expect(choice.needs, choice.words).toBeLessThanOrEqual(choice.room);

    for (const width of [1024, 768]) {
      await admin.setViewportSize({ width, height: 900 });
      const table = admin.getByRole('table', { name: adminText(lang, 'ordersTitle') });
      const status = table.getByRole('columnheader', { name: adminText(lang, 'columnStatus') });
      const [box, shown] = [(await status.boundingBox())!, (await table.locator('xpath=..').boundingBox())!];
      // Wholly inside the table's visible box, however far the rest of the table scrolls.
      expect(box.x, `${width} px`).toBeGreaterThanOrEqual(shown.x - 1);
      expect(box.x + box.width, `${width} px`).toBeLessThanOrEqual(shown.x + shown.width + 1);
    }

    await admin.setViewportSize({ width: 1440, height: 900 });
    await admin.goto(`${ADMIN_URL}/dashboard`);
    const keys = admin.getByTestId('chart-key');
    await expect(keys.first()).toBeVisible();
    const gaps = await keys.evaluateAll((items) =>
      items.map((item) => {
        const [swatch, name] = [...item.children].map((child) => child.getBoundingClientRect());
        return Math.max(name!.left - swatch!.right, swatch!.left - name!.right);
      }),
    );
    expect(gaps.length).toBeGreaterThanOrEqual(2);
    for (const gap of gaps) expect(gap).toBeGreaterThanOrEqual(4);
    // The swatch leads its name in the reading direction: on the right of it in Arabic.
    const [swatch, name] = await keys.first().evaluate((item) => [...item.children].map((child) => child.getBoundingClientRect().left));
    expect(lang.dir === 'rtl' ? swatch! > name! : swatch! < name!).toBe(true);
    await staff.close();
  });
}
