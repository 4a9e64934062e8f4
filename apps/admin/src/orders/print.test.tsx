import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Locale, StaffOrder } from '@attar/contract';
import { displayPhone } from '@attar/contract/rules';
import { formatMoney } from '../lib/format';
import { translator } from '../lib/translate';
import { ar } from '../messages/ar';
import { en } from '../messages/en';
import { deliveredOrder, placedOrder } from '../test/orders';
import { LANGUAGE_PAIRS, openScreenShowing } from '../test/screen-kit';
import { isolateScreenTests, json, openScreen, standInApi } from '../test/screen';

/** Order 13: delivered through Bosta's API, so its waybill can be printed too. */
const handedOver: StaffOrder = {
  ...deliveredOrder,
  id: 13,
  order_number: 'AT100013',
  gift: null,
  notes: '',
  courier: { name: 'Bosta', tracking_number: '7100000013' },
  courier_delivery: {
    courier: 'bosta',
    status: 'created',
    tracking_number: '7100000013',
    attempts: 1,
    last_error: null,
    parcel_state: 'delivered',
    updated_at: '2026-11-28T15:00:00Z',
  },
};

/** An order as the API names it in `locale`: its governorate in that language. */
const named = (order: StaffOrder, locale: string): StaffOrder =>
  locale === 'ar' ? { ...order, address: { ...order.address, region: { id: 1, name: 'القاهرة' } } } : order;

/** The API as the print view sees it: orders 12 and 13, in the language asked (any other order is not found). */
function fakeApi() {
  const calls = standInApi('fulfilment', ({ url, headers }) => {
    const order = { '/api/staff/orders/12/': placedOrder, '/api/staff/orders/13/': handedOver }[url.pathname];
    return order && json(200, named(order, headers['Accept-Language']!));
  });
  return {
    orderCalls: () =>
      calls
        .filter((call) => call.url.pathname.startsWith('/api/staff/orders/1'))
        .map((call) => [call.path, call.headers['Accept-Language']]),
  };
}

const documents = () => screen.findAllByRole('article');

isolateScreenTests();

