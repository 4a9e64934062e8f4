/**
 * The catalogue as the API answers it in tests: the names products are sorted by, the sizes they are sold in, and a
 * product (a draft with two sizes) and an offer of it that the catalogue's screens start from.
 */
import type { StaffOffer, StaffProduct, StaffProductRow, StaffSize, StaffTerm, Taxonomy } from '@attar/contract';

const AT = '2026-11-28T10:00:00Z';

const term = (id: number, slug: string, name_en: string, name_ar: string): StaffTerm => ({
  id,
  slug,
  name_en,
  name_ar,
  position: null,
  products: 1,
});
export const catalogueLists: Record<Taxonomy, StaffTerm[]> = {
  categories: [term(1, 'men', 'Men', 'رجالي'), term(2, 'women', 'Women', 'نسائي')],
  families: [term(3, 'woody', 'Woody', 'خشبي')],
  notes: [term(5, 'oud', 'Oud', 'عود'), term(6, 'rose', 'Rose', 'ورد')],
  occasions: [term(8, 'evening', 'Evening', 'سهرة')],
};
export const catalogueSizes: StaffSize[] = [
  { id: 1, ml: 30, products: 1 },
  { id: 2, ml: 50, products: 0 },
  { id: 3, ml: 100, products: 1 },
];

export const oudRoyal: StaffProduct = {
  id: 7,
  slug: 'oud-royal',
  type: 'perfume',
  category: 1,
  family: 3,
  name_en: 'Oud Royal',
  name_ar: 'عود ملكي',
  description_en: 'A deep oud.',
  description_ar: 'عود عميق.',
  concentration_en: 'Eau de parfum',
  concentration_ar: 'ماء عطر',
  gender: 'men',
  is_new: false,
  low_stock_threshold: 5,
  state: 'draft',
  publish_at: null,
  notes: { top: [6], heart: [], base: [5] },
  occasions: [8],
  sizes: [
    { id: 71, size: 1, ml: 30, sku: 'AT-OUD-30', price: 650, stock: 12, is_default: false },
    { id: 72, size: 3, ml: 100, sku: 'AT-OUD-100', price: 1250, stock: 30, is_default: true },
  ],
  image_mobile: 'https://media.attar.test/placeholder.jpg',
  images: [],
  version: 3,
  created_at: AT,
  updated_at: AT,
};

/** Oud Royal, published, as the products' list (and a search for a product) shows it. */
export const oudRoyalRow: StaffProductRow = {
  id: 7,
  slug: 'oud-royal',
  name_en: 'Oud Royal',
  name_ar: 'عود ملكي',
  category: 1,
  state: 'published',
  publish_at: null,
  price: 1250,
  stock: 42,
  sizes: [30, 100],
  image_mobile: 'https://media.attar.test/oud-royal.jpg',
  updated_at: AT,
};
const part = { product: 7, name_en: 'Oud Royal', name_ar: 'عود ملكي', sku: 'AT-OUD-30' };
/** An offer of two of Oud Royal's sizes, published. */
export const oudGiftSet: StaffOffer = {
  id: 4,
  slug: 'oud-gift-set',
  name_en: 'Oud Gift Set',
  name_ar: 'هدية العود',
  description_en: '',
  description_ar: '',
  price: 2200,
  original_price: 2550,
  stock: 15,
  state: 'published',
  items: [
    { ...part, size: 71, ml: 30, price: 650, quantity: 2 },
    { ...part, size: 72, ml: 100, sku: 'AT-OUD-100', price: 1250, quantity: 1 },
  ],
  image_mobile: 'https://media.attar.test/gift.jpg',
  images: [],
  version: 2,
  created_at: AT,
  updated_at: AT,
};
