/**
 * A phone order paid by card through a payment link (decision 0060), in both languages: staff take the order for a
 * new caller and choose card; the caller's SMS (read from the development outbox) carries the link to the shop's page
 * in the caller's language, which shows the order and pays it through the test gateway, coming back to the order's
 * result; staff then see the order paid and its link paid, and the link opened again says it is already paid. The
 * API's rules (expiry, forged links, resend, roles) are tested in apps/api/src/payment-links.
 */
import type { Page } from '@playwright/test';
import type { Paginated, Product } from '@attar/contract';
import { productName } from '../support/api';
import { adminContext, adminText, signIn } from '../support/admin';
import { expect, test } from '../support/fixtures';
import { ALL_LANGS, type Lang } from '../support/locales';
import { outbox, randomMobile } from '../support/shoppers';
import { demoOwner } from '../support/staff';
import { testGateway } from '../support/storefront';
import { API_URL } from '../support/urls';

/** The link in the newest message to `phone` (E.164) that carries one, waiting for it to be sent. */
async function paymentLinkSentTo(phone: string): Promise<string> {
  let link = '';
  await expect
    .poll(async () => {
      link = (await outbox(phone)).map((sms) => /https?:\/\/\S*\/pay-order\?token=[\w.-]+/.exec(sms.body)?.[0]).find(Boolean) ?? '';
      return link;
    })
    .toBeTruthy();
  return link;
}

/** A sentence naming the order as the page shows it (the number's left-to-right tag is markup, not text). */
const said = (lang: Lang, key: string, number: string) => lang.t(`orders.payment.${key}`, { number }).replace(/<\/?ltr>/g, '');

/** The order page's payment link panel. */
const linkPanel = (page: Page, lang: Lang) => page.getByRole('region', { name: adminText(lang, 'paymentLink_title') });

test.describe('a phone order paid through a payment link', () => {
  for (const lang of ALL_LANGS) {
    test(`${lang.code}: staff take a card order, the caller pays from the SMS link, staff see it paid`, async ({
      browser,
      context,
      request,
    }) => {
      const { results } = (await (await request.get(`${API_URL}/api/products/?page_size=60`)).json()) as Paginated<Product>;
      const product = results.filter((each) => each.variants.every((size) => size.stock >= 30))[lang.code === 'en' ? 4 : 5]!;
      const staff = await adminContext(browser, lang);
      const page = await staff.newPage();
      await signIn(page, lang, demoOwner());
      await page.getByRole('link', { name: adminText(lang, 'navPhoneOrder') }).click();

      const mobile = randomMobile();
      await page.getByLabel(adminText(lang, 'callerPhone')).fill(mobile);
      await page.getByRole('button', { name: adminText(lang, 'findCaller'), exact: true }).click();
      await expect(page.getByText(adminText(lang, 'callerNew'))).toBeVisible();
      await page.getByLabel(adminText(lang, 'name'), { exact: true }).fill('Karim Nabil');
      await page.getByLabel(adminText(lang, 'findProduct')).fill(productName(product, lang.code));
      await page
        .getByRole('button', { name: new RegExp(productName(product, lang.code).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')) })
        .first()
        .click();
      await page.getByLabel(adminText(lang, 'recipient'), { exact: true }).fill('Karim Nabil');
      await page.getByLabel(adminText(lang, 'governorate')).selectOption({ index: 1 });
      await expect(page.getByLabel(adminText(lang, 'city'), { exact: true })).toBeEnabled();
      await page.getByLabel(adminText(lang, 'city'), { exact: true }).selectOption({ index: 1 });
      await page.getByLabel(adminText(lang, 'street')).fill('4 Link Street');
      await page.getByLabel(adminText(lang, 'customerLanguage')).selectOption(lang.code);
      const payment = page.getByRole('group', { name: adminText(lang, 'phoneOrderPaymentMethod') });
      await payment.getByRole('radio', { name: adminText(lang, 'payment_card') }).check();
      await expect(payment).toContainText(adminText(lang, 'phoneOrderPaymentLink'));
      const told = await page.getByTestId('phone-order-total').innerText();

      await page.getByRole('button', { name: adminText(lang, 'placePhoneOrder') }).click();
      await expect(page).toHaveURL(/\/admin\/orders\/\d+$/);
      const heading = page.getByRole('heading', { level: 1 });
      await expect(heading).toHaveText(/AT\d+/);
      const number = /AT\d+/.exec(await heading.innerText())![0];
      const panel = linkPanel(page, lang);
      await expect(panel).toContainText(adminText(lang, 'paymentLink_state_payable'));
      const e164 = `+20${mobile.slice(1)}`;
      await expect(panel).toContainText(e164);

      // The caller, on their phone's browser: the link from the SMS, in their language.
      const link = await paymentLinkSentTo(e164);
      expect(new URL(link).pathname).toBe(lang.path('/pay-order'));
      // The visitor's own context: prepared as every shopper's page is (no promo pop-up over the page's buttons).
      const caller = await context.newPage();
      await caller.goto(link);
      const main = caller.getByRole('main');
      await expect(caller.getByRole('heading', { level: 1, name: lang.t('orders.payment.title') })).toBeVisible();
      await expect(main).toContainText(number);
      await expect(main).toContainText(lang.t('checkout.methods.card'));
      await main.getByRole('button', { name: lang.t('orders.payment.pay'), exact: true }).click();
      const gateway = testGateway(caller, lang);
      await expect(gateway.heading).toBeVisible();
      await gateway.approve.click();
      await expect(caller).toHaveURL(new RegExp(`order_id=${number}&payment=paid`));

      // Opened again: already paid, nothing to pay.
      await caller.goto(link);
      await expect(caller.getByRole('main').getByRole('status')).toContainText(said(lang, 'paid', number));
      await expect(caller.getByRole('button', { name: lang.t('orders.payment.pay'), exact: true })).toHaveCount(0);
      await caller.close();

      await page.reload();
      await expect(linkPanel(page, lang)).toContainText(adminText(lang, 'paymentLink_state_paid'));
      await expect(page.getByRole('main')).toContainText(adminText(lang, 'status_placed'));
      const totalRow = page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: adminText(lang, 'total'), exact: true }) });
      await expect(totalRow).toContainText(told);
      await staff.close();
    });
  }
});
