/**
 * Refunds and returns in the back office, in both languages: a card order paid on the test gateway is refunded in
 * part (one unit, not restocked) and the gateway gives that money back; a shopper's return is approved, received
 * (restocked) and refunded by staff from the returns queue — a cash order, so staff say how the cash goes back — and
 * the shopper's order shows each step.
 */
import type { APIRequestContext } from '@playwright/test';
import type { Order } from '@attar/contract';
import { adminContext, adminText, signIn } from '../support/admin';
import { expect, test } from '../support/fixtures';
import { ALL_LANGS } from '../support/locales';
import { asShopper, saveAddress, signUp, type Shopper } from '../support/shoppers';
import { deliverOrder, demoOwner } from '../support/staff';
import { ADMIN_URL, API_URL } from '../support/urls';

/** A delivered order of two units of one product and one of another, by a new shopper. */
async function deliveredOrder(request: APIRequestContext, paymentMethod: 'cod' | 'card'): Promise<{ shopper: Shopper; order: Order }> {
  const shopper = await signUp(request, 'Returns Tester');
  const address = await saveAddress(request, shopper, '9 Return Road');
  const { results } = await (await request.get(`${API_URL}/api/products/?page_size=40`)).json();
  const [first, second] = (results as { id: number; stock: number }[]).filter((each) => each.stock >= 20);
  await asShopper(request, shopper, 'post', '/api/cart-products/', { product: first!.id, quantity: 2 });
  await asShopper(request, shopper, 'post', '/api/cart-products/', { product: second!.id, quantity: 1 });
  const order = await asShopper<Order>(request, shopper, 'post', '/api/orders/', { address: address.id, payment_method: paymentMethod });
  if (paymentMethod === 'card') {
    const paid = await request.post(order.payment_url!, { form: { decision: 'approve' }, maxRedirects: 0 });
    expect(paid.status()).toBeLessThan(400);
  }
  await deliverOrder(order.id);
  return { shopper, order };
}

const shopperOrder = (request: APIRequestContext, shopper: Shopper, number: string) =>
  asShopper<Order>(request, shopper, 'get', `/api/orders/order_number/?number=${number}`);

