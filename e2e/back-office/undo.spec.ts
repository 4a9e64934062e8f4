/**
 * Undo on an order's page (decision 0059), in both languages: a fulfilment member packs a confirmed cash order, the
 * toast saying so offers Undo, and taking it back shows the order confirmed again, ready to pack; the audit keeps both
 * steps. Packing tells the shopper nothing, so Undo stays offered the whole minute whatever the outbox sends meanwhile.
 */
import type { StaffOrder } from '@attar/contract';
import { adminContext, adminText, signIn } from '../support/admin';
import { expect, test } from '../support/fixtures';
import { ALL_LANGS } from '../support/locales';
import { placeCashOrder } from '../support/shoppers';
import { asOwner, newStaffMember, staffAction } from '../support/staff';
import { ADMIN_URL } from '../support/urls';

for (const lang of ALL_LANGS) {
  test(`${lang.code}: a pack taken back from its toast leaves the order confirmed, audited`, async ({ browser, request }) => {
    const { order } = await placeCashOrder(request, { name: `Undo Shopper ${lang.code}`, street: '3 Undo Street' });
    await staffAction(order.id, 'confirm');

    const staff = await adminContext(browser, lang);
    const admin = await staff.newPage();
    await signIn(admin, lang, await newStaffMember('fulfilment', `Undo Packer ${lang.code}`));
    await admin.goto(`${ADMIN_URL}/orders/${order.id}`);
    await admin.getByRole('button', { name: adminText(lang, 'actionPack') }).click();

    const toasts = admin.getByRole('status');
    await expect(toasts).toContainText(order.order_number);
    await toasts.getByRole('button', { name: adminText(lang, 'undo') }).click();
    await expect(toasts).toHaveText(
      adminText(lang, 'undoDone', { number: order.order_number, status: adminText(lang, 'status_confirmed') }),
    );
    await expect(admin.getByRole('button', { name: adminText(lang, 'actionPack') })).toBeVisible();

    const back = await asOwner<StaffOrder>('GET', `/api/staff/orders/${order.id}/`);
    expect(back.status).toBe('confirmed');
    expect(back.audit.map((entry) => entry.action).slice(-2)).toEqual(['order.pack', 'order.undo']);
    await staff.close();
  });
}
