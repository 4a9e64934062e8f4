/**
 * The order history on /profile (docs/orders.md): the shopper's orders with their status, the status tabs, an order's
 * details (items with their points, every amount, payment and address), reorder into the cart, cancelling a placed
 * order, returning part of a delivered one and following the return to its refund, "Load more", in-store receipts' points, and that nobody sees another shopper's orders. Orders are placed
 * through the API as the shopper; staff move them along through the back office's API, as the demo owner.
 */
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import type { Address, Order, Paginated, Product, StaffOrder } from '@attar/contract';
import { productName, type Catalogue } from '../support/api';
import { expect, test as base } from '../support/fixtures';
import { ALL_LANGS, type Lang } from '../support/locales';
import { currentPath, escapeRegExp, headerCartBadge, priceText, toast } from '../support/storefront';
import { asShopper, openSignedIn, randomClientAddress, signUp, verifyPhone, type Shopper } from '../support/shoppers';
import { deliverOrder, returnStep } from '../support/staff';
import { API_URL } from '../support/urls';

/**
 * Each test from a client address of its own, in the browser and in its API calls: the API limits receipt look-ups
 * and code sends per address, and tests must not share those counts.
 */
const test = base.extend<{ clientAddress: string }>({
  clientAddress: async ({}, use) => use(randomClientAddress()),
  context: async ({ context, clientAddress }, use) => {
    await context.setExtraHTTPHeaders({ 'X-Forwarded-For': clientAddress });
    await use(context);
  },
  request: async ({ playwright, clientAddress }, use) => {
    const request = await playwright.request.newContext({ extraHTTPHeaders: { 'X-Forwarded-For': clientAddress } });
    await use(request);
    await request.dispose();
  },
});

type Region = { id: number; name: string };

/** A shopper with a saved address (first governorate and city of the seed, every optional field filled). */
async function shopperWithAddress(request: APIRequestContext, name: string): Promise<{ shopper: Shopper; address: Address }> {
  const shopper = await signUp(request, name);
  const [region] = (await (await request.get(`${API_URL}/api/region/`)).json()) as Region[];
  const [city] = (await (await request.get(`${API_URL}/api/city/?region=${region!.id}`)).json()) as Region[];
  const address = await asShopper<Address>(request, shopper, 'post', '/api/addresses/', {
    name,
    phone: '01012345678',
    region: region!.id,
    city: city!.id,
    street: '14 Orders Test Street',
    building: '7',
    floor: '3',
    apartment: '12',
    landmark: 'Opposite the pharmacy',
  });
  return { shopper, address };
}

/** Fills the shopper's cart with `lines` and orders it, cash on delivery (`extra`: promo code, points). */
async function placeOrder(
  request: APIRequestContext,
  { shopper, address }: { shopper: Shopper; address: Address },
  lines: [Product, number][],
  extra: Record<string, unknown> = {},
): Promise<Order> {
  for (const [product, quantity] of lines) {
    await asShopper(request, shopper, 'post', '/api/cart-products/', { product: product.id, quantity });
  }
  return asShopper<Order>(request, shopper, 'post', '/api/orders/', { address: address.id, payment_method: 'cod', ...extra });
}

const deliver = (order: Order): Promise<StaffOrder> => deliverOrder(order.id);
/** An order as the shopper's list shows it, read from the shopper's answer or from staff's. */
type ShownOrder = Order | StaffOrder;
const cancel = (request: APIRequestContext, shopper: Shopper, order: Order) =>
  asShopper<Order>(request, shopper, 'post', `/api/orders/${order.id}/cancel/`);

/**
 * Available products with plenty of stock, most first; each test takes its own slice so the tests (run in parallel,
 * in two languages and two viewports) do not run one product out.
 */
function stockedProducts(catalogue: Catalogue, from: number, count: number): Product[] {
  const stocked = catalogue.products
    .filter((each) => each.availability === 'available' && each.stock >= 20)
    .sort((a, b) => b.stock - a.stock);
  const picked = stocked.slice(from, from + count);
  if (picked.length < count) throw new Error(`The seed catalogue has fewer than ${from + count} well-stocked products`);
  return picked;
}

/** A message with its markup tags (`<ltr>…</ltr>`) removed: the text a shopper reads. */
const plain = (text: string) => text.replace(/<\/?\w+>/g, '');

