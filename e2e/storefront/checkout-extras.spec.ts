/**
 * Gift wrap, gift message and notes are kept with the cart (decision 0042): checkout opened in a new tab finds them,
 * for a signed-in shopper (on the server) and for a guest (local storage), and the placed order echoes the notes and
 * the gift message on its result page and, for the shopper, on the account's order page. Both languages.
 */
import type { Page } from '@playwright/test';
import type { Order } from '@attar/contract';
import { cheapProduct, fillAddress, guestAtCheckout } from '../support/checkout';
import { expect, test as base } from '../support/fixtures';
import { ALL_LANGS, type Lang } from '../support/locales';
import { asShopper, codeSentTo, openSignedIn, randomClientAddress, saveAddress, signUp } from '../support/shoppers';
import { checkoutSummary, expectAddressChosen, priceText, visit } from '../support/storefront';
import { API_URL } from '../support/urls';

const test = base.extend<{ clientAddress: string }>({
  clientAddress: async ({}, use) => use(randomClientAddress()),
  context: async ({ context, clientAddress }, use) => {
    await context.setExtraHTTPHeaders({ 'X-Forwarded-For': clientAddress });
    await use(context);
  },
});

const EXTRAS_PATH = '/api/carts/me/extras/';

function extrasFields(page: Page, lang: Lang, fee: number) {
  const main = page.getByRole('main');
  return {
    wrap: main.getByRole('checkbox', { name: lang.t('checkout.gift.wrap', { fee: priceText(lang, fee) }) }),
    message: main.getByLabel(lang.t('checkout.gift.message'), { exact: true }),
    notes: main.getByLabel(lang.t('checkout.notes'), { exact: true }),
  };
}

async function expectEchoed(page: Page, lang: Lang, texts: { message: string; notes: string }) {
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { level: 1, name: lang.t('checkout.result.placedTitle') })).toBeVisible();
  await expect(main.getByRole('figure', { name: lang.t('orders.summary.notes') })).toContainText(texts.notes);
  await expect(main.getByRole('figure', { name: lang.t('orders.summary.giftMessage') })).toContainText(texts.message);
}

for (const lang of ALL_LANGS) {
  // Kept across tabs the same on any screen; on the phone project these timed out and are to be looked into.
  test.describe(lang.code, () => {
    const texts =
      lang.code === 'ar'
        ? { message: 'كل سنة وإنتِ طيبة يا منى', notes: 'من فضلك كلمني قبل ما توصل' }
        : { message: 'Happy birthday, Mona!', notes: 'Please call before arriving' };

    test('a signed-in shopper’s gift wrap and notes are in a new tab, then on the result and order pages', async ({
      page,
      context,
      request,
      catalogue,
    }) => {
      const shopper = await signUp(request);
      const product = cheapProduct(catalogue);
      await asShopper(request, shopper, 'post', '/api/cart-products/', { product: product.id, quantity: 1 });
      await saveAddress(request, shopper, '12 Gift Street');
      const { gift_wrap_fee: fee } = (await (await request.get(`${API_URL}/api/siteconfigb/`)).json()) as { gift_wrap_fee: number };

      await openSignedIn(page, lang, shopper, '/checkout');
      await expectAddressChosen(page, lang);
      const first = extrasFields(page, lang, fee);
      await first.wrap.check();
      await first.message.fill(texts.message);
      const saved = page.waitForResponse((r) => r.url().includes(EXTRAS_PATH) && r.request().method() === 'PUT' && r.ok());
      await first.notes.fill(texts.notes);
      await saved;

      const second = await context.newPage();
      await visit(second, lang, '/checkout');
      await expectAddressChosen(second, lang);
      const kept = extrasFields(second, lang, fee);
      await expect(kept.wrap).toBeChecked();
      await expect(kept.message).toHaveValue(texts.message);
      await expect(kept.notes).toHaveValue(texts.notes);
      await expect(checkoutSummary(second, lang)).toContainText(lang.t('checkout.gift.wrapRow'));

      await checkoutSummary(second, lang)
        .getByRole('button', { name: lang.t('checkout.placeOrder') })
        .click();
      await expectEchoed(second, lang, texts);
      const number = new URL(second.url()).searchParams.get('order_id')!;
      const order = await asShopper<Order>(request, shopper, 'get', `/api/orders/order_number/?number=${number}`);
      expect(order).toMatchObject({ notes: texts.notes, gift: { wrap: true, message: texts.message } });
      // The order took them: the cart keeps none for the next one.
      expect(await asShopper(request, shopper, 'get', EXTRAS_PATH)).toEqual({ gift_wrap: false, gift_message: '', notes: '' });

      await visit(second, lang, '/profile');
      const card = second.getByRole('main').getByRole('article').filter({ hasText: number });
      await card.getByRole('button', { name: lang.t('orders.history.showDetails'), exact: true }).click();
      await expect(card.getByRole('figure', { name: lang.t('orders.summary.notes') })).toContainText(texts.notes);
      await expect(card.getByRole('figure', { name: lang.t('orders.summary.giftMessage') })).toContainText(texts.message);
    });

    test('a guest’s gift wrap and notes are in a second tab, then on the result page', async ({ page, context, request, catalogue }) => {
      const { place, phone } = await guestAtCheckout(page, request, catalogue, lang);
      const { gift_wrap_fee: fee } = (await (await request.get(`${API_URL}/api/siteconfigb/`)).json()) as { gift_wrap_fee: number };

      await visit(page, lang, '/checkout');
      const first = extrasFields(page, lang, fee);
      await first.wrap.check();
      await first.message.fill(texts.message);
      await first.notes.fill(texts.notes);

      const second = await context.newPage();
      await visit(second, lang, '/checkout');
      const kept = extrasFields(second, lang, fee);
      await expect(kept.wrap).toBeChecked();
      await expect(kept.message).toHaveValue(texts.message);
      await expect(kept.notes).toHaveValue(texts.notes);
      // A change in one tab shows in the other.
      await kept.notes.fill(`${texts.notes}!`);
      await expect(first.notes).toHaveValue(`${texts.notes}!`);

      const main = second.getByRole('main');
      const field = (label: string) => main.getByLabel(lang.t(label), { exact: true });
      await field('account.fields.name').fill(lang.code === 'ar' ? 'منى خالد' : 'Mona Khaled');
      await field('account.fields.phone').fill(phone);
      await fillAddress(main, lang, place);
      await main.getByRole('button', { name: lang.t('checkout.sendCode') }).click();
      await field('account.fields.code').fill(await codeSentTo(`+20${phone.slice(1)}`));
      await checkoutSummary(second, lang)
        .getByRole('button', { name: lang.t('checkout.placeOrder') })
        .click();
      await expectEchoed(second, lang, { ...texts, notes: `${texts.notes}!` });
      expect(await second.evaluate(() => window.localStorage.getItem('attar.checkout-extras'))).toBeNull();
    });
  });
}
