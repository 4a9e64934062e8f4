import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { StaffOffer, StaffOfferSave, StaffRole } from '@attar/contract';
import { oudGiftSet, oudRoyal, oudRoyalRow } from '../test/catalogue';
import { CSRF, isolateScreenTests, json, openScreen, standInApi } from '../test/screen';
import { AR, cellsOf, EN, errorOf, findToast, itIsNotShownTo, LANGUAGES, pageOf, thingsById, writesOf } from '../test/screen-kit';

const PATH = '/api/staff/offers/';
const PRODUCTS = '/api/staff/products/';

/** An offer as the API saves a request: its parts named and priced from Oud Royal's sizes, the version one more. */
function saved(before: StaffOffer, body: StaffOfferSave, id = before.id): StaffOffer {
  const { items, version: _version, ...fields } = body;
  const parts = items.map(({ size, quantity }) => {
    const { id: _size, size: _sizeId, stock: _stock, is_default: _default, ...named } = oudRoyal.sizes.find((each) => each.id === size)!;
    return { ...named, size, product: 7, name_en: oudRoyal.name_en, name_ar: oudRoyal.name_ar, quantity };
  });
  return { ...before, ...fields, id, items: parts, version: before.version + 1 };
}

/**
 * The API as the screen sees it: offer 4 (and the one created, 5), Oud Royal to find and take parts from, and the calls
 * it received; a write is answered by `refuseNext` first when it holds answers.
 */
function fakeApi(role: StaffRole) {
  const offers = thingsById(PATH, [oudGiftSet], (offer, body, action): StaffOffer => {
    if (offer === null) return saved({ ...oudGiftSet, state: 'draft', version: 0 }, { ...(body as StaffOfferSave), version: 0 }, 5);
    if (action === 'publication') return { ...offer, state: (body as { state: StaffOffer['state'] }).state, version: offer.version + 1 };
    return saved(offer, body as StaffOfferSave);
  });
  const calls = standInApi(role, (call) => {
    const { pathname, searchParams } = call.url;
    if (pathname === PRODUCTS) return json(200, pageOf(searchParams.get('search') === 'زنجبار' ? [] : [oudRoyalRow]));
    if (pathname === `${PRODUCTS}7/`) return json(200, oudRoyal);
    return offers.answer(call);
  });
  return { calls, writes: () => writesOf(calls), refuseNext: offers.refuseNext };
}

isolateScreenTests();

// What an offer's save sends back as it was loaded, when only its parts change.
const { slug, name_en, name_ar, description_en, description_ar, price, stock } = oudGiftSet;

const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
const partsTotal = () => screen.getByTestId('parts-total').textContent;

