/**
 * An order's edit (decision 0057): offered only where the status and the role allow it; the dialog's lines, the summary
 * the API answers before saving (totals, a promotion that no longer applies, stock short, the fee by hand) and the
 * save it sends with the version it was opened on; the edit in the timeline in words, in both languages.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { OrderStatus, StaffOrder, StaffOrderEditPreview, StaffOrderEditRequest, StaffRole } from '@attar/contract';
import { formatMoney, formatNumber } from '../lib/format';
import { translator } from '../lib/translate';
import { en } from '../messages/en';
import { oudRoyalInSizes, placedOrder } from '../test/orders';
import { fill, LANGUAGE_PAIRS } from '../test/screen-kit';
import { isolateScreenTests, json, openScreen, standInApi } from '../test/screen';

const PATH = '/api/staff/orders/12/';
const NOW = '2026-11-29T08:00:00Z';

const oud = oudRoyalInSizes;
/** Order AT100012 with two bottles of Oud Royal 100 ml and an Eid box, EID10 taking 100 LE off, 50 LE delivery. */
const order: StaffOrder = {
  ...placedOrder,
  items: [
    { id: 101, product_obj: oud, offer_obj: null, size_ml: 100, variant: 501, quantity: 2, price: 275, points: 0 },
    { id: 102, product_obj: null, offer_obj: { id: 9, name: 'Eid Box', stock: 3 }, size_ml: null, quantity: 1, price: 450, points: 0 },
  ] as unknown as StaffOrder['items'],
};

const PRICES: Record<string, number> = { 'variant:501': 275, 'variant:502': 200, 'offer:9': 450 };
const STOCK: Record<string, number> = { 'variant:501': 4 + 2, 'variant:502': 4, 'offer:9': 3 + 1 };
const keyOf = (item: StaffOrderEditRequest['items'][number]) => (item.offer ? `offer:${item.offer}` : `variant:${item.variant}`);

/**
 * The API as the dialog sees it: a preview priced from the lines sent (EID10 applies only from 800 LE; lines beyond the
 * stock are short; an order paid online is refunded a lower total and owes a higher one), and the save answering the
 * order changed, or 409 for another version.
 */
function fakeApi(role: StaffRole, shown: StaffOrder = order) {
  let now = shown;
  const paid = shown.payment_method !== 'cod';
  const previewOf = (edit: StaffOrderEditRequest): StaffOrderEditPreview => {
    const subtotal = edit.items.reduce((sum, item) => sum + PRICES[keyOf(item)]! * item.quantity, 0);
    const applies = subtotal >= 800;
    const discount = applies && !edit.remove_promotion ? 100 : 0;
    const fee = edit.delivery_fee ? edit.delivery_fee.amount : 50;
    const total = subtotal - discount + fee;
    const amounts = { subtotal, discount, points_used: 0, points_discount: 0, delivery_fee: fee, gift_wrap: 0, total, points_earned: 0 };
    return {
      before: { ...amounts, subtotal: 1000, discount: 100, delivery_fee: 50, total: 950 },
      after: amounts,
      difference: total - 950,
      balance_due: paid ? Math.max(0, total - 950) : 0,
      promotion: { code: 'EID10', applies: applies && !edit.remove_promotion, detail: applies ? null : 'This code needs 800 LE.' },
      short: edit.items
        .filter((item) => item.quantity > STOCK[keyOf(item)]!)
        .map((item) => ({
          kind: item.offer ? 'offer' : 'product',
          id: item.offer ?? item.product!,
          variant: item.variant ?? null,
          size_ml: item.variant === 502 ? 50 : item.variant ? 100 : null,
          name: item.offer ? 'Eid Box' : 'Oud Royal',
          requested: item.quantity,
          available: STOCK[keyOf(item)]!,
        })),
      refund: paid ? Math.max(0, 950 - total) : 0,
      refused: null,
    };
  };
  const calls = standInApi(role, ({ method, url, body }) => {
    if (method === 'GET' && url.pathname === PATH) return json(200, now);
    if (method === 'GET' && url.pathname === '/api/region/') return json(200, []);
    const edit = body as StaffOrderEditRequest;
    if (url.pathname === `${PATH}edit/preview/`) return json(200, previewOf(edit));
    if (url.pathname === `${PATH}edit/`) {
      if (edit.version !== now.version)
        return json(409, { detail: 'Someone changed this order first.', code: 'order_changed', order: now });
      now = { ...now, version: now.version + 1, total: previewOf(edit).after.total };
      return json(200, now);
    }
  });
  return {
    /** Someone else changes the order meanwhile. */
    bump: () => {
      now = { ...now, version: now.version + 1 };
    },
    saves: () => calls.filter((call) => call.url.pathname === `${PATH}edit/`).map((call) => call.body),
  };
}

const editButton = (name: string) => screen.queryByRole('button', { name });

isolateScreenTests();