function ordersSection(page: Page, lang: Lang): Locator {
  return page.getByRole('main').getByRole('region', { name: lang.t('orders.history.title'), exact: true });
}

function orderCard(page: Page, lang: Lang, order: ShownOrder): Locator {
  return ordersSection(page, lang).getByRole('article', { name: plain(lang.t('orders.history.order', { number: order.order_number })) });
}

/** The order numbers of the cards shown, top to bottom. */
async function shownOrderNumbers(page: Page, lang: Lang): Promise<string[]> {
  const titles = await ordersSection(page, lang).getByRole('article').getByRole('heading', { level: 3 }).allTextContents();
  return titles.map((title) => title.replace(plain(lang.t('orders.history.order', { number: '' })), '').trim());
}

async function chooseTab(page: Page, lang: Lang, name: 'all' | 'inProgress' | 'delivered' | 'cancelled'): Promise<void> {
  const tab = ordersSection(page, lang).getByRole('tab', { name: lang.t(`orders.history.filter.${name}`), exact: true });
  await tab.click();
  await expect(tab).toHaveAttribute('aria-selected', 'true');
}

async function openDetails(page: Page, lang: Lang, order: ShownOrder): Promise<Locator> {
  const card = orderCard(page, lang, order);
  const toggle = card.getByRole('button', { name: lang.t('orders.history.showDetails'), exact: true });
  await toggle.click();
  await expect(card.getByRole('button', { name: lang.t('orders.history.hideDetails'), exact: true })).toHaveAttribute(
    'aria-expanded',
    'true',
  );
  return card;
}

/** The value beside a label of a description list (amounts, payment): the `<dd>` after the `<dt>` that reads `label`. */
function amountOf(scope: Locator): (label: string | RegExp) => Locator {
  return (label) => {
    const exactly = typeof label === 'string' ? new RegExp(`^\\s*${escapeRegExp(label)}\\s*$`) : label;
    return scope.getByRole('term').filter({ hasText: exactly }).locator('xpath=following-sibling::dd[1]');
  };
}

const deliveryText = (lang: Lang, order: ShownOrder) =>
  order.delivery_fee > 0 ? priceText(lang, order.delivery_fee) : lang.t('orders.summary.free');
const statusText = (lang: Lang, status: Order['status']) => lang.t(`orders.status.${status}`);
const itemCount = (order: ShownOrder) => order.items.reduce((sum, line) => sum + line.quantity, 0);

/** The in-store receipt each language claims (a receipt can be claimed once a run): one each, so runs never share one. */
type Receipt = { number: string; claimCode: string };
/** Seeded receipts with the claim codes printed on them (apps/api/src/db/seed/catalogue.ts keeps only their hashes in the database). */
const CLAIMABLE_RECEIPTS: Record<Lang['code'], Receipt> = {
  en: { number: 'ST20002', claimCode: 'H3NWZ-8CVDE' },
  ar: { number: 'ST20003', claimCode: 'R9PXB-2MKSU' },
};

/** Fills the in-store claim form's two fields and asks for the receipt. */
async function findReceipt(claim: Locator, lang: Lang, receipt: Receipt) {
  await claim.getByLabel(lang.t('orders.inStore.number'), { exact: true }).fill(receipt.number);
  await claim.getByLabel(lang.t('orders.inStore.claimCode'), { exact: true }).fill(receipt.claimCode);
  await claim.getByRole('button', { name: lang.t('orders.inStore.find'), exact: true }).click();
}