describe('an offer’s editor', () => {
  it.each(LANGUAGES)('shows the parts with what they cost together, and saves a changed quantity ($locale)', async (language) => {
    const { locale, words, say } = language;
    const api = fakeApi('manager');
    openScreen(locale, '/admin/catalogue/offers/4');
    const name = locale === 'ar' ? 'هدية العود' : 'Oud Gift Set';
    expect(await screen.findByRole('heading', { level: 1, name })).toBeTruthy();
    expect(document.documentElement.dir).toBe(locale === 'ar' ? 'rtl' : 'ltr');
    expect(field(words.offerPrice).value).toBe('2200');
    // Product, size, SKU, unit price and line total (the quantity is a field).
    const parts = screen.getAllByTestId('offer-part').map(cellsOf);
    expect(parts.map(([product, size, sku, unit, , line]) => [product, size, sku, unit, line])).toEqual(
      locale === 'ar'
        ? [
            ['عود ملكيOud Royal', '٣٠ مل', 'AT-OUD-30', '٦٥٠٫٠٠ ج.م.', '١٬٣٠٠٫٠٠ ج.م.'],
            ['عود ملكيOud Royal', '١٠٠ مل', 'AT-OUD-100', '١٬٢٥٠٫٠٠ ج.م.', '١٬٢٥٠٫٠٠ ج.م.'],
          ]
        : [
            ['Oud Royalعود ملكي', '30 ml', 'AT-OUD-30', '650.00 LE', '1,300.00 LE'],
            ['Oud Royalعود ملكي', '100 ml', 'AT-OUD-100', '1,250.00 LE', '1,250.00 LE'],
          ],
    );
    expect(partsTotal()).toBe(say('partsTotal', { total: locale === 'ar' ? '٢٬٥٥٠٫٠٠ ج.م.' : '2,550.00 LE' }));

    const hundred = { name: locale === 'ar' ? 'عود ملكي' : 'Oud Royal', size: say('sizeMl', { ml: 100 }) };
    const quantity = field(say('partQuantityOf', hundred));
    await userEvent.clear(quantity);
    await userEvent.type(quantity, '2');
    expect(partsTotal()).toBe(say('partsTotal', { total: locale === 'ar' ? '٣٬٨٠٠٫٠٠ ج.م.' : '3,800.00 LE' }));
    await userEvent.click(screen.getByRole('button', { name: words.save }));
    expect(await findToast(say('productSaved', { name }))).toBeTruthy();
    expect(api.writes()).toEqual([
      expect.objectContaining({
        method: 'PUT',
        path: `${PATH}4/`,
        headers: expect.objectContaining({ 'X-CSRF-Token': CSRF }),
        body: {
          slug,
          name_en,
          name_ar,
          description_en,
          description_ar,
          price,
          stock,
          items: [
            { size: 71, quantity: 2 },
            { size: 72, quantity: 2 },
          ],
          version: 2,
        },
      }),
    ]);
  });

  it('shows a price above the parts under its field, loads someone else’s save made first, and takes it off the storefront', async () => {
    const { words, say } = EN;
    const api = fakeApi('owner');
    openScreen('en', '/admin/catalogue/offers/4');
    const price = await screen.findByLabelText(words.offerPrice);
    api.refuseNext(
      json(400, { price: ['The bundle may cost at most what its parts cost together (2,550.00 LE).'] }),
      json(409, { detail: 'Someone saved this offer first.', code: 'offer_changed', offer: { ...oudGiftSet, stock: 9, version: 3 } }),
    );
    await userEvent.clear(price);
    await userEvent.type(price, '2600');
    await userEvent.click(screen.getByRole('button', { name: words.save }));
    await waitFor(() => expect(errorOf(price)).toBe('The bundle may cost at most what its parts cost together (2,550.00 LE).'));

    await userEvent.clear(price);
    await userEvent.type(price, '2500');
    await userEvent.click(screen.getByRole('button', { name: words.save }));
    expect(await screen.findByText(words.offerChangedNotice)).toBeTruthy();
    expect(field(words.offerStock).value).toBe('9');
    expect(field(words.offerPrice).value).toBe('2200');

    const publication = screen.getByRole('region', { name: words.publication });
    await userEvent.click(within(publication).getByRole('button', { name: words.backToDraft }));
    expect(await findToast(say('pubDone_draft', { name: 'Oud Gift Set', date: '' }))).toBeTruthy();
    expect(await within(publication).findByRole('button', { name: words.publishNow })).toBeTruthy();
    expect(api.writes().map(({ method, path, body }) => ({ method, path, version: (body as { version: number }).version }))).toEqual([
      { method: 'PUT', path: `${PATH}4/`, version: 2 },
      { method: 'PUT', path: `${PATH}4/`, version: 2 },
      { method: 'POST', path: `${PATH}4/publication/`, version: 3 },
    ]);
  });

  it('puts a new offer together from a product’s sizes found by search, and creates it as a draft (ar)', async () => {
    const { words, say } = AR;
    const api = fakeApi('manager');
    openScreen('ar', '/admin/catalogue/offers/new');
    expect(await screen.findByRole('heading', { level: 1, name: words.newOffer })).toBeTruthy();
    expect(screen.getByText(words.noParts)).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: words.createDraft }));
    expect(await screen.findByText(words.errorParts)).toBeTruthy();
    expect(errorOf(field(words.nameEn))).toBe(words.errorRequired);
    expect(errorOf(field(words.offerPrice))).toBe(words.errorPrice);

    const search = field(words.partSearch);
    await userEvent.type(search, 'زنجبار');
    expect(await screen.findByText(words.noPartsFound)).toBeTruthy();
    await userEvent.clear(search);
    await userEvent.type(search, 'عود');
    await userEvent.click(await screen.findByRole('button', { name: say('showSizesOf', { name: 'عود ملكي' }) }));
    const sizes = await screen.findByRole('region', { name: say('sizesOf', { name: 'عود ملكي' }) });
    for (const ml of [30, 100])
      await userEvent.click(
        within(sizes).getByRole('button', { name: say('addPartOf', { name: 'عود ملكي', size: say('sizeMl', { ml }) }) }),
      );
    expect(screen.getAllByTestId('offer-part')).toHaveLength(2);
    expect(within(sizes).getAllByText(`(${words.inOffer})`)).toHaveLength(2);
    expect(partsTotal()).toBe(say('partsTotal', { total: '١٬٩٠٠٫٠٠ ج.م.' }));

    await userEvent.type(field(words.nameEn), 'Oud Duo');
    await userEvent.type(field(words.nameAr), 'ثنائي العود');
    await userEvent.type(field(words.offerPrice), '1700');
    await userEvent.type(field(words.offerStock), '٢٠');
    await userEvent.click(screen.getByRole('button', { name: words.createDraft }));
    expect(await findToast(say('productCreated', { name: 'ثنائي العود' }))).toBeTruthy();
    expect(await screen.findByRole('heading', { level: 1, name: 'ثنائي العود' })).toBeTruthy();
    expect(api.writes()).toEqual([
      expect.objectContaining({
        method: 'POST',
        path: PATH,
        body: {
          slug: 'oud-duo',
          name_en: 'Oud Duo',
          name_ar: 'ثنائي العود',
          description_en: '',
          description_ar: '',
          price: 1700,
          stock: 20,
          items: [
            { size: 71, quantity: 1 },
            { size: 72, quantity: 1 },
          ],
        },
      }),
    ]);
  });

  itIsNotShownTo(['support', 'fulfilment'], '/admin/catalogue/offers/4', (role) => fakeApi(role).calls, [PATH]);
});
