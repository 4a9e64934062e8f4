import { describe, expect, it } from 'vitest';
import type { Product, ProductVariant } from '@attar/contract';
import { productItem, productItemFor } from './catalogue-item';
import { askedMl, initialSize } from './opening-size';

const variant = (id: number, ml: number, price: number, extra: Partial<ProductVariant> = {}): ProductVariant => ({
  id,
  ml,
  price,
  stock: 12,
  availability: 'available',
  sku: `SKU-${id}`,
  is_default: false,
  ...extra,
});

/** Sold in 30, 50 and 100 ml; 100 ml is the default, as the seed's perfumes are. */
function product(variants: ProductVariant[]): Product {
  const fallback = variants.find((each) => each.is_default)!;
  return {
    id: 7,
    slug: 'oud-royal',
    name: 'Oud Royal',
    name_en: 'Oud Royal',
    name_ar: 'عود رويال',
    description: '',
    type: 'perfume',
    category: { id: 1, name: 'Eau de Parfum', slug: 'eau-de-parfum' },
    price: fallback.price,
    stock: fallback.stock,
    availability: fallback.availability,
    isFavourite: false,
    image: 'https://shop.example/media/oud.webp',
    image_desktop: 'https://shop.example/media/oud-desktop.webp',
    image_mobile: 'https://shop.example/media/oud-mobile.webp',
    image_alt: '',
    productimages: [],
    sizes: variants.map((each) => each.ml),
    variants,
    concentration: null,
    family: null,
    notes: { top: [], heart: [], base: [] },
    occasions: [],
    gender: 'unisex',
    is_new: false,
    created_at: '2026-01-01T00:00:00+02:00',
  };
}

const threeSizes = () => product([variant(1, 30, 450), variant(2, 50, 700), variant(3, 100, 1250, { is_default: true })]);

describe('a card opens on the size the filters matched', () => {
  it('without filters: the default size, priced "from" the smallest', () => {
    const item = productItem(threeSizes());
    expect(item.opening?.ml).toBe(100);
    expect(item.price).toBe(1250);
    expect(item.fromPrice).toBe(450);
  });

  it('a size filter opens every card on that size, with its price', () => {
    const item = productItemFor(threeSizes(), { ml: 30 });
    expect(item.opening).toMatchObject({ id: 1, ml: 30, price: 450 });
    expect(item.price).toBe(450);
    expect(item.fromPrice).toBeNull();
  });

  it('a size filter keeps its size even when that size is sold out (the card says so)', () => {
    const soldOut = product([variant(1, 30, 450, { stock: 0, availability: 'out_of_stock' }), variant(3, 100, 1250, { is_default: true })]);
    expect(productItemFor(soldOut, { ml: 30 }).opening?.ml).toBe(30);
  });

  it('a price filter opens on a size priced inside the range (bounds included)', () => {
    expect(productItemFor(threeSizes(), { priceMin: 600, priceMax: 800 }).opening?.ml).toBe(50);
    expect(productItemFor(threeSizes(), { priceMax: 450 }).opening?.ml).toBe(30);
    expect(productItemFor(threeSizes(), { priceMin: 1250 }).opening?.ml).toBe(100);
    const item = productItemFor(threeSizes(), { priceMin: 600, priceMax: 800 });
    expect(item.price).toBe(700);
  });

  it('prefers the default size when it is inside the range, then the smallest in stock', () => {
    expect(productItemFor(threeSizes(), { priceMin: 400 }).opening?.ml).toBe(100);
    const defaultSoldOut = product([
      variant(1, 30, 450),
      variant(2, 50, 700),
      variant(3, 100, 1250, { is_default: true, stock: 0, availability: 'out_of_stock' }),
    ]);
    expect(productItemFor(defaultSoldOut, { priceMin: 400 }).opening?.ml).toBe(30);
  });

  it('compares prices in piastres, not as floating-point pounds', () => {
    const cents = product([variant(1, 30, 0.29), variant(3, 100, 1250, { is_default: true })]);
    expect(productItemFor(cents, { priceMin: 0.29, priceMax: 0.29 }).opening?.ml).toBe(30);
  });

  it('a size the product is not sold in opens on the default', () => {
    expect(productItemFor(threeSizes(), { ml: 75 }).opening?.ml).toBe(100);
  });
});

describe('social proof on a card', () => {
  it('carries a listing’s rating and bestseller mark, and none for other answers', () => {
    const listed = { ...threeSizes(), rating: { average: 4.5, count: 12 }, bestseller: true };
    expect(productItem(listed)).toMatchObject({ rating: { average: 4.5, count: 12 }, bestseller: true });
    expect(productItem(threeSizes())).toMatchObject({ rating: null, bestseller: false });
  });
});

describe('?size= on the product page', () => {
  it('reads whole millilitres only', () => {
    expect(askedMl('50')).toBe(50);
    expect(askedMl(['30', '50'])).toBe(30);
    for (const value of [undefined, '', '0', '050', '-5', '5.5', '50ml', '999999']) expect(askedMl(value)).toBeUndefined();
  });

  it('opens the size it names, and the default for one it does not know', () => {
    const sizes = productItem(threeSizes()).sizes;
    expect(initialSize(sizes, { ml: askedMl('50') })?.ml).toBe(50);
    expect(initialSize(sizes, { ml: askedMl('75') })?.ml).toBe(100);
    expect(initialSize(sizes, { ml: askedMl('abc') })?.ml).toBe(100);
  });
});
