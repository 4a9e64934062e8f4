import { describe, expect, it } from 'vitest';
import { StaffProduct, StaffProductSave } from '@attar/contract';
import {
  checkProductForm,
  emptyProductForm,
  formFieldOf,
  productResolver,
  productToForm,
  suggestSlug,
  type ProductForm,
} from './product-form';
import { readNumber } from '../lib/form-check';

const saved = StaffProduct.parse({
  id: 7,
  slug: 'oud-royal',
  type: 'perfume',
  category: 2,
  family: null,
  name_en: 'Oud Royal',
  name_ar: 'عود ملكي',
  description_en: 'A warm oud.',
  description_ar: 'عود دافئ.',
  concentration_en: 'Eau de Parfum',
  concentration_ar: null,
  gender: 'unisex',
  is_new: false,
  low_stock_threshold: 3,
  state: 'published',
  publish_at: null,
  notes: { top: [4, 1], heart: [], base: [9] },
  occasions: [2],
  sizes: [
    { id: 31, size: 5, ml: 50, sku: 'AT-OUD-50', price: 1250.5, stock: 7, is_default: true },
    { id: 32, size: 6, ml: 100, sku: 'AT-OUD-100', price: 1999, stock: 0, is_default: false },
  ],
  image_mobile: 'http://127.0.0.1:8000/media/products/placeholder-480.webp',
  images: [],
  version: 4,
  created_at: '2026-01-01T10:00:00Z',
  updated_at: '2026-01-02T10:00:00Z',
});

/** A new product filled in as staff would: names, a category, one size received with 12 units. */
function filledIn(changes: Partial<ProductForm> = {}): ProductForm {
  return {
    ...emptyProductForm(),
    slug: 'amber-night',
    category: '2',
    name_en: '  Amber Night ',
    name_ar: 'ليلة العنبر',
    sizes: [{ variant: null, size: '5', ml: null, sku: 'AT-AMB-50', price: '١٢٥٠٫٥', stock: '12', is_default: true }],
    ...changes,
  };
}

const problemsOf = (form: ProductForm) => checkProductForm(form).problems.map((problem) => [problem.path, problem.message]);

