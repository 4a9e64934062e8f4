/**
 * Order tracking: a guest places a cash order, gets its tracking link, keeps the order in an account with a password
 * (and the e-mail address the order did not have), finds it in the account with its timeline, and sees the timeline
 * move as the shop advances the order, there and on the public tracking page. Both languages.
 */
import type { Order } from '@attar/contract';
import { fillAddress, guestAtCheckout } from '../support/checkout';
import { expect, test as base } from '../support/fixtures';
import { ALL_LANGS, type Lang } from '../support/locales';
import { codeSentTo, randomClientAddress } from '../support/shoppers';
import { staffAction } from '../support/staff';
import { checkoutSummary, currentPath, readLocalStorage, toast, visit } from '../support/storefront';
import { API_URL } from '../support/urls';
import type { Locator } from '@playwright/test';

const test = base.extend<{ clientAddress: string }>({
  clientAddress: async ({}, use) => use(randomClientAddress()),
  context: async ({ context, clientAddress }, use) => {
    await context.setExtraHTTPHeaders({ 'X-Forwarded-For': clientAddress });
    await use(context);
  },
});

/** The timeline's steps in `scope`, and which one is the current step. */
async function expectCurrentStep(scope: Locator, lang: Lang, step: string) {
  const timeline = scope.getByTestId('order-timeline');
  await expect(timeline.locator('li[aria-current="step"]')).toHaveCount(1);
  await expect(timeline.locator('li[aria-current="step"]')).toContainText(lang.t(`orders.timeline.step.${step}`));
  return timeline;
}

for (const lang of ALL_LANGS) {
  test.describe(lang.code, () => {
    test('a guest tracks the order, keeps it in an account and sees its timeline move', async ({ page, request, catalogue }) => {
      const { place, phone } = await guestAtCheckout(page, request, catalogue, lang);
      const name = lang.code === 'ar' ? 'منى خالد' : 'Mona Khaled';
      await visit(page, lang, '/checkout');
      const main = page.getByRole('main');
      const field = (label: string) => main.getByLabel(lang.t(label), { exact: true });
      await field('account.fields.name').fill(name);
      await field('account.fields.phone').fill(phone);
      await fillAddress(main, lang, place);
      await main.getByRole('button', { name: lang.t('checkout.sendCode') }).click();
      await field('account.fields.code').fill(await codeSentTo(`+20${phone.slice(1)}`));
      await checkoutSummary(page, lang)
        .getByRole('button', { name: lang.t('checkout.placeOrder') })
        .click();

      await expect(page.getByRole('heading', { level: 1, name: lang.t('checkout.result.placedTitle') })).toBeVisible();
      const number = new URL(page.url()).searchParams.get('order_id')!;
      await expectCurrentStep(main, lang, 'placed');
      const trackingLink = main.getByRole('link', { name: lang.t('checkout.result.track'), exact: true });
      const trackingUrl = (await trackingLink.getAttribute('href'))!;
      expect(new URL(trackingUrl).pathname).toBe(lang.path('/track'));

      // Keeping the order: a password, then the e-mail address the order lacked.
      await field('account.fields.password').fill('my new long password');
      await main.getByRole('button', { name: lang.t('checkout.result.keepSubmit'), exact: true }).click();
      const email = `keeper.${Date.now()}.${lang.code}@example.com`;
      await field('account.fields.email').fill(email);
      await main.getByRole('button', { name: lang.t('checkout.result.keepSubmit'), exact: true }).click();
      await expect(toast(page, 'success', lang.t('checkout.result.kept'))).toBeVisible();
      await expect(main.getByRole('link', { name: lang.t('checkout.result.myOrders') })).toBeVisible();
      await expect(trackingLink).toHaveCount(0);

      // The order is the account's, its timeline with it.
      await main.getByRole('link', { name: lang.t('checkout.result.myOrders') }).click();
      await expect.poll(() => currentPath(page)).toBe(lang.path('/profile'));
      const card = page.getByRole('article').filter({ hasText: number });
      await card.getByRole('button', { name: lang.t('orders.history.showDetails'), exact: true }).click();
      await expectCurrentStep(card, lang, 'placed');
      await expect(card.getByTestId('order-timeline').locator('li[data-state="upcoming"]')).toHaveCount(4);

      // The shop advances it; the account's timeline follows.
      const token = (await readLocalStorage(page, 'token'))!;
      const order = (await (
        await request.get(`${API_URL}/api/orders/order_number/?number=${number}`, { headers: { authorization: `Token ${token}` } })
      ).json()) as Order;
      await staffAction(order.id, 'confirm');
      await staffAction(order.id, 'pack');
      await staffAction(order.id, 'ship', { courier: 'Bosta', tracking_number: `BST-${order.id}` });
      await page.reload();
      await card.getByRole('button', { name: lang.t('orders.history.showDetails'), exact: true }).click();
      const timeline = await expectCurrentStep(card, lang, 'shipped');
      await expect(timeline).toContainText(`BST-${order.id}`);
      await expect(timeline.locator('li[data-state="done"]')).toHaveCount(3);
      await expect(timeline.locator('time')).toHaveCount(4);

      // The public page shows the same timeline to anyone with the link, and nothing personal.
      await page.goto(trackingUrl);
      const tracked = page.getByRole('main');
      await expect(tracked).toContainText(number);
      const shown = await expectCurrentStep(tracked, lang, 'shipped');
      await expect(shown).toContainText(`BST-${order.id}`);
      await expect(tracked).toContainText(place.region.name);
      for (const secret of [name, phone.slice(1), email, lang.code === 'ar' ? 'شجرة الدر' : 'Shagaret']) {
        await expect(tracked).not.toContainText(secret);
      }
      await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
    });
  });
}
