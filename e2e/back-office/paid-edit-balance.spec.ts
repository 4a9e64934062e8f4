/**
 * A paid order edited upward (decision 0062), in both languages: a shopper's card order, paid on the test gateway, is
 * given one more unit in the back office, whose preview says what the shopper will owe; saved, the order page shows
 * the balance owed and the link asking for it; the shopper's SMS carries the link; signed in, the shopper sees the
 * amount due on the order's result page and their order list, whose "Pay the balance" opens that link, whose page
 * shows the amount due and pays it through the test gateway; then their pages and staff's show nothing owed and the
 * parcel is handed over. The API's rules
 * (refunds across both payments, the hand-over refused, roles, the callback once) are tested in apps/api.
 */
import type { Order, Paginated, Product } from '@attar/contract';
import { productName } from '../support/api';
import { adminMoney, adminText, openOrderEdit } from '../support/admin';
import { expect, test } from '../support/fixtures';
import { ALL_LANGS, type Lang } from '../support/locales';
import { asShopper, openSignedIn, outbox, randomMobile, signUp } from '../support/shoppers';
import { staffAction } from '../support/staff';
import { priceText, testGateway, visit } from '../support/storefront';
import { API_URL } from '../support/urls';

/** The payment link in the newest SMS to `phone` (E.164) naming the order, waiting for it to be sent. */
async function balanceLinkSentTo(phone: string, orderNumber: string): Promise<URL> {
  let link = '';
  await expect
    .poll(async () => {
      link =
        (await outbox(phone))
          .filter((sms) => sms.body.includes(orderNumber))
          .map((sms) => /https?:\/\/\S*\/pay-order\?token=[\w.-]+/.exec(sms.body)?.[0])
          .find(Boolean) ?? '';
      return link;
    })
    .toBeTruthy();
  return new URL(link);
}

const said = (lang: Lang, key: string, number: string) => lang.t(`orders.${key}`, { number }).replace(/<\/?ltr>/g, '');