describe('printing orders', () => {
  it.each(LANGUAGE_PAIRS)(
    'prints packing slips without prices: what to pack, where it goes, what the packer fills in (%s)',
    async (locale, words) => {
      const t = translator(locale);
      const api = fakeApi();
      await openScreenShowing(locale, '/admin/print?orders=12,13&doc=slip&paper=a4', words.printTitle);
      const [slip, second] = await documents();
      expect(within(slip!).getByRole('heading', { name: t('slipNumber', { number: 'AT100012' }) })).toBeTruthy();
      expect(within(slip!).getByRole('img', { name: 'AT100012' })).toBeTruthy();
      expect(within(slip!).getByRole('img', { name: t('orderBarcode', { number: 'AT100012' }) })).toBeTruthy();
      expect(within(slip!).getByText(words.shopAddress)).toBeTruthy();
      expect(within(slip!).getByText('Eid Box')).toBeTruthy();
      expect(within(slip!).queryByText(words.unitPrice)).toBeNull();
      expect(slip!.textContent).not.toContain(formatMoney(locale, 950));
      expect(within(slip!).getByText(words.giftWrap)).toBeTruthy();
      expect(within(slip!).getByText('Happy Eid, Mama')).toBeTruthy();
      expect(within(slip!).getByText('Ring twice')).toBeTruthy();
      expect(slip!.textContent).toContain(`${words.packedBy}:`);
      expect(within(second!).getByText('7100000013').closest('bdi')?.getAttribute('dir')).toBe('ltr');
      expect(within(second!).queryByText(words.gift)).toBeNull();
      expect(screen.getByRole('link', { name: words.couriersWaybill }).getAttribute('href')).toBe('/api/staff/couriers/waybill/?orders=13');
      expect(screen.getByRole('button', { name: words.print })).toHaveProperty('disabled', false);
      expect(api.orderCalls()).toEqual([
        ['/api/staff/orders/12/', locale],
        ['/api/staff/orders/13/', locale],
      ]);
    },
  );

  it('turns the slips into invoices with prices, and onto 80 mm paper, when chosen', async () => {
    fakeApi();
    openScreen('en', '/admin/print?orders=12&doc=slip&paper=a4');
    await documents();
    await userEvent.selectOptions(screen.getByLabelText(en.documentKind), en.invoice);
    const [invoice] = await documents();
    expect(await within(invoice!).findByRole('heading', { name: 'Invoice for order AT100012' })).toBeTruthy();
    expect(within(invoice!).getByText(en.unitPrice)).toBeTruthy();
    expect(within(invoice!).getByRole('rowheader', { name: en.total }).closest('tr')!.textContent).toContain('950.00 LE');
    expect(invoice!.textContent).not.toContain(en.packedBy);
    expect(invoice!.className).not.toContain('paper-receipt');

    await userEvent.selectOptions(screen.getByLabelText(en.paper), en.paper80);
    await waitFor(async () => expect((await documents())[0]!.className).toContain('paper-receipt'));
  });

  it('prints in the other language than the screen’s, asking the API in it', async () => {
    const api = fakeApi();
    openScreen('en', '/admin/print?orders=12&doc=slip&paper=a4&lang=ar');
    const [slip] = await documents();
    // The screen's own words stay English; the document is Arabic, right to left, with the API's Arabic names.
    expect(screen.getByRole('heading', { name: en.printTitle })).toBeTruthy();
    const page = slip!.closest('main')!;
    expect([page.getAttribute('lang'), page.getAttribute('dir')]).toEqual(['ar', 'rtl']);
    expect(within(slip!).getByRole('heading', { name: translator('ar')('slipNumber', { number: 'AT100012' }) })).toBeTruthy();
    // In the address, and as the governorate the courier reads.
    expect(within(slip!).getAllByText('القاهرة')).toHaveLength(2);
    expect(within(slip!).getByText(ar.giftWrap)).toBeTruthy();
    expect(api.orderCalls()).toEqual([['/api/staff/orders/12/', 'ar']]);

    await userEvent.selectOptions(screen.getByLabelText(en.printLanguage), 'English');
    expect(await within((await documents())[0]!).findByRole('heading', { name: 'Packing slip for order AT100012' })).toBeTruthy();
    expect(api.orderCalls().at(-1)).toEqual(['/api/staff/orders/12/', 'en' satisfies Locale]);
  });

  it.each(LANGUAGE_PAIRS)(
    'keeps the address lines in the reader’s words in the reader’s direction, whatever the address’s (%s)',
    async (locale) => {
      // A Latin address on an Arabic slip, an Arabic one on an English slip: the block takes the shopper's direction.
      const typed =
        locale === 'ar'
          ? { name: 'Mona Ali', street: '14 Abbas El Akkad St', building: '7', floor: '3', apartment: '' }
          : { name: 'منى علي', street: '١٤ شارع عباس العقاد', building: '7', floor: '3', apartment: '' };
      standInApi('fulfilment', ({ url }) =>
        url.pathname === '/api/staff/orders/12/' ? json(200, { ...placedOrder, address: { ...placedOrder.address, ...typed } }) : undefined,
      );
      openScreen(locale, `/admin/print?orders=12&doc=slip&paper=80mm&lang=${locale}`);
      const [slip] = await documents();
      const address = slip!.querySelector('address')!;
      expect(address.getAttribute('dir')).toBe(locale === 'ar' ? 'ltr' : 'rtl');
      const say = translator(locale);
      const unit = within(address)
        .getByText(say('addressBuilding', { value: '' }).trim(), { exact: false })
        .closest('p')!;
      expect(unit.textContent).toBe(
        `${say('addressBuilding', { value: '7' })}${locale === 'ar' ? '، ' : ', '}${say('addressFloor', { value: '3' })}`,
      );
      // The whole line isolated in the slip's language's direction, its numbers left to right inside it.
      const isolate = unit.firstElementChild!;
      expect([isolate.tagName, isolate.getAttribute('dir'), isolate.textContent]).toEqual([
        'BDI',
        locale === 'ar' ? 'rtl' : 'ltr',
        unit.textContent,
      ]);
      const phone = within(address).getByText(displayPhone(placedOrder.address.phone)).closest('p')!;
      expect(phone.firstElementChild!.getAttribute('dir')).toBe(locale === 'ar' ? 'rtl' : 'ltr');
      // The shopper's own street keeps its own direction.
      expect(within(address).getByText(typed.street).tagName).toBe('BDI');
      expect(within(address).getByText(typed.street).getAttribute('dir')).toBeNull();
    },
  );

  it.each(LANGUAGE_PAIRS)('says when there is nothing to print (%s)', async (locale, words) => {
    fakeApi();
    openScreen(locale, '/admin/print?orders=');
    expect(await screen.findByText(words.printNothing)).toBeTruthy();
    expect(screen.queryByRole('article')).toBeNull();
    expect(document.documentElement.dir).toBe(locale === 'ar' ? 'rtl' : 'ltr');
  });

  it('shows why an order could not be printed, and does not offer to print the rest', async () => {
    fakeApi();
    openScreen('en', '/admin/print?orders=12,99');
    expect(await screen.findByText('Not found.')).toBeTruthy();
    expect(await documents()).toHaveLength(1);
    expect(screen.getByRole('button', { name: en.print })).toHaveProperty('disabled', true);
  });

  it('sends a visitor who is not signed in to sign in', async () => {
    standInApi('owner', () => undefined, null);
    openScreen('en', '/admin/print?orders=12');
    expect(await screen.findByRole('heading', { name: en.signInTitle })).toBeTruthy();
    expect(screen.queryByRole('article')).toBeNull();
  });
});