describe('editing an order', () => {
  it.each([
    ['owner', 'placed', true],
    ['support', 'packed', true],
    ['manager', 'confirmed', true],
    ['fulfilment', 'placed', false],
    ['manager', 'shipped', false],
    ['owner', 'pending_payment', false],
  ] as const)('is offered to %s on a %s order: %s', async (role, status: OrderStatus, offered) => {
    fakeApi(role, { ...order, status });
    openScreen('en', '/admin/orders/12');
    await screen.findByRole('region', { name: en.actions });
    expect(Boolean(editButton(en.editOrder))).toBe(offered);
  });

  it.each(LANGUAGE_PAIRS)(
    'changes units and a size, removes a line, shows the new total before saving, then saves (%s)',
    async (locale, words) => {
      const t = translator(locale);
      const api = fakeApi('manager');
      openScreen(locale, '/admin/orders/12');
      await userEvent.click(await screen.findByRole('button', { name: words.editOrder }));
      const dialog = await screen.findByRole('dialog', { name: t('editOrderTitle', { number: 'AT100012' }) });
      const summary = within(dialog).getByRole('region', { name: words.editSummary });
      expect(within(summary).getByTestId('edit-total-now').textContent).toBe(formatMoney(locale, 950));
      // Unchanged: the same total.
      await waitFor(() => expect(within(summary).getByTestId('edit-new-total').textContent).toBe(formatMoney(locale, 950)));

      await userEvent.selectOptions(within(dialog).getByLabelText(t('sizeOf', { name: 'Oud Royal' })), '502');
      const units = within(dialog).getByLabelText(t('unitsOf', { name: 'Oud Royal' }));
      await userEvent.clear(units);
      await userEvent.type(units, '5');
      await userEvent.click(within(dialog).getByRole('button', { name: t('removeProduct', { name: 'Eid Box' }) }));
      // Four in stock of the 50 ml: five are short, and saving waits.
      await waitFor(() => expect(within(summary).getByTestId('edit-new-total').textContent).toBe(formatMoney(locale, 950)));
      const fifty = t('productInSize', { name: 'Oud Royal', size: t('sizeMl', { ml: formatNumber(locale, 50) }) });
      expect(within(summary).getByRole('alert').textContent).toBe(
        t('phoneOrderShort', { name: fifty, available: formatNumber(locale, 4) }),
      );
      expect(within(dialog).getByRole('button', { name: words.saveChanges }).hasAttribute('disabled')).toBe(true);

      await userEvent.clear(units);
      await userEvent.type(units, '4');
      // 4 × 200 = 800: the code still applies; 800 − 100 + 50.
      await waitFor(() => expect(within(summary).getByTestId('edit-new-total').textContent).toBe(formatMoney(locale, 750)));
      expect(within(summary).getByTestId('edit-difference').textContent).toBe(formatMoney(locale, -200));
      expect(within(summary).queryByRole('alert')).toBeNull();
      await userEvent.click(within(dialog).getByRole('button', { name: words.saveChanges }));
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
      expect(screen.getByRole('status').textContent).toContain(t('orderEdited', { number: 'AT100012' }));
      expect(api.saves()).toEqual([{ version: 3, items: [{ product: 40, variant: 502, quantity: 4 }], delivery_fee: null }]);
    },
  );

  it.each(LANGUAGE_PAIRS)('says the promotion no longer applies, and saves only with the code taken off (%s)', async (locale, words) => {
    const t = translator(locale);
    const api = fakeApi('support');
    openScreen(locale, '/admin/orders/12');
    await userEvent.click(await screen.findByRole('button', { name: words.editOrder }));
    const dialog = await screen.findByRole('dialog', { name: t('editOrderTitle', { number: 'AT100012' }) });
    await userEvent.click(within(dialog).getByRole('button', { name: t('removeProduct', { name: 'Eid Box' }) }));
    const summary = within(dialog).getByRole('region', { name: words.editSummary });
    const notice = await within(summary).findByRole('alert');
    expect(notice.textContent).toContain('EID10');
    expect(notice.textContent).toContain('This code needs 800 LE.');
    expect(within(dialog).getByRole('button', { name: words.saveChanges }).hasAttribute('disabled')).toBe(true);
    // Support may not set the fee by hand: the governorate's fee, in words.
    expect(within(dialog).queryByLabelText(words.feeByHand)).toBeNull();
    expect(within(dialog).getByText(words.feeByRule)).toBeTruthy();

    await userEvent.click(within(notice).getByLabelText(words.removePromotion));
    await waitFor(() => expect(within(dialog).getByRole('button', { name: words.saveChanges }).hasAttribute('disabled')).toBe(false));
    await userEvent.click(within(dialog).getByRole('button', { name: words.saveChanges }));
    await waitFor(() => expect(api.saves()).toHaveLength(1));
    expect(api.saves()[0]).toEqual({
      version: 3,
      items: [{ product: 40, variant: 501, quantity: 2 }],
      delivery_fee: null,
      remove_promotion: true,
    });
  });

  it.each(LANGUAGE_PAIRS)(
    'tells what a paid order will owe when its total rises, and that a link will ask for it (%s)',
    async (locale, words) => {
      const t = translator(locale);
      fakeApi('support', { ...order, payment_method: 'card', status: 'confirmed' });
      openScreen(locale, '/admin/orders/12');
      await userEvent.click(await screen.findByRole('button', { name: words.editOrder }));
      const dialog = await screen.findByRole('dialog', { name: t('editOrderTitle', { number: 'AT100012' }) });
      const units = within(dialog).getByLabelText(t('unitsOf', { name: 'Oud Royal' }));
      await userEvent.clear(units);
      await userEvent.type(units, '3');
      // 3 × 275 + 450 − 100 + 50 = 1,225: 275 more than was paid.
      const summary = within(dialog).getByRole('region', { name: words.editSummary });
      await waitFor(() => expect(within(summary).getByTestId('edit-new-total').textContent).toBe(formatMoney(locale, 1225)));
      expect(within(summary).getByRole('status').textContent).toBe(t('editBalanceDue', { amount: formatMoney(locale, 275) }));
      expect(within(dialog).getByRole('button', { name: words.saveChanges }).hasAttribute('disabled')).toBe(false);
    },
  );

  it('sets the fee by hand with its reason, the reason required first', async () => {
    const api = fakeApi('manager');
    openScreen('en', '/admin/orders/12');
    await userEvent.click(await screen.findByRole('button', { name: en.editOrder }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit order AT100012' });
    await userEvent.click(within(dialog).getByLabelText(en.feeByHand));
    await fill(within(dialog).getByLabelText(en.feeAmount), '20');
    const summary = within(dialog).getByRole('region', { name: en.editSummary });
    await userEvent.click(within(dialog).getByRole('button', { name: en.saveChanges }));
    expect(await within(dialog).findByText(en.errorRequired)).toBeTruthy();
    expect(api.saves()).toEqual([]);

    await fill(within(dialog).getByLabelText(en.feeReason), 'Neighbour of the shop');
    await waitFor(() => expect(within(summary).getByTestId('edit-new-total').textContent).toBe(formatMoney('en', 920)));
    await userEvent.click(within(dialog).getByRole('button', { name: en.saveChanges }));
    await waitFor(() => expect(api.saves()).toHaveLength(1));
    expect(api.saves()[0]).toMatchObject({ version: 3, delivery_fee: { amount: 20, reason: 'Neighbour of the shop' } });
  });

  it('keeps the version it was opened on: someone else’s change first is said, never overwritten', async () => {
    const api = fakeApi('owner', { ...order, version: 3 });
    openScreen('en', '/admin/orders/12');
    await userEvent.click(await screen.findByRole('button', { name: en.editOrder }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit order AT100012' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove Eid Box' }));
    await userEvent.click(within(dialog).getByLabelText(en.removePromotion));
    // Someone else edits meanwhile.
    api.bump();
    await userEvent.click(within(dialog).getByRole('button', { name: en.saveChanges }));
    expect(await within(dialog).findByText('Someone changed this order first.')).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: en.saveChanges }));
    await waitFor(() => expect(api.saves()).toHaveLength(2));
    expect(api.saves().map((save) => (save as { version: number }).version)).toEqual([3, 3]);
  });
});