test.describe('refunds and returns in the back office', () => {
  // The staff journeys run once per language, on a desktop screen.

  for (const lang of ALL_LANGS) {
    test(`${lang.code}: a card order is refunded in part through the test gateway`, async ({ browser, request }) => {
      const { shopper, order } = await deliveredOrder(request, 'card');
      const staff = await adminContext(browser, lang);
      const admin = await staff.newPage();
      await signIn(admin, lang, demoOwner());
      await admin.goto(`${ADMIN_URL}/orders/${order.id}`);
      await admin.getByRole('button', { name: adminText(lang, 'actionRefund') }).click();
      const dialog = admin.getByRole('dialog');
      await expect(dialog).toContainText(order.order_number);
      // Paid by card: the money goes back through the gateway, so no cash method is asked.
      await expect(dialog.getByLabel(adminText(lang, 'cashRefundMethod'))).toHaveCount(0);
      // Nothing chosen: the form says so and sends nothing.
      await dialog.getByLabel(adminText(lang, 'reason')).fill('One bottle arrived broken');
      await dialog.getByRole('button', { name: adminText(lang, 'actionRefund') }).click();
      await expect(dialog.getByRole('alert')).toContainText(adminText(lang, 'refundNothing'));
      // One of the two units of the first line, not back on the shelf (it is broken).
      await dialog.getByRole('spinbutton').first().fill('1');
      await dialog.getByRole('checkbox').first().uncheck();
      await dialog.getByRole('button', { name: adminText(lang, 'actionRefund') }).click();
      await expect(dialog).toBeHidden();

      const [firstLine] = order.items;
      const refundedAmount = (await shopperOrder(request, shopper, order.order_number)).refunded!;
      // The unit's share of what the goods cost (no promotion or points here: its price).
      expect(refundedAmount).toBe(firstLine!.price);
      await expect(admin.getByRole('status').filter({ hasText: order.order_number })).toBeVisible();
      const payment = admin.getByRole('region', { name: adminText(lang, 'payment') });
      await expect(payment).toContainText(adminText(lang, 'paymentStatus_paid'));
      await expect(payment).toContainText(adminText(lang, 'refundStatus_confirmed'));
      // In words: why the gateway gave money back, and the timeline's refund with its amount and units.
      await expect(payment).toContainText(adminText(lang, 'refundReason_orderRefund'));
      await expect(payment).not.toContainText('order_refund');
      const timeline = admin.getByRole('region', { name: adminText(lang, 'timeline') });
      await expect(timeline).toContainText(adminText(lang, 'audit_order.refund'));
      await expect(timeline).toContainText(adminText(lang, 'historyField_amountRefunded'));
      await expect(timeline).toContainText(adminText(lang, 'historyField_units'));
      await expect(timeline).toContainText('One bottle arrived broken');
      await expect(timeline).not.toContainText(/order\.refund|_piastres|points_reversed|lines:/);
      const returns = admin.getByRole('region', { name: adminText(lang, 'returnsTitle') });
      await expect(returns).toContainText(adminText(lang, 'refundsHeading'));
      // Still delivered: the rest of the order was kept.
      await expect(admin.getByRole('heading', { level: 1 }).locator('..')).toContainText(adminText(lang, 'status_delivered'));

      const mine = await shopperOrder(request, shopper, order.order_number);
      expect(mine).toMatchObject({ status: 'delivered', payment: { status: 'paid', refunded: firstLine!.price } });
      expect(mine.items[0]).toMatchObject({ refunded_quantity: 1 });
      await staff.close();
    });

    test(`${lang.code}: staff approve, receive and refund a shopper's return from the returns queue`, async ({ browser, request }) => {
      const { shopper, order } = await deliveredOrder(request, 'cod');
      const [firstLine] = order.items;
      await asShopper(request, shopper, 'post', `/api/orders/${order.id}/returns/`, {
        reason: 'Not the scent I expected',
        lines: [{ item: firstLine!.id, quantity: 1 }],
      });

      const staff = await adminContext(browser, lang);
      const admin = await staff.newPage();
      await signIn(admin, lang, demoOwner());
      await admin.getByRole('link', { name: adminText(lang, 'navReturns') }).click();
      await expect(admin.getByRole('heading', { name: adminText(lang, 'returnsQueueTitle'), level: 1 })).toBeVisible();
      await admin.getByRole('link', { name: order.order_number }).click();
      const returns = admin.getByRole('region', { name: adminText(lang, 'returnsTitle') });
      await expect(returns).toContainText('Not the scent I expected');
      await expect(returns).toContainText(adminText(lang, 'returnStatus_requested'));

      const step = async (label: 'returnApprove' | 'returnReceive' | 'returnRefund', status: 'approved' | 'received' | 'refunded') => {
        await returns.getByRole('button', { name: adminText(lang, label) }).click();
        const dialog = admin.getByRole('dialog', { name: adminText(lang, label) });
        if (label === 'returnApprove') await dialog.getByLabel(adminText(lang, 'approveMessage')).fill('Keep the box, please.');
        if (label === 'returnRefund') {
          // A cash order: refused until staff say how the cash goes back.
          await dialog.getByRole('button', { name: adminText(lang, label) }).click();
          await expect(dialog).toContainText(adminText(lang, 'cashRefundMethodMissing'));
          await dialog.getByLabel(adminText(lang, 'cashRefundMethod')).selectOption({ label: adminText(lang, 'cashRefund_courier') });
        }
        await dialog.getByRole('button', { name: adminText(lang, label) }).click();
        await expect(dialog).toBeHidden();
        await expect(returns).toContainText(adminText(lang, `returnStatus_${status}`));
      };
      await step('returnApprove', 'approved');
      await step('returnReceive', 'received');
      await expect(returns).toContainText(adminText(lang, 'restockedYes'));
      await step('returnRefund', 'refunded');
      await expect(returns).toContainText(adminText(lang, 'refundsHeading'));
      await expect(returns).toContainText(adminText(lang, 'cashRefund_courier'));
      const timeline = admin.getByRole('region', { name: adminText(lang, 'timeline') });
      await expect(timeline).toContainText(`${adminText(lang, 'cashRefundMethod')}: ${adminText(lang, 'cashRefund_courier')}`);

      const mine = await shopperOrder(request, shopper, order.order_number);
      expect(mine.returns).toEqual([
        expect.objectContaining({
          status: 'refunded',
          staff_message: 'Keep the box, please.',
          lines: [{ item: firstLine!.id, quantity: 1, restocked: true }],
        }),
      ]);
      expect(mine.refunded).toBe(firstLine!.price);
      expect(mine.refunds).toEqual([expect.objectContaining({ cash_method: 'courier', cash_reference: null })]);
      await staff.close();
    });
  }
});
