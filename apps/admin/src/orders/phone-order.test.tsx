import { screen, waitFor, within } from '@testing-library/react';
import { LANGUAGE_PAIRS, openScreenShowing, pageOf, type Words } from '../test/screen-kit';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Product, StaffCustomerLookup, StaffPhoneOrderRequest, StaffRole } from '@attar/contract';
import { formatMoney, formatNumber } from '../lib/format';
import { translator } from '../lib/translate';
import { en } from '../messages/en';
import { salmasPage } from '../test/customers';
import { placedOrder } from '../test/orders';
import { CSRF, isolateScreenTests, json, openScreen, standInApi } from '../test/screen';
import { siteConfig } from '../test/site-config';

const PLACE = '/api/staff/orders/phone/';
const SALMA = '+201001112223';

const salma: StaffCustomerLookup = {
  phone: SALMA,
  account: { id: 7, name: 'Salma Adel', email: 'salma@attar.example', points: 120, addresses: salmasPage.addresses },
  recent_orders: [
    {
      id: 41,
      order_number: 'AT100041',
      status: 'delivered',
      total: 1250.5,
      created_at: '2026-11-20T10:00:00Z',
      customer_name: 'Salma Adel',
    },
  ],
};
const stranger: StaffCustomerLookup = { phone: '+201009998887', account: null, recent_orders: [] };

/** Oud Royal in 50 ml (4 on the shelf) and 100 ml (none): only the name and the sizes are read. */
const oud = {
  id: 5,
  name: 'Oud Royal',
  variants: [
    { id: 501, ml: 50, price: 150, stock: 4, availability: 'available', sku: 'OUD-50', is_default: true },
    { id: 502, ml: 100, price: 275, stock: 0, availability: 'out_of_stock', sku: 'OUD-100', is_default: false },
  ],
} as unknown as Product;

/** The shop's rates as the storefront reads them: every way to pay, valU from 500 pounds. */
const shopRates = { ...siteConfig, payment_methods: ['cod', 'card', 'wallet', 'kiosk', 'valu'], valu_min_order: 500 };

/**
 * The API as the screen sees it: the callers by number, the catalogue's search, delivery fees and the shop's rates;
 * an order placed unless `refuse` says how it is refused (short stock, or a promotion code or the way to pay in field
 * errors).
 */
function fakeApi(role: StaffRole, refuse: 'stock' | 'promo' | 'method' | null = null) {
  let refusal = refuse;
  const calls = standInApi(role, ({ method, url }) => {
    const path = url.pathname;
    if (path === '/api/staff/customers/lookup/') return json(200, url.searchParams.get('phone') === SALMA ? salma : stranger);
    if (path === '/api/products/') return json(200, pageOf([oud]));
    if (path === '/api/siteconfigb/') return json(200, shopRates);
    if (path === '/api/fees/') return json(200, { region: 1, fee: 50 });
    if (path === '/api/region/') return json(200, [{ id: 1, name: 'Cairo' }]);
    if (path === '/api/city/') return json(200, [{ id: 11, name: 'Nasr City' }]);
    if (path === '/api/staff/orders/77/') return json(200, { ...placedOrder, id: 77, order_number: 'AT100077' });
    if (method === 'POST' && path === PLACE) {
      const refused = refusal;
      refusal = refusal === 'stock' ? 'promo' : null;
      if (refused === 'stock')
        return json(409, {
          detail: 'Some items are short.',
          code: 'stock_conflict',
          lines: [{ kind: 'product', id: 5, variant: 501, size_ml: 50, name: 'Oud Royal', requested: 4, available: 3 }],
        });
      if (refused === 'promo') return json(400, { promo_code: ['This code has expired.'] });
      if (refused === 'method') return json(400, { payment_method: ['Mobile wallets are not taken just now.'] });
      return json(201, { ...placedOrder, id: 77, order_number: 'AT100077' });
    }
  });
  return {
    lookups: () => calls.filter((call) => call.url.pathname === '/api/staff/customers/lookup/').map((call) => call.path),
    placed: () => calls.filter((call) => call.path === PLACE),
  };
}

/** The caller found by their number, typed as people say it. */
async function findCaller(words: Words, phone: string) {
  await userEvent.type(await screen.findByLabelText(words.callerPhone), phone);
  await userEvent.click(screen.getByRole('button', { name: words.findCaller }));
}

