/**
 * Tags in the back office (decision 0058), in both languages: a support member tags a shopper's order and then the
 * shopper's account from the order's page, takes a tag back with the toast's Undo, filters the board by the order's
 * tag (the row shows it as a chip), saves that as a view, and finds the order again through the view.
 */
import type { Order } from '@attar/contract';
import { adminContext, adminText, signIn } from '../support/admin';
import { expect, test } from '../support/fixtures';
import { ALL_LANGS } from '../support/locales';
import { asShopper, saveAddress, signUp } from '../support/shoppers';
import { newStaffMember } from '../support/staff';
import { ADMIN_URL, API_URL } from '../support/urls';

for (const lang of ALL_LANGS) {
  test(`${lang.code}: staff tag an order and its customer, undo a tag, and filter the board by one`, async ({ browser, request }) => {
    // Two pages' tags, then the board's filter and a saved view: more steps than most journeys.
    test.setTimeout(120_000);
    const text = (key: Parameters<typeof adminText>[1], values: Record<string, string | number> = {}) => adminText(lang, key, values);
    const stamp = Date.now().toString(36);
    const orderTag = lang.code === 'ar' ? `عاجل ${stamp}` : `Rush ${stamp}`;
    const undoneTag = lang.code === 'ar' ? 'قابل للكسر' : 'Fragile';
    const customerTag = lang.code === 'ar' ? `اتصل أولًا ${stamp}` : `Call first ${stamp}`;

    const { results } = await (await request.get(`${API_URL}/api/products/?page_size=40`)).json();
    const product = (results as { id: number; stock: number }[]).find((each) => each.stock >= 5)!;
    const shopper = await signUp(request, `Tagged ${stamp}`);
    const address = await saveAddress(request, shopper, '3 Tag Street');
    await asShopper(request, shopper, 'post', '/api/cart-products/', { product: product.id, quantity: 1 });
    const order = await asShopper<Order>(request, shopper, 'post', '/api/orders/', { address: address.id, payment_method: 'cod' });

    const context = await adminContext(browser, lang);
    const admin = await context.newPage();
    await signIn(admin, lang, await newStaffMember('support', `Tags ${lang.code}`));
    await admin.goto(`${ADMIN_URL}/orders/${order.id}`);
    const tags = admin.getByRole('region', { name: text('tags'), exact: true });
    await expect(tags.getByText(text('noTags'))).toBeVisible();
    const chips = tags.getByRole('list', { name: text('tags') });
    const addTag = async (tag: string) => {
      await tags.getByLabel(text('newTag')).fill(tag);
      await tags.getByRole('button', { name: text('addTag') }).click();
      await expect(chips.getByText(tag, { exact: true })).toBeVisible();
    };
    await addTag(orderTag);
    await addTag(undoneTag);
    const toast = admin.getByRole('status').locator('p').filter({ hasText: undoneTag });
    await toast.getByRole('button', { name: text('undo') }).click();
    await expect(admin.getByRole('status').getByText(text('undone'))).toBeVisible();
    await expect(chips.getByText(undoneTag, { exact: true })).toHaveCount(0);
    await expect(chips.getByText(orderTag, { exact: true })).toBeVisible();
    // The timeline names both changes in words.
    const timeline = admin.getByRole('region', { name: text('timeline') });
    await expect(timeline.getByText(text('audit_order.untag'))).toBeVisible();

    await admin.getByRole('link', { name: text('customerAccountLink') }).click();
    await expect(admin.getByRole('heading', { level: 1, name: `Tagged ${stamp}` })).toBeVisible();
    const customerTags = admin.getByRole('region', { name: text('tags'), exact: true });
    await customerTags.getByLabel(text('newTag')).fill(customerTag);
    await customerTags.getByRole('button', { name: text('addTag') }).click();
    await expect(customerTags.getByRole('list', { name: text('tags') }).getByText(customerTag)).toBeVisible();

    await admin.goto(`${ADMIN_URL}/orders`);
    const filters = admin.getByRole('search', { name: text('filters') });
    await filters.getByLabel(text('tagFilter'), { exact: true }).fill(orderTag.toUpperCase());
    await filters.getByLabel(text('tagFilter'), { exact: true }).press('Enter');
    await expect(admin).toHaveURL(/[?&]tag=/);
    const rows = admin.getByTestId('order-row').filter({ visible: true });
    await expect(rows).toHaveCount(1);
    await expect(
      rows
        .first()
        .getByRole('list', { name: text('tags') })
        .getByText(orderTag),
    ).toBeVisible();

    const viewName = lang.code === 'ar' ? `مستعجل ${stamp}` : `Rush ${stamp}`;
    await admin.getByRole('button', { name: text('savedViews') }).click();
    const dialog = admin.getByRole('dialog', { name: text('savedViewsTitle') });
    await dialog.getByLabel(text('name'), { exact: true }).fill(viewName);
    await dialog.getByRole('button', { name: text('saveView') }).click();
    await expect(dialog.getByRole('button', { name: viewName, exact: true })).toBeVisible();
    await dialog.getByRole('button', { name: text('close') }).click();

    await filters.getByRole('button', { name: text('clearFilters') }).click();
    await expect(admin).not.toHaveURL(/[?&]tag=/);
    await admin.getByRole('button', { name: text('savedViews') }).click();
    await dialog.getByRole('button', { name: viewName, exact: true }).click();
    await expect(admin).toHaveURL(/[?&]tag=/);
    await expect(filters.getByLabel(text('tagFilter'), { exact: true })).toHaveValue(orderTag.toUpperCase());
    await expect(rows).toHaveCount(1);
    await expect(rows.first().getByText(order.order_number)).toBeVisible();
    await context.close();
  });
}