describe('the product form', () => {
  it('becomes the API’s request: texts trimmed, choices as ids, empty optional texts as null, typed numbers read', () => {
    const check = checkProductForm(filledIn());
    expect(check.problems).toEqual([]);
    expect(check.request).toMatchObject({
      slug: 'amber-night',
      category: 2,
      family: null,
      name_en: 'Amber Night',
      concentration_en: null,
      low_stock_threshold: 5,
      sizes: [{ size: 5, sku: 'AT-AMB-50', price: 1250.5, stock: 12, is_default: true }],
    });
  });

  it('saves a saved product as it was loaded: saved sizes by id without their stock, notes in their order', () => {
    const check = checkProductForm(productToForm(saved));
    const {
      id: _id,
      state: _s,
      publish_at: _p,
      image_mobile: _i,
      images: _m,
      created_at: _c,
      updated_at: _u,
      version,
      sizes,
      ...fields
    } = saved;
    expect(check.request).toStrictEqual({
      ...fields,
      sizes: sizes.map(({ ml: _ml, stock: _stock, ...size }) => size),
    });
    // With the version it was loaded on, it is a valid save.
    expect(StaffProductSave.safeParse({ ...check.request, version }).success).toBe(true);
  });

  it('names each problem by its field, in the back office’s own words', () => {
    expect(problemsOf(filledIn({ name_ar: ' ', category: '', slug: 'Amber Night' }))).toEqual([
      ['slug', 'errorSlug'],
      ['category', 'errorChoose'],
      ['name_ar', 'errorRequired'],
    ]);
    const row = filledIn().sizes[0]!;
    expect(problemsOf(filledIn({ sizes: [{ ...row, price: '-1', sku: 'no spaces', stock: '2.5', size: '' }] }))).toEqual([
      ['sizes.0.size', 'errorChoose'],
      ['sizes.0.sku', 'errorSku'],
      ['sizes.0.price', 'errorPrice'],
      ['sizes.0.stock', 'errorStock'],
    ]);
    expect(problemsOf(filledIn({ sizes: [] }))).toEqual([['sizes.root', 'errorNoSizes']]);
    expect(problemsOf(filledIn({ name_en: 'x'.repeat(121) }))).toEqual([['name_en', 'errorTooLong']]);
    expect(problemsOf(filledIn({ slug: 'suggestions' }))).toEqual([['slug', 'errorSlugReserved']]);
  });

  it('checks the sizes together: one default, no size or SKU twice (blanks are the fields’ own problem)', () => {
    const row = filledIn().sizes[0]!;
    expect(problemsOf(filledIn({ sizes: [row, { ...row, sku: 'at-amb-50', is_default: false }] }))).toEqual([
      ['sizes.root', 'errorSizeTwice'],
    ]);
    expect(problemsOf(filledIn({ sizes: [row, { ...row, size: '6', is_default: true, sku: 'AT-AMB-100' }] }))).toEqual([
      ['sizes.root', 'errorOneDefault'],
    ]);
    expect(problemsOf(filledIn({ sizes: [row, { ...row, size: '6', sku: ' at-amb-50 ', is_default: false }] }))).toEqual([
      ['sizes.root', 'errorSkuTwice'],
    ]);
    const blank = { ...row, size: '', sku: '', is_default: false };
    expect(problemsOf(filledIn({ sizes: [row, blank, blank] }))).toEqual([
      ['sizes.1.size', 'errorChoose'],
      ['sizes.1.sku', 'errorSku'],
      ['sizes.2.size', 'errorChoose'],
      ['sizes.2.sku', 'errorSku'],
    ]);
  });

  it('hands react-hook-form the request, or nested field errors whose messages are message keys', async () => {
    const options = { fields: {}, shouldUseNativeValidation: false } as const;
    const valid = await productResolver(filledIn(), undefined, options);
    expect(valid.errors).toEqual({});
    expect(valid.values).toMatchObject({ name_en: 'Amber Night' });
    const row = filledIn().sizes[0]!;
    const invalid = await productResolver(filledIn({ slug: '', sizes: [{ ...row, price: 'abc', is_default: false }] }), undefined, options);
    expect(invalid.values).toEqual({});
    expect(invalid.errors).toMatchObject({
      slug: { type: 'client', message: 'errorSlug' },
      sizes: { 0: { price: { message: 'errorPrice' } }, root: { message: 'errorOneDefault' } },
    });
  });
});

describe('the API’s field errors', () => {
  it('go under the field they name, the sizes table or the notes', () => {
    expect(formFieldOf('slug')).toBe('slug');
    expect(formFieldOf('sizes.0.price')).toBe('sizes.0.price');
    expect(formFieldOf('sizes')).toBe('sizes.root');
    expect(formFieldOf('sizes.1.is_default')).toBe('sizes.root');
    expect(formFieldOf('notes')).toBe('notes.root');
    expect(formFieldOf('notes.top')).toBe('notes.top');
    expect(formFieldOf('version')).toBeNull();
    expect(formFieldOf('non_field_errors')).toBeNull();
  });
});

describe('typed numbers', () => {
  it('read Western and Arabic-Indic digits, and nothing else', () => {
    expect(readNumber('1250.50')).toBe(1250.5);
    expect(readNumber(' ١٬٢٥٠٫٥ ')).toBe(1250.5);
    expect(readNumber('1,999')).toBe(1999);
    expect(readNumber('-3')).toBe(-3);
    for (const typed of ['', ' ', '12 LE', '1e3', '0x10']) expect(readNumber(typed), typed).toBeNaN();
  });
});

describe('a suggested slug', () => {
  it('is the English name in lowercase words joined by dashes', () => {
    expect(suggestSlug('Oud Royal — Édition 2')).toBe('oud-royal-edition-2');
    expect(suggestSlug("  Men's Musk!! ")).toBe('mens-musk');
    expect(suggestSlug('عود ملكي')).toBe('');
    expect(suggestSlug('a '.repeat(60))).toHaveLength(79);
    expect(suggestSlug('a '.repeat(60))).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
  });
});