/** Oud Royal 50 ml found and added, then its units set. */
async function addOud(locale: 'en' | 'ar', units: number) {
  const t = translator(locale);
  const name = t('productInSize', { name: 'Oud Royal', size: t('sizeMl', { ml: formatNumber(locale, 50) }) });
  await userEvent.type(screen.getByLabelText(t('findProduct')), 'oud');
  await userEvent.click(await screen.findByRole('button', { name: t('addProduct', { name }) }));
  // As a person does it: the 1 there is erased, then the units typed; the field holds what is typed meanwhile.
  const field = screen.getByLabelText(t('unitsOf', { name })) as HTMLInputElement;
  await userEvent.clear(field);
  expect(field.value).toBe('');
  await userEvent.type(field, String(units));
  expect(field.value).toBe(String(units));
  // Leaving the field shows the line's units: the same, as they were within the stock.
  await userEvent.tab();
  expect(field.value).toBe(String(units));
}

isolateScreenTests();

describe('a phone order', () => {
  it.each(LANGUAGE_PAIRS)('finds the caller’s account, adds products and places the order for them (%s)', async (locale, words) => {
    const t = translator(locale);
    const api = fakeApi('support');
    await openScreenShowing(locale, '/admin/orders/new', words.phoneOrderTitle);
    await findCaller(words, '0100 111');
    expect(await screen.findByText(words.errorPhone)).toBeTruthy();
    expect(api.lookups()).toEqual([]);

    await findCaller(words, ' 2223');
    const caller = await screen.findByRole('region', { name: words.phoneOrderCaller });
    expect(caller.textContent).toContain(t('callerAccount', { name: 'Salma Adel', count: 120 }));
    expect(within(caller).getByRole('link', { name: 'AT100041' }).getAttribute('href')).toBe('/admin/orders/41');
    expect(within(caller).getByText(formatMoney(locale, 1250.5))).toBeTruthy();
    expect(api.lookups()).toEqual(['/api/staff/customers/lookup/?phone=%2B201001112223']);

    await userEvent.type(screen.getByLabelText(words.findProduct), 'oud');
    const found = await screen.findByRole('list', { name: words.productResults });
    const size = (ml: number) => t('productInSize', { name: 'Oud Royal', size: t('sizeMl', { ml: formatNumber(locale, ml) }) });
    expect(within(found).getByRole('button', { name: t('addProduct', { name: size(100) }) })).toHaveProperty('disabled', true);
    expect(within(found).getByText(t('inStock', { count: 4 }))).toBeTruthy();
    await userEvent.clear(screen.getByLabelText(words.findProduct));
    await addOud(locale, 2);
    const amounts = await screen.findByLabelText(words.phoneOrderAmounts);
    await waitFor(() => expect(screen.getByTestId('phone-order-total').textContent).toBe(formatMoney(locale, 350)));
    expect(amounts.textContent).toContain(formatMoney(locale, 300));
    expect(amounts.textContent).toContain(formatMoney(locale, 50));

    await userEvent.click(screen.getByRole('button', { name: words.placePhoneOrder }));
    expect(await screen.findByRole('heading', { level: 1, name: t('orderTitle', { number: 'AT100077' }) })).toBeTruthy();
    expect(screen.getByRole('status').textContent).toContain(t('phoneOrderPlaced', { number: 'AT100077' }));
    const [placed] = api.placed();
    expect(placed!.body).toEqual({
      customer: { user: 7 },
      address: 3,
      items: [{ product: 5, variant: 501, quantity: 2 }],
      payment_method: 'cod',
      language: locale,
    } satisfies StaffPhoneOrderRequest);
    expect(placed!.headers['Idempotency-Key']).toMatch(/^[0-9a-f-]{36}$/);
    expect(placed!.headers['X-CSRF-Token']).toBe(CSRF);
  });

  it.each(LANGUAGE_PAIRS)(
    'asks a new caller’s name and address, and sends nothing until the order is whole (%s)',
    async (locale, words) => {
      const api = fakeApi('manager');
      openScreen(locale, '/admin/orders/new');
      await findCaller(words, '01009998887');
      expect(await screen.findByText(words.callerNew)).toBeTruthy();
      expect(screen.getByText(words.phoneOrderFeeUnknown)).toBeTruthy();
      await userEvent.click(screen.getByRole('button', { name: words.placePhoneOrder }));
      expect(await screen.findByText(words.phoneOrderNoItems)).toBeTruthy();
      expect(screen.getByLabelText(words.name).getAttribute('aria-invalid')).toBe('true');
      expect(screen.getByLabelText(words.street).getAttribute('aria-invalid')).toBe('true');
      expect(api.placed()).toEqual([]);
    },
  );

  it('says which items ran short and what a refused code was, retrying with the same key', async () => {
    const api = fakeApi('owner', 'stock');
    openScreen('en', '/admin/orders/new');
    await findCaller(en, '01001112223');
    await screen.findByRole('region', { name: en.phoneOrderCaller });
    await addOud('en', 4);
    await userEvent.type(screen.getByLabelText(en.promoCode), 'EID10');
    await userEvent.click(screen.getByRole('button', { name: en.placePhoneOrder }));
    expect(await screen.findByText('Oud Royal · 50 ml: only 3 left.')).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: en.placePhoneOrder }));
    expect(await screen.findByText('This code has expired.')).toBeTruthy();
    expect(screen.getByLabelText(en.promoCode).getAttribute('aria-invalid')).toBe('true');
    expect(screen.queryByText('Oud Royal · 50 ml: only 3 left.')).toBeNull();
    expect(screen.getByRole('heading', { name: en.phoneOrderTitle })).toBeTruthy();
    const [first, second] = api.placed();
    expect(first!.body).toMatchObject({ promo_code: 'EID10', items: [{ product: 5, variant: 501, quantity: 4 }] });
    expect(second!.headers['Idempotency-Key']).toBe(first!.headers['Idempotency-Key']);
  });

  it.each(LANGUAGE_PAIRS)(
    'offers the ways the shop takes online, valU from its minimum, and keeps the total the caller hears (%s)',
    async (locale, words) => {
      const t = translator(locale);
      const api = fakeApi('support');
      openScreen(locale, '/admin/orders/new');
      await findCaller(words, '01001112223');
      await screen.findByRole('region', { name: words.phoneOrderCaller });
      await addOud(locale, 2);
      const payment = await screen.findByRole('group', { name: words.phoneOrderPaymentMethod });
      const method = (key: 'payment_cod' | 'payment_card' | 'payment_wallet' | 'payment_valu') =>
        within(payment).getByRole('radio', { name: new RegExp(t(key)) }) as HTMLInputElement;
      expect(method('payment_cod').checked).toBe(true);
      expect(within(payment).queryByRole('radio', { name: new RegExp(words.payment_kiosk) })).toBeNull();
      expect(payment.textContent).toContain(words.phoneOrderPayment);
      // 350 pounds is under valU's 500: offered, not choosable, saying from what.
      await waitFor(() => expect(screen.getByTestId('phone-order-total').textContent).toBe(formatMoney(locale, 350)));
      expect(method('payment_valu').disabled).toBe(true);
      expect(payment.textContent).toContain(formatMoney(locale, 500));
      await userEvent.click(method('payment_card'));
      expect(payment.textContent).toContain(words.phoneOrderPaymentLink);
      // The way to pay changes nothing the caller pays.
      expect(screen.getByTestId('phone-order-total').textContent).toBe(formatMoney(locale, 350));

      const oud50 = t('productInSize', { name: 'Oud Royal', size: t('sizeMl', { ml: formatNumber(locale, 50) }) });
      const units = screen.getByLabelText(t('unitsOf', { name: oud50 }));
      await userEvent.clear(units);
      await userEvent.type(units, '4');
      await waitFor(() => expect(method('payment_valu').disabled).toBe(false));
      await userEvent.click(method('payment_valu'));
      // Fewer units after: valU stays chosen, for the API to say why it cannot, never dropped for cash unseen.
      await userEvent.clear(units);
      await userEvent.type(units, '2');
      await waitFor(() => expect(screen.getByTestId('phone-order-total').textContent).toBe(formatMoney(locale, 350)));
      expect(method('payment_valu').checked).toBe(true);
      await userEvent.click(screen.getByRole('button', { name: words.placePhoneOrder }));
      await waitFor(() => expect(api.placed()).toHaveLength(1));
      expect(api.placed()[0]!.body).toMatchObject({ payment_method: 'valu', items: [{ product: 5, variant: 501, quantity: 2 }] });
    },
  );

  it('shows the API’s refusal of the way to pay under the choice', async () => {
    const api = fakeApi('owner', 'method');
    openScreen('en', '/admin/orders/new');
    await findCaller(en, '01001112223');
    await screen.findByRole('region', { name: en.phoneOrderCaller });
    await addOud('en', 1);
    const payment = await screen.findByRole('group', { name: en.phoneOrderPaymentMethod });
    await userEvent.click(within(payment).getByRole('radio', { name: new RegExp(en.payment_wallet) }));
    await userEvent.click(screen.getByRole('button', { name: en.placePhoneOrder }));
    expect(await within(payment).findByRole('alert')).toHaveProperty('textContent', 'Mobile wallets are not taken just now.');
    expect(api.placed()).toHaveLength(1);
    expect(screen.getByRole('heading', { name: en.phoneOrderTitle })).toBeTruthy();
  });

  it('is neither linked nor loaded for a role that may not take phone orders', async () => {
    const api = fakeApi('fulfilment');
    openScreen('en', '/admin/orders/new');
    expect(await screen.findByText(en.noAccess)).toBeTruthy();
    expect(screen.queryByRole('link', { name: en.navPhoneOrder })).toBeNull();
    expect(screen.queryByLabelText(en.callerPhone)).toBeNull();
    expect(api.lookups()).toEqual([]);
  });
});
