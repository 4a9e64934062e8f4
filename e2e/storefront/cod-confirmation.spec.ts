/**
 * Cash orders confirmed by the shopper, in both languages: with the shop asking every cash order, a shopper places
 * one, opens the link from the e-mail the shop sent (in their language), sees the order and confirms it; another
 * cancels theirs; a used link says the order was already answered and a forged one that it is not valid, changing
 * nothing. A third cancels theirs from their account's orders, which answers the question as the link would. The API's rules (expiry, the job, staff, races) are tested in apps/api/src/confirmations.
 */
import type { StaffSiteConfig } from '@attar/contract';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { ALL_LANGS, type Lang } from '../support/locales';
import { openSignedIn, outbox, placeCashOrder } from '../support/shoppers';
import { asOwner } from '../support/staff';

const setRule = async (rule: StaffSiteConfig['cod_confirm_rule']) => {
  const config = await asOwner<StaffSiteConfig>('GET', '/api/staff/site-config/');
  await asOwner('PUT', '/api/staff/site-config/', { ...config, cod_confirm_rule: rule });
};

/** A shopper's cash order, placed in their language, and the confirmation link the shop e-mailed them. */
async function cashOrder(request: APIRequestContext, lang: Lang) {
  const { shopper, order } = await placeCashOrder(request, {
    name: lang.code === 'ar' ? 'سلمى عادل' : 'Salma Adel',
    street: '7 Confirm Street',
    language: lang.code,
  });
  expect(order.status).toBe('awaiting_shopper');
  let link = '';
  await expect
    .poll(async () => {
      link =
        (await outbox(shopper.email)).map((mail) => /https?:\/\/\S*\/confirm-order\?token=[\w.-]+/.exec(mail.body)?.[0]).find(Boolean) ??
        '';
      return link;
    })
    .toBeTruthy();
  expect(new URL(link).pathname).toBe(lang.path('/confirm-order'));
  return { order, link, shopper };
}

const main = (page: Page) => page.getByRole('main');
const plain = (text: string) => text.replace(/<\/?\w+>/g, '');
/** A sentence naming the order, as the page shows it (the number's left-to-right tag is markup, not text). */
const said = (lang: Lang, key: string, number: string) => lang.t(`orders.confirmation.${key}`, { number }).replace(/<\/?ltr>/g, '');

test.describe('cash orders confirmed by the shopper', () => {
  // The rule is the whole shop's: one language after the other, the rule on for both and off at the end (the project
  // "shop-wide" runs this file alone, after every other journey).
  test.describe.configure({ mode: 'serial' });
  test.beforeAll(() => setRule('all'));
  test.afterAll(() => setRule('none'));

  for (const lang of ALL_LANGS) {
    test(`${lang.code}: one confirms by the link, another cancels, a third from the account; bad links change nothing`, async ({
      page,
      request,
    }) => {
      const first = await cashOrder(request, lang);
      await page.goto(first.link);
      await expect(page.getByRole('heading', { level: 1, name: lang.t('orders.confirmation.title') })).toBeVisible();
      await expect(main(page)).toContainText(first.order.order_number);
      await main(page)
        .getByRole('button', { name: lang.t('orders.confirmation.confirm'), exact: true })
        .click();
      await expect(main(page).getByRole('status')).toContainText(said(lang, 'confirmed', first.order.order_number));

      // Opened again: already answered, no buttons.
      await page.goto(first.link);
      await expect(main(page).getByRole('status')).toContainText(said(lang, 'alreadyConfirmed', first.order.order_number));
      await expect(main(page).getByRole('button', { name: lang.t('orders.confirmation.cancel') })).toHaveCount(0);

      const second = await cashOrder(request, lang);
      await page.goto(second.link);
      await main(page)
        .getByRole('button', { name: lang.t('orders.confirmation.cancel'), exact: true })
        .click();
      await expect(main(page).getByRole('status')).toContainText(said(lang, 'cancelled', second.order.order_number));

      // A link altered on the way: said plainly, in the shopper's language.
      await page.goto(`${second.link.slice(0, -4)}AAAA`);
      await expect(main(page).getByRole('alert')).toBeVisible();
      await expect(main(page).getByRole('button')).toHaveCount(0);

      // From the account's orders: Cancel is offered while the order waits, and answers its question.
      const third = await cashOrder(request, lang);
      await openSignedIn(page, lang, third.shopper, '/profile');
      const card = main(page).getByRole('article', { name: plain(lang.t('orders.history.order', { number: third.order.order_number })) });
      await card.getByRole('button', { name: lang.t('orders.history.cancel'), exact: true }).click();
      await page
        .getByRole('dialog', { name: plain(lang.t('orders.history.cancelTitle', { number: third.order.order_number })) })
        .getByRole('button', { name: lang.t('orders.history.confirmCancel'), exact: true })
        .click();
      await expect(card).toContainText(lang.t('orders.status.cancelled'));
      await page.goto(third.link);
      await expect(main(page).getByRole('status')).toContainText(said(lang, 'alreadyCancelled', third.order.order_number));
    });
  }
});
