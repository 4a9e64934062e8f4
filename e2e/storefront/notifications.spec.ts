/**
 * The bell's list: one notification per event that matters, grouped per order, each with its date and time and a link
 * to the order, worded for the order's way of paying (a kiosk order waits for cash at a kiosk, never for a card), and
 * read once seen.
 */
import type { Order } from '@attar/contract';
import { findProduct } from '../support/api';
import { expect, test } from '../support/fixtures';
import { ALL_LANGS } from '../support/locales';
import { asShopper, openSignedIn, saveAddress, signUp } from '../support/shoppers';

for (const lang of ALL_LANGS) {
  test(`the bell lists a cash and a kiosk order apart, with time, link and read state, ${lang.code}`, async ({
    page,
    request,
    catalogue,
  }) => {
    const shopper = await signUp(request);
    const address = await saveAddress(request, shopper, '3 Bell Street');
    const product = findProduct(catalogue, 'an available perfume with stock', (p) => p.availability === 'available' && p.stock >= 20);
    const orders: Order[] = [];
    for (const method of ['cod', 'kiosk', 'card'] as const) {
      await asShopper(request, shopper, 'post', '/api/cart-products/', { product: product.id, quantity: 1 });
      orders.push(await asShopper<Order>(request, shopper, 'post', '/api/orders/', { address: address.id, payment_method: method }));
    }
    const [cash, kiosk] = orders;

    await openSignedIn(page, lang, shopper, '/notifications');
    await expect(page.getByRole('heading', { level: 1, name: lang.t('alerts.listTitle') })).toBeVisible();
    // The card order waiting on the gateway's page is not news: two orders, one notification each, each under its order.
    const groups = page.getByTestId('notification-group');
    await expect(groups).toHaveCount(2);
    const items = page.getByTestId('notification');
    await expect(items).toHaveCount(2);
    await expect(groups.first()).toContainText(kiosk!.order_number);
    await expect(groups.first()).toContainText(lang.t('alerts.pendingBy.kiosk'));
    await expect(groups.first()).not.toContainText(lang.t('alerts.pendingBy.card'));
    await expect(groups.last()).toContainText(cash!.order_number);
    // A date and a time of day.
    await expect(items.first().locator('time')).toHaveText(/[\d٠-٩]{1,2}:[\d٠-٩]{2}/);
    await expect(items.first().getByRole('link')).toHaveAttribute('href', new RegExp(`order_id=${kiosk!.order_number}`));
    await expect(items.getByTestId('notification-new')).toHaveCount(2);

    // Seen once, read from then on.
    await page.reload();
    await expect(items).toHaveCount(2);
    await expect(items.getByTestId('notification-new')).toHaveCount(0);

    // The link leads to the order, with its kiosk reference.
    await items.first().getByRole('link').click();
    await expect(page.getByTestId('kiosk-reference')).toHaveText(kiosk!.kiosk_reference!);
  });
}