test.describe('a paid order edited to a higher total', () => {
  for (const lang of ALL_LANGS) {
    test(`${lang.code}: the shopper is sent a link for the difference, pays it, and the parcel may leave`, async ({
      browser,
      context,
      request,
    }) => {
      const { results } = (await (await request.get(`${API_URL}/api/products/?page_size=60`)).json()) as Paginated<Product>;
      const stocked = results.filter((each) => each.variants.every((size) => size.stock >= 30)).sort((a, b) => a.id - b.id);
      const product = stocked[lang.code === 'en' ? 8 : 9]!;

      // The shopper's card order of one unit, paid on the test gateway.
      const shopper = await signUp(request, 'Balance Payer', lang.code);
      const mobile = randomMobile();
      const [region] = (await (await request.get(`${API_URL}/api/region/`)).json()) as { id: number }[];
      const [city] = (await (await request.get(`${API_URL}/api/city/?region=${region!.id}`)).json()) as { id: number }[];
      const address = await asShopper<{ id: number }>(request, shopper, 'post', '/api/addresses/', {
        name: 'Balance Payer',
        phone: mobile,
        region: region!.id,
        city: city!.id,
        street: '9 Difference Street',
      });
      await asShopper(request, shopper, 'post', '/api/cart-products/', { product: product.id, quantity: 1 });
      // Placed in the journey's language: its messages and link follow it.
      const placed = await request.post(`${API_URL}/api/orders/`, {
        headers: { Authorization: `Token ${shopper.token}`, 'Accept-Language': lang.code },
        data: { address: address.id, payment_method: 'card' },
      });
      expect(placed.status(), await placed.text()).toBe(201);
      const order = (await placed.json()) as Order;
      const gatewayPath = new URL(order.payment_url!).pathname;
      expect((await request.post(`${API_URL}${gatewayPath}`, { form: { decision: 'approve' }, maxRedirects: 0 })).status()).toBe(303);
      await staffAction(order.id, 'confirm');

      // Staff add a unit: the preview says what the shopper will owe.
      const { staff, page, dialog, summary } = await openOrderEdit(browser, lang, order);
      await dialog.getByLabel(adminText(lang, 'unitsOf', { name: productName(product, lang.code) })).fill('2');
      // One unit more (less any delivery it now earns free): what the shopper will owe.
      await expect(summary.getByTestId('edit-new-total')).not.toHaveText(adminMoney(lang, order.total));
      // Read once the preview has come (its notice of the balance): before, the difference shows a dash.
      await expect(summary.getByRole('status')).toBeVisible();
      const owed = await summary.getByTestId('edit-difference').innerText();
      await expect(summary.getByRole('status')).toHaveText(adminText(lang, 'editBalanceDue', { amount: owed }));
      await dialog.getByRole('button', { name: adminText(lang, 'saveChanges') }).click();
      await expect(dialog).toBeHidden();

      // The order page: the balance owed holds the parcel; the link asks for it.
      const payment = page.getByRole('region', { name: adminText(lang, 'payment'), exact: true });
      await expect(payment.getByRole('alert')).toContainText(owed);
      await expect(payment.getByRole('alert')).toContainText(adminText(lang, 'balanceDueHold'));
      const linkPanel = page.getByRole('region', { name: adminText(lang, 'paymentLink_title') });
      await expect(linkPanel).toContainText(adminText(lang, 'paymentLink_state_payable'));
      await expect(linkPanel).toContainText(owed);

      // Signed in, the shopper sees the amount due on their order and pays it through the link the SMS carries.
      const link = await balanceLinkSentTo(`+20${mobile.slice(1)}`, order.order_number);
      expect(link.pathname).toBe(lang.path('/pay-order'));
      const owing = await asShopper<Order>(request, shopper, 'get', `/api/orders/order_number/?number=${order.order_number}`);
      const due = lang.t('orders.balance.due', { amount: priceText(lang, owing.balance_due) });
      // The visitor's own context: prepared as every shopper's page is (no promo pop-up over the page's buttons).
      const caller = await context.newPage();
      await openSignedIn(caller, lang, shopper, `/?order_id=${order.order_number}`);
      await expect(caller.getByRole('main')).toContainText(due);
      await visit(caller, lang, '/profile');
      const card = caller.getByRole('article', { name: said(lang, 'history.order', order.order_number) });
      await expect(card).toContainText(due);
      const payBalance = card.getByRole('link', { name: lang.t('orders.balance.pay'), exact: true });
      await expect(payBalance).toHaveAttribute('href', link.toString());
      await payBalance.click();
      await expect(caller).toHaveURL(link.toString());
      const main = caller.getByRole('main');
      await expect(main).toContainText(lang.t('orders.payment.amountDue'));
      await expect(main).toContainText(lang.t('orders.payment.balanceIntro'));
      await main.getByRole('button', { name: lang.t('orders.payment.pay'), exact: true }).click();
      const gateway = testGateway(caller, lang);
      await expect(gateway.heading).toBeVisible();
      await gateway.approve.click();
      await expect(caller).toHaveURL(new RegExp(`order_id=${order.order_number}&payment=paid`));
      await caller.goto(link.toString());
      await expect(caller.getByRole('main').getByRole('status')).toContainText(said(lang, 'payment.balancePaid', order.order_number));
      await visit(caller, lang, '/profile');
      await expect(card).toBeVisible();
      await expect(card).not.toContainText(due);
      await caller.close();

      // Staff: nothing owed, the link paid, the payment in the timeline in words; the parcel may leave.
      await page.reload();
      await expect(linkPanel).toContainText(adminText(lang, 'paymentLink_state_paid'));
      await expect(payment.getByRole('alert')).toHaveCount(0);
      await expect(payment).toContainText(adminText(lang, 'paymentPurpose_balance'));
      const timeline = page.getByRole('region', { name: adminText(lang, 'timeline') });
      await expect(timeline).toContainText(adminText(lang, 'audit_order.balance_paid'));
      await staffAction(order.id, 'pack');
      const shipped = await staffAction(order.id, 'ship', { courier: 'Aramex', tracking_number: `BAL-${order.id}` });
      expect(shipped.status).toBe('shipped');
      await staff.close();
    });
  }
});