describe('an edit in the timeline', () => {
  it.each(LANGUAGE_PAIRS)('reads what changed, before and after, in words (%s)', async (locale, words) => {
    const t = translator(locale);
    const name = { en: 'Oud Royal', ar: 'عود رويال' };
    const edited: StaffOrder = {
      ...order,
      audit: [
        {
          id: 1,
          at: NOW,
          staff: { id: 1, name: 'Nadia', email: 'owner@attar.test' },
          action: 'order.edit',
          entity: 'order',
          entity_id: '12',
          before: { items: [{ name, size_ml: 100, quantity: 2, price_piastres: 27_500 }], total_piastres: 95_000, promo_code: 'EID10' },
          after: { items: [{ name, size_ml: 50, quantity: 3, price_piastres: 16_000 }], total_piastres: 53_000, promo_code: null },
        },
      ],
    };
    fakeApi('manager', edited);
    openScreen(locale, '/admin/orders/12');
    const timeline = await screen.findByRole('region', { name: words.timeline });
    const entry = within(timeline).getByText(words['audit_order.edit']).closest('li')!;
    expect(entry.textContent).toContain(t('byStaff', { name: 'Nadia' }));
    const size = (ml: number) => t('sizeMl', { ml: formatNumber(locale, ml) });
    expect(entry.textContent).toContain(`${t('productInSize', { name: name[locale], size: size(100) })} × ${formatNumber(locale, 2)}`);
    expect(entry.textContent).toContain(`${t('productInSize', { name: name[locale], size: size(50) })} × ${formatNumber(locale, 3)}`);
    const total = within(entry).getByText(`${words.total}:`, { exact: false }).closest('p')!;
    expect(total.textContent).toContain(formatMoney(locale, 950));
    expect(total.textContent).toContain(formatMoney(locale, 530));
    expect(within(entry).getByText('EID10')).toBeTruthy();
  });
});
