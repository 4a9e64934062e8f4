import { describe, expect, it } from 'vitest';
import { StaffOffer } from '@attar/contract';
import { checkOfferForm, emptyOfferForm, offerFieldOf, offerToForm, partsTotal, type OfferForm, type OfferPart } from './offer-form';

const part = (size: number, price: number, quantity = '1'): OfferPart => ({
  size,
  product: size * 10,
  name_en: `Scent ${size}`,
  name_ar: `عطر ${size}`,
  ml: 50,
  sku: `SKU-${size}`,
  price,
  quantity,
});
const filled = (overrides: Partial<OfferForm> = {}): OfferForm => ({
  ...emptyOfferForm(),
  slug: 'evening-duo',
  name_en: 'Evening Duo',
  name_ar: 'ثنائي المساء',
  price: '700',
  stock: '4',
  items: [part(1, 300), part(2, 500)],
  ...overrides,
});

describe('the offer form', () => {
  it('adds up its parts at the prices shown, in whole piastres', () => {
    expect(partsTotal([part(1, 300.1, '2'), part(2, 0.2, '١')])).toBe(600.4);
    expect(partsTotal([part(1, 300, ''), part(2, 500, '0')])).toBe(0);
  });

  it('becomes the contract’s request', () => {
    expect(checkOfferForm(filled({ price: '٦٥٠٫٥' }))).toEqual({
      request: {
        slug: 'evening-duo',
        name_en: 'Evening Duo',
        name_ar: 'ثنائي المساء',
        description_en: '',
        description_ar: '',
        price: 650.5,
        stock: 4,
        items: [
          { size: 1, quantity: 1 },
          { size: 2, quantity: 1 },
        ],
      },
      problems: [],
    });
  });

  it('names each problem by its field; the price against the parts is the API’s to judge', () => {
    const check = checkOfferForm(filled({ slug: 'Evening Duo', price: '-1', stock: '', items: [part(1, 300, '11')] }));
    expect(check.problems).toEqual([
      { path: 'slug', message: 'errorSlug' },
      { path: 'price', message: 'errorPrice' },
      { path: 'stock', message: 'errorStock' },
      { path: 'items.0.quantity', message: 'errorPartQuantity' },
      { path: 'items.root', message: 'errorParts' },
    ]);
    expect(checkOfferForm(filled({ price: '5000' })).problems).toEqual([]);
  });

  it('loads a saved offer and puts the API’s field errors under their fields', () => {
    const offer = StaffOffer.parse({
      id: 3,
      slug: 'evening-duo',
      name_en: 'Evening Duo',
      name_ar: 'ثنائي المساء',
      description_en: '',
      description_ar: '',
      price: 700,
      original_price: 800,
      stock: 4,
      state: 'draft',
      items: [{ size: 1, product: 10, name_en: 'Scent 1', name_ar: 'عطر 1', ml: 50, sku: 'SKU-1', price: 300, quantity: 2 }],
      image_mobile: 'http://localhost/media/x.webp',
      images: [],
      version: 2,
      created_at: '2026-01-01T10:00:00+02:00',
      updated_at: '2026-01-01T10:00:00+02:00',
    });
    expect(offerToForm(offer)).toMatchObject({ price: '700', stock: '4', items: [{ ...part(1, 300, '2') }] });
    expect(offerFieldOf('price')).toBe('price');
    expect(offerFieldOf('items')).toBe('items.root');
    expect(offerFieldOf('items.1.quantity')).toBe('items.1.quantity');
    expect(offerFieldOf('version')).toBeNull();
  });
});