for (const lang of ALL_LANGS) {
  test.describe(`${lang.code}`, () => {
    test('the history lists the orders newest first with their status, and each tab shows its subset', async ({
      page,
      request,
      catalogue,
    }) => {
      const buyer = await shopperWithAddress(request, 'History Tester');
      const [first, second, third] = stockedProducts(catalogue, 0, 3);
      const delivered = await deliver(await placeOrder(request, buyer, [[first!, 1]]));
      const cancelled = await cancel(request, buyer.shopper, await placeOrder(request, buyer, [[second!, 2]]));
      const placed = await placeOrder(request, buyer, [
        [third!, 1],
        [first!, 2],
      ]);

      await openSignedIn(page, lang, buyer.shopper, '/profile');
      await expect.poll(() => shownOrderNumbers(page, lang)).toEqual([placed.order_number, cancelled.order_number, delivered.order_number]);
      for (const order of [placed, cancelled, delivered]) {
        const card = orderCard(page, lang, order);
        await expect(card).toContainText(statusText(lang, order.status));
        await expect(card).toContainText(priceText(lang, order.total));
        await expect(card).toContainText(lang.number(itemCount(order)));
      }

      await chooseTab(page, lang, 'inProgress');
      await expect.poll(() => shownOrderNumbers(page, lang)).toEqual([placed.order_number]);
      await chooseTab(page, lang, 'delivered');
      await expect.poll(() => shownOrderNumbers(page, lang)).toEqual([delivered.order_number]);
      await chooseTab(page, lang, 'cancelled');
      await expect.poll(() => shownOrderNumbers(page, lang)).toEqual([cancelled.order_number]);

      // The tabs answer the arrow keys in the reading direction: the next tab after Cancelled wraps round to All.
      await page.keyboard.press(lang.dir === 'rtl' ? 'ArrowLeft' : 'ArrowRight');
      await expect(ordersSection(page, lang).getByRole('tab', { name: lang.t('orders.history.filter.all'), exact: true })).toBeFocused();
      await expect.poll(() => shownOrderNumbers(page, lang)).toHaveLength(3);

      // A cancelled order no longer says it earns points, nor shows points beside its lines.
      const lost = await openDetails(page, lang, cancelled);
      await expect(lost).toContainText(lang.t('orders.summary.pointsLost'));
      await expect(lost).not.toContainText(`+${lang.number(cancelled.items[0]!.points)}`);
      const pending = { count: cancelled.points_earned, shown: lang.number(cancelled.points_earned) };
      await expect(lost).not.toContainText(lang.t('orders.summary.pointsEarned', pending));
    });

    test(
      "an order's details show each item with its points, every amount, the payment method and the address",
      { tag: '@every-screen' },
      async ({ page, request, catalogue }) => {
        const buyer = await shopperWithAddress(request, 'Detail Tester');
        // ATTAR15 is limited per customer, and such codes need a verified phone.
        await verifyPhone(request, buyer.shopper);
        const [pricey, other] = stockedProducts(catalogue, 3, 2);
        // A delivered first order earns the points the second one spends, with a promo code on top.
        const earning = await deliver(await placeOrder(request, buyer, [[pricey!, 1]]));
        expect(earning.points_earned).toBeGreaterThan(0);
        const placed = await placeOrder(
          request,
          buyer,
          [
            [pricey!, 1],
            [other!, 2],
          ],
          { promo_code: 'ATTAR15', use_points: true },
        );
        // As the storefront reads it: governorate and city names in the page's language.
        const { results } = await asShopper<Paginated<Order>>(request, buyer.shopper, 'get', `/api/orders/?lang=${lang.code}`);
        const order = results.find((each) => each.id === placed.id)!;
        expect(order.discount).toBeGreaterThan(0);
        expect(order.points_used).toBeGreaterThan(0);

        // Each line's points are its share of the order's, which are earned after the discount and the points spent.
        expect(order.items.reduce((sum, line) => sum + line.points, 0)).toBe(order.points_earned);

        await openSignedIn(page, lang, buyer.shopper, '/profile');
        const card = await openDetails(page, lang, order);
        await expect(card).toContainText(
          lang.t('orders.summary.pointsEarned', { count: order.points_earned, shown: lang.number(order.points_earned) }),
        );
        const items = card.getByRole('list', { name: lang.t('orders.summary.items'), exact: true }).getByRole('listitem');
        await expect(items).toHaveCount(order.items.length);
        for (const line of order.items) {
          const name = productName(line.product_obj!, lang.code);
          const item = items.filter({ has: page.getByRole('link', { name, exact: true }) });
          await expect(item).toContainText(lang.t('orders.summary.quantity', { count: lang.number(line.quantity) }));
          await expect(item).toContainText(lang.t('orders.summary.unitPrice', { price: priceText(lang, line.price) }));
          await expect(item).toContainText(`+${lang.number(line.points)}`);
          await expect(item.locator('img')).toHaveAttribute('src', /\/media\//);
        }

        const amount = amountOf(card);
        await expect(amount(lang.t('orders.summary.subtotal'))).toHaveText(priceText(lang, order.subtotal));
        await expect(amount(lang.t('orders.summary.promoDiscount', { code: 'ATTAR15' }))).toHaveText(`−${priceText(lang, order.discount)}`);
        // "120 points used": the term that names the number of points (as a word of its own).
        await expect(amount(new RegExp(`(^|\\s)${escapeRegExp(lang.number(order.points_used))}(\\s|$)`))).toHaveText(
          `−${priceText(lang, order.points_discount)}`,
        );
        await expect(amount(lang.t('orders.summary.deliveryFee'))).toHaveText(deliveryText(lang, order));
        await expect(amount(lang.t('orders.summary.total'))).toHaveText(priceText(lang, order.total));
        await expect(amount(lang.t('orders.delivery.payment'))).toHaveText(lang.t('orders.delivery.cod'));
        // The address block reads in order in either language: each line in its own direction, its parts joined with the
        // language's comma (never "و"), the phone left to right with its + in front.
        const address = card.locator('address');
        const comma = lang.code === 'ar' ? '، ' : ', ';
        const lines = [
          order.address.name,
          order.address.street,
          [
            lang.t('orders.delivery.building', { value: order.address.building }),
            lang.t('orders.delivery.floor', { value: order.address.floor }),
            lang.t('orders.delivery.apartment', { value: order.address.apartment }),
          ].join(comma),
          `${order.address.city.name}${comma}${order.address.region.name}`,
          lang.t('orders.delivery.landmark', { value: order.address.landmark }).replace(/<\/?own>/g, ''),
          lang.t('orders.delivery.phone', { value: '+20 101 234 5678' }).replace(/<\/?ltr>/g, ''),
        ];
        expect(order.address.phone).toBe('+201012345678');
        await expect(address.locator(':scope > *')).toHaveText(lines);
        await expect(address.locator('[data-part="phone"] bdi[dir="ltr"]')).toHaveText('+20 101 234 5678');
        // Numbers left to right too, and the block in the direction of the words typed in it (here Latin).
        await expect(address.locator('[data-part="unit"] bdi[dir="ltr"]')).toHaveText([
          order.address.building!,
          order.address.floor!,
          order.address.apartment!,
        ]);
        await expect(address).toHaveAttribute('dir', /^(ltr|rtl)$/);
        await expect(card).toContainText(statusText(lang, 'placed'));

        // The delivered order: no discounts, and its delivery line says Free or names the fee.
        const first = await openDetails(page, lang, earning);
        await expect(first).toContainText(
          lang.t('orders.summary.pointsCredited', { count: earning.points_earned, shown: lang.number(earning.points_earned) }),
        );
        await expect(amountOf(first)(lang.t('orders.summary.deliveryFee'))).toHaveText(deliveryText(lang, earning));
        await expect(amountOf(first)(lang.t('orders.summary.total'))).toHaveText(priceText(lang, earning.total));
        await expect(first.getByRole('term').filter({ hasText: lang.t('orders.summary.promoDiscount', { code: '' }).trim() })).toHaveCount(
          0,
        );
        await first.getByRole('button', { name: lang.t('orders.history.hideDetails'), exact: true }).press('Enter');
        await expect(first.getByRole('list', { name: lang.t('orders.summary.items'), exact: true })).toBeHidden();
      },
    );

    test('reorder puts the order back in the cart and lands on /bag with its lines', async ({ page, request, catalogue }) => {
      const buyer = await shopperWithAddress(request, 'Reorder Tester');
      const [first, second] = stockedProducts(catalogue, 5, 2);
      const order = await placeOrder(request, buyer, [
        [first!, 2],
        [second!, 1],
      ]);

      await openSignedIn(page, lang, buyer.shopper, '/profile');
      await orderCard(page, lang, order)
        .getByRole('button', { name: lang.t('orders.history.reorder'), exact: true })
        .click();
      await expect(toast(page, 'success', lang.t('orders.history.reordered', { number: order.order_number }))).toBeVisible();
      await expect.poll(() => currentPath(page)).toBe(lang.path('/bag'));
      const main = page.getByRole('main');
      for (const [product, quantity] of [
        [first!, 2],
        [second!, 1],
      ] as const) {
        const line = main
          .getByRole('listitem')
          .filter({ has: page.getByRole('link', { name: productName(product, lang.code), exact: true }) });
        await expect(line.getByRole('status')).toHaveText(lang.number(quantity));
      }
      // The header's badge was refreshed too (it counts units: 2 + 1).
      await expect(headerCartBadge(page)).toHaveText(lang.number(3));
    });

    test('a placed order is cancelled after a confirmation, and its status changes', async ({ page, request, catalogue }) => {
      const buyer = await shopperWithAddress(request, 'Cancel Tester');
      const [product] = stockedProducts(catalogue, 7, 1);
      const order = await placeOrder(request, buyer, [[product!, 1]]);

      await openSignedIn(page, lang, buyer.shopper, '/profile');
      const card = orderCard(page, lang, order);
      await expect(card).toContainText(statusText(lang, 'placed'));
      const cancelButton = card.getByRole('button', { name: lang.t('orders.history.cancel'), exact: true });
      const dialog = page.getByRole('dialog', { name: plain(lang.t('orders.history.cancelTitle', { number: order.order_number })) });

      // Keeping the order changes nothing.
      await cancelButton.click();
      await dialog.getByRole('button', { name: lang.t('orders.history.keepOrder'), exact: true }).click();
      await expect(dialog).toHaveCount(0);
      await expect(card).toContainText(statusText(lang, 'placed'));

      // Escape closes the confirmation as well; then the order is cancelled for real.
      await cancelButton.click();
      await expect(dialog).toBeVisible();
      await page.keyboard.press('Escape');
      await expect(dialog).toHaveCount(0);
      await cancelButton.click();
      await dialog.getByRole('button', { name: lang.t('orders.history.confirmCancel'), exact: true }).click();
      await expect(toast(page, 'success', lang.t('orders.history.cancelled', { number: order.order_number }))).toBeVisible();
      await expect(card).toContainText(statusText(lang, 'cancelled'));
      await expect(cancelButton).toHaveCount(0);

      await chooseTab(page, lang, 'inProgress');
      await expect(ordersSection(page, lang)).toContainText(lang.t('orders.history.empty.inProgress'));
      await page.reload();
      await expect(orderCard(page, lang, order)).toContainText(statusText(lang, 'cancelled'));
    });

    test('a delivered order is returned in part from its card, and the shopper follows each step to the refund', async ({
      page,
      request,
      catalogue,
    }) => {
      const buyer = await shopperWithAddress(request, 'Return Tester');
      const [kept, returned] = stockedProducts(catalogue, 10, 2);
      const order = await deliver(
        await placeOrder(request, buyer, [
          [kept!, 1],
          [returned!, 2],
        ]),
      );
      const returnedLine = order.items.find((line) => line.product_obj?.id === returned!.id)!;

      await openSignedIn(page, lang, buyer.shopper, '/profile');
      const card = orderCard(page, lang, order);
      const returnButton = card.getByRole('button', { name: lang.t('orders.history.returnItems'), exact: true });
      await returnButton.click();
      const dialog = page.getByRole('dialog', { name: plain(lang.t('orders.returns.title', { number: order.order_number })) });
      // Nothing chosen and no reason: the form says both and sends nothing.
      await dialog.getByRole('button', { name: lang.t('orders.returns.send'), exact: true }).click();
      await expect(dialog).toContainText(lang.t('orders.returns.unitsRequired'));
      await expect(dialog).toContainText(lang.t('orders.returns.reasonRequired'));
      // One line offers up to its two units; one of them goes back.
      const units = dialog.getByLabel(productName(returned!, lang.code), { exact: true });
      await expect(units.getByRole('option')).toHaveCount(3);
      await units.selectOption('1');
      await dialog.getByLabel(lang.t('orders.returns.reason'), { exact: true }).fill('The scent is too strong for me');
      await dialog.getByRole('button', { name: lang.t('orders.returns.send'), exact: true }).click();
      await expect(toast(page, 'success', lang.t('orders.returns.requested', { number: order.order_number }))).toBeVisible();
      await expect(dialog).toHaveCount(0);
      // One return at a time: the button goes until this one is settled.
      await expect(returnButton).toHaveCount(0);

      const returns = (await openDetails(page, lang, order)).getByRole('region', { name: lang.t('orders.returns.heading'), exact: true });
      const steps = returns.getByRole('list', { name: lang.t('orders.returns.steps'), exact: true });
      await expect(steps.locator('[aria-current="step"]')).toContainText(lang.t('orders.returns.step.requested'));
      await expect(returns).toContainText('The scent is too strong for me');
      await expect(returns).toContainText(
        lang.t('orders.returns.line', { name: productName(returned!, lang.code), count: lang.number(1) }),
      );

      const [asked] = (await asShopper<Order>(request, buyer.shopper, 'get', `/api/orders/order_number/?number=${order.order_number}`))
        .returns!;
      await returnStep(asked!.id, 'approve', { message: 'Our courier comes on Sunday.' });
      await returnStep(asked!.id, 'receive', { lines: [{ item: returnedLine.id, restock: true }] });
      // A cash order: staff say how the money went back, and the shopper reads it.
      await returnStep(asked!.id, 'refund', { cash_method: 'wallet', cash_reference: '01001234567' });

      await page.reload();
      const settled = (await openDetails(page, lang, order)).getByRole('region', { name: lang.t('orders.returns.heading'), exact: true });
      await expect(
        settled.getByRole('list', { name: lang.t('orders.returns.steps'), exact: true }).locator('[aria-current="step"]'),
      ).toContainText(lang.t('orders.returns.step.refunded'));
      for (const step of ['approved', 'received'] as const) await expect(settled).toContainText(lang.t(`orders.returns.step.${step}`));
      await expect(settled).toContainText(lang.t('orders.returns.shopMessage', { message: 'Our courier comes on Sunday.' }));
      await expect(amountOf(orderCard(page, lang, order))(lang.t('orders.summary.refunded'))).toContainText(
        priceText(lang, returnedLine.price),
      );
      await expect(settled).toContainText(lang.t('orders.returns.cashRefund.wallet'));
      // The other unit may still be returned within the window.
      await expect(returnButton).toBeVisible();
    });

    test('more than a page of orders: "Load more" brings the rest', async ({ page, request, catalogue }) => {
      test.slow();
      const buyer = await shopperWithAddress(request, 'Many Orders Tester');
      const [product] = stockedProducts(catalogue, 8, 1);
      // 25 orders (one more than a page), each cancelled at once so the stock comes back.
      const orders: Order[] = [];
      for (let index = 0; index < 25; index += 1) {
        orders.push(await cancel(request, buyer.shopper, await placeOrder(request, buyer, [[product!, 1]])));
      }

      await openSignedIn(page, lang, buyer.shopper, '/profile');
      const section = ordersSection(page, lang);
      await expect(section.getByRole('article')).toHaveCount(24);
      await expect(section).toContainText(lang.t('orders.history.shown', { shown: lang.number(24), count: lang.number(25) }));
      await section.getByRole('button', { name: lang.t('orders.history.loadMore'), exact: true }).click();
      await expect(section.getByRole('article')).toHaveCount(25);
      await expect(section.getByRole('button', { name: lang.t('orders.history.loadMore'), exact: true })).toHaveCount(0);
      await expect.poll(() => shownOrderNumbers(page, lang)).toEqual(orders.map((order) => order.order_number).reverse());
    });

    test("a shopper never sees another shopper's orders", async ({ page, request, catalogue }) => {
      const [product] = stockedProducts(catalogue, 9, 1);
      const someoneElse = await shopperWithAddress(request, 'Other Shopper');
      const theirs = await placeOrder(request, someoneElse, [[product!, 1]]);
      const buyer = await shopperWithAddress(request, 'Own Shopper');
      const newcomer = await signUp(request, 'New Shopper');

      // One without orders sees the empty history.
      await openSignedIn(page, lang, newcomer, '/profile');
      await expect(ordersSection(page, lang)).toContainText(lang.t('orders.history.empty.all'));
      await expect(ordersSection(page, lang).getByRole('article')).toHaveCount(0);

      const mine = await placeOrder(request, buyer, [[product!, 1]]);
      await openSignedIn(page, lang, buyer.shopper, '/profile');
      await expect.poll(() => shownOrderNumbers(page, lang)).toEqual([mine.order_number]);
      await expect(page.getByText(theirs.order_number)).toHaveCount(0);
      await expect(ordersSection(page, lang)).toContainText(
        lang.t('orders.history.shown', { shown: lang.number(1), count: lang.number(1) }),
      );
    });

    test("a receipt number with a wrong claim code shows the server's message", async ({ page, request }) => {
      const shopper = await signUp(request, 'Receipt Tester');
      const guess = { number: 'ST20001', claimCode: 'AAAAA-AAAAA' };
      const answer = await request.get(`${API_URL}/api/offline-order/order_number/?number=${guess.number}&claim_code=${guess.claimCode}`, {
        headers: { Authorization: `Token ${shopper.token}`, 'Accept-Language': lang.code },
      });
      expect(answer.status()).toBe(404);
      const { detail } = (await answer.json()) as { detail: string };

      await openSignedIn(page, lang, shopper, '/profile');
      const claim = page.getByRole('main').getByRole('region', { name: lang.t('orders.inStore.title'), exact: true });
      await findReceipt(claim, lang, guess);
      await expect(toast(page, 'error', detail)).toBeVisible();
      await expect(claim.getByRole('button', { name: lang.t('orders.inStore.claim'), exact: true })).toHaveCount(0);
    });

    test('an in-store receipt adds its points to the balance once', async ({ page, request }) => {
      const printed = CLAIMABLE_RECEIPTS[lang.code];
      const receipt = printed.number;
      const shopper = await signUp(request, 'Claim Tester');
      const latecomer = await signUp(request, 'Late Claim Tester');
      const found = await asShopper<{ total: number; points: number; claimed: boolean }>(
        request,
        shopper,
        'get',
        `/api/offline-order/order_number/?number=${receipt}&claim_code=${printed.claimCode}`,
      );
      expect(found.claimed).toBe(false);

      await openSignedIn(page, lang, shopper, '/profile');
      const main = page.getByRole('main');
      const points = main.getByRole('region', { name: lang.t('account.profile.points'), exact: true });
      await expect(points).toContainText(lang.t('account.profile.noHistory'));
      await expect(points).not.toContainText(lang.number(found.points));
      const claim = main.getByRole('region', { name: lang.t('orders.inStore.title'), exact: true });
      // Typed as a shopper might: lower case.
      await findReceipt(claim, lang, { number: receipt.toLowerCase(), claimCode: printed.claimCode.toLowerCase() });
      const shown = claim.getByRole('region', { name: lang.t('orders.inStore.receipt', { number: receipt }), exact: true });
      await expect(shown).toContainText(priceText(lang, found.total));
      await expect(shown).toContainText(lang.number(found.points));
      await expect(shown).toContainText(lang.t('orders.inStore.claimedNo'));
      await shown.getByRole('button', { name: lang.t('orders.inStore.claim'), exact: true }).click();
      await expect(toast(page, 'success', lang.number(found.points))).toBeVisible();
      await expect(shown).toContainText(lang.t('orders.inStore.claimedByYou'));
      await expect(shown.getByRole('button', { name: lang.t('orders.inStore.claim'), exact: true })).toHaveCount(0);
      await expect(points).toContainText(lang.number(found.points));
      const ledgerRow = points.getByRole('row').filter({ hasText: receipt });
      await expect(ledgerRow).toContainText(lang.t('account.profile.reasons.in_store_order'));
      // A signed number keeps its sign in front, read left to right in Arabic too.
      await expect(ledgerRow.locator('bdi[dir="ltr"]')).toHaveText(`+${lang.number(found.points)}`);

      // Claimed once: another shopper finds it claimed, and the server refuses a second claim.
      const again = await request.post(`${API_URL}/api/offline-order/claim/`, {
        headers: { Authorization: `Token ${latecomer.token}` },
        data: { number: receipt, claim_code: printed.claimCode },
      });
      expect(again.status()).toBe(400);
      await openSignedIn(page, lang, latecomer, '/profile');
      await findReceipt(claim, lang, printed);
      await expect(shown).toContainText(lang.t('orders.inStore.claimedByOther'));
      await expect(shown.getByRole('button', { name: lang.t('orders.inStore.claim'), exact: true })).toHaveCount(0);
    });
  });
}
